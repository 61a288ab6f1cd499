"""The table draws a player's move at once, before the engine answers (`predict` in
moves.js). Here that drawing is checked against the engine itself: on random games of every
variant, each move `predict` draws must leave every pile as the engine's own move does."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import patience
from patience.session import shown_piles

ROOT = Path(__file__).resolve().parent.parent
MOVES_JS = ROOT / "site_overrides" / "assets" / "patience" / "moves.js"
SCRIPT = """
import { readFileSync } from "node:fs";
import { parseMove, predict } from "%s";
const cases = JSON.parse(readFileSync(0, "utf8"));
const answers = cases.map(([piles, text]) => predict(piles, parseMove(text)));
process.stdout.write(JSON.stringify(answers));
"""
MOVES_PER_GAME = 60


def _cases(variant: str, seed: int) -> list[tuple[dict, str, dict]]:
    """Every legal move along a random game, with the position before and after it (no
    automatic moves, which the page leaves to the engine's answer)."""
    rng = random.Random(seed)
    game = patience.Game(patience.load_variant(variant), deal=seed, autoplay=False)
    cases = []
    for _ in range(MOVES_PER_GAME):
        moves = game.legal_moves()
        if not moves:
            break
        before = shown_piles(game)
        for move in moves:
            after = game.copy()
            after.play(move)
            cases.append((before, str(move), shown_piles(after)))
        game.play(rng.choice(moves))
    return cases


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
@pytest.mark.parametrize("variant", patience.variants())
def test_what_the_table_draws_at_once_is_what_the_engine_does(variant, tmp_path):
    cases = [case for seed in (1, 2) for case in _cases(variant, seed)]
    script = tmp_path / "predict.mjs"
    script.write_text(SCRIPT % MOVES_JS.as_uri())
    done = subprocess.run(["node", str(script)], input=json.dumps([c[:2] for c in cases]),
                          capture_output=True, text=True, check=True)
    predicted = json.loads(done.stdout)
    drawn = 0
    for (before, move, after), piles in zip(cases, predicted, strict=True):
        if piles is None:
            continue
        drawn += 1
        for pile, cards in piles.items():
            assert cards == after[pile], f"{variant}: {move} from {before}"
        changed = {pile for pile, cards in after.items() if cards != before[pile]}
        assert changed <= piles.keys(), f"{variant}: {move} also changes {changed - piles.keys()}"
    assert drawn, f"{variant}: no move was drawn at once"
