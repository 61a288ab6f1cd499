"""The command line ends a session the usual ways without a traceback: one line on stderr and
a non-zero exit, run as real subprocesses (closed pipes, full disks and signals need them)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PATIENCE = [sys.executable, "-m", "patience_gen"]


def _one_clear_line(done: subprocess.CompletedProcess[str], words: str) -> None:
    assert done.returncode != 0, done
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert words in done.stderr, done.stderr


def _run(*args: str, **options: object) -> subprocess.CompletedProcess[str]:
    settings: dict[str, object] = {"stdout": subprocess.PIPE, **options}
    return subprocess.run([*PATIENCE, *args], stderr=subprocess.PIPE, text=True, cwd=ROOT,
                          timeout=120, check=False, **settings)  # type: ignore[call-overload]


def test_show_into_a_pipe_closed_early() -> None:
    """`show ... | head -1` once head has gone: the reading end is closed before the command
    writes, so the outcome does not hang on whether its output fits in the pipe's buffer."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = _run("show", "wood", stdout=write_end)
    finally:
        os.close(write_end)
    _one_clear_line(done, "the output was closed")


def test_solver_benchmark_into_a_pipe_closed_early() -> None:
    """`bench/solver.py | head -1`: the benchmark ends as the command line does."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, str(ROOT / "bench" / "solver.py"), "--deals", "1-2",
                               "--nodes", "50", "westcliff"], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120,
                              check=False)
    finally:
        os.close(write_end)
    _one_clear_line(done, "bench/solver.py: the output was closed")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [("show", "wood"), ("check", "rules"), ("i18n", "coverage")],
                         ids=["show", "check", "i18n"])
def test_output_to_a_full_disk(args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        done = _run(*args, stdout=full)
    _one_clear_line(done, "cannot write the output: No space left on device")


@pytest.mark.parametrize("stdin", ["empty", "closed"])
def test_play_when_input_ends(stdin: str) -> None:
    options: dict[str, object] = {"stdin": subprocess.DEVNULL}
    if stdin == "closed":
        options = {"stdin": subprocess.DEVNULL, "preexec_fn": lambda: os.close(0)}
    done = _run("play", "wood", **options)
    _one_clear_line(done, "input ended before the game did")


def test_play_interrupted_with_ctrl_c() -> None:
    # Ctrl+C as in a terminal, even where this runs as a background job (which ignores it).
    process = subprocess.Popen([*PATIENCE, "play", "wood"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=ROOT,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert process.stdout is not None and process.stderr is not None
    seen = ""
    while not seen.endswith("> "):  # the prompt: play is waiting for a move
        char = process.stdout.read(1)
        assert char, "play ended before its prompt"
        seen += char
    # A Ctrl+C that lands between the prompt and the read waits, in Python, until the read
    # returns: one more interrupts the read itself, as in a terminal, where a read is under way.
    # Stdin stays open meanwhile, so that the game never sees its input end instead.
    for _ in range(20):
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=1)
            break
        except subprocess.TimeoutExpired:
            continue
    out, err = process.communicate(timeout=60)
    done = subprocess.CompletedProcess(process.args, process.returncode, out, err)
    _one_clear_line(done, "interrupted")
    assert done.returncode == 130


@pytest.mark.parametrize("code", ["../../evil", "fr/../../x", "xx", "", "FR"])
def test_i18n_init_refuses_what_is_not_a_language_code(tmp_path: Path, code: str) -> None:
    root = tmp_path / "project"
    (root / "locales").mkdir(parents=True)
    (root / "rules").symlink_to(ROOT / "rules")
    done = _run("i18n", "--root", str(root), "init", code)
    _one_clear_line(done, "init")
    assert list((root / "locales").iterdir()) == []
    assert not (tmp_path.parent / "evil.po").exists()


def test_i18n_root_that_does_not_exist(tmp_path: Path) -> None:
    done = _run("i18n", "--root", str(tmp_path / "nope"), "check")
    _one_clear_line(done, f"--root {tmp_path / 'nope'}: no such folder")


def test_compile_into_a_folder_it_cannot_make(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    done = _run("compile", "rules", "--out", str(blocker / "out"))
    _one_clear_line(done, "cannot write")
