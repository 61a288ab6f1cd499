"""Helpers for broken-rules tests: a real rules file with one edit, and where a line is."""

from __future__ import annotations

from pathlib import Path

RULES = Path(__file__).parents[1] / "rules"


def broken(tmp_path: Path, variant: str, old: str, new: str) -> Path:
    """A copy of a real rules file with one edit, in a folder of its own."""
    text = (RULES / f"{variant}.yaml").read_text("utf-8")
    assert old in text, old
    path = tmp_path / f"{variant}.yaml"
    path.write_text(text.replace(old, new, 1), "utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    """The first line of a file that holds `needle`, counting from 1."""
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)
