"""The command line: show a deal, play one in the terminal, and setup's Python check."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import patience
from patience.cli import play_loop
from positions import position

ROOT = Path(__file__).parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True,
                          cwd=ROOT, check=False)


def test_show_prints_the_deal_and_its_moves() -> None:
    done = run("patience", "show", "westcliff", "--deal", "7")
    assert done.returncode == 0, done.stderr
    game = patience.Game(patience.load_variant("westcliff"), deal=7, autoplay=True)
    assert str(game) in done.stdout
    assert " ".join(str(m) for m in game.legal_moves()) in done.stdout


def test_unknown_variant_is_refused() -> None:
    done = run("patience", "show", "nosuchgame")
    assert done.returncode != 0 and "invalid choice" in done.stderr


def test_generator_cli_hands_engine_commands_over() -> None:
    done = run("patience_gen", "show", "wood", "--deal", "2")
    assert done.returncode == 0 and "wood  deal 2" in done.stdout


def scripted(lines: list[str]):
    it = iter(lines)
    return lambda: next(it, None)


def test_play_takes_move_text_numbers_undo_and_reports_illegal_moves() -> None:
    game = patience.Game(patience.load_variant("thumb-and-pouch"), deal=3)
    first = game.legal_moves()[0]
    out = io.StringIO()
    play_loop(game, scripted([str(first), "u", "r", "tableau.0>tableau.0", "s", "q"]), out)
    text = out.getvalue()
    assert "undone" in text and "redone" in text and "illegal:" in text
    assert game.moves_made == (first, game.moves_made[1])
    assert game.moves_made[1].source == "stock.0"


def test_play_announces_a_win() -> None:
    suit = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
    piles = {f"foundation.{i}": " ".join(r + s for r in suit) for i, s in enumerate("CDH")}
    piles["foundation.3"] = " ".join(r + "S" for r in suit[:-1])
    game = position("westcliff", {**piles, "tableau.0": "KS"})
    out = io.StringIO()
    play_loop(game, scripted(["tableau.0>foundation.3"]), out)
    assert game.is_won and "Won in 1 moves." in out.getvalue()


def test_setup_says_clearly_when_no_python_is_new_enough(tmp_path: Path) -> None:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "setup.sh", tmp_path / "scripts")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    old = bin_dir / "python3"
    old.write_text("#!/bin/sh\nexit 1\n")
    old.chmod(0o755)
    env = {"PATH": f"{bin_dir}:/nonexistent", "HOME": str(tmp_path), "PYENV_ROOT": str(tmp_path)}
    done = subprocess.run(["/bin/bash", str(tmp_path / "scripts" / "setup.sh")],
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 1
    assert "needs Python 3.12 or newer" in done.stderr
    assert not (tmp_path / ".venv").exists()
    assert os.access(ROOT / "scripts" / "setup.sh", os.X_OK)
