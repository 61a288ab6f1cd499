"""Reading a saved game: every field checked before anything is built from it.

A save comes back from a browser's storage or a file, so it may be damaged or hostile. Each
field is checked here for its type and range (the config through the rules model), and the
text's size is bounded before parsing, so the worst input gives a `ValueError` that says what
is wrong, never a `RecursionError` or a `MemoryError`. Replaying the moves is the game's part
(`Game.from_json`).
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from patience.rng import MAX_DEAL
from patience.rules import Rules, rules_of

SAVE_FORMAT = 1
MAX_SAVE_CHARS = 1 << 22
"""A save longer than this (4 MiB of text; a long game takes a few KB) is refused unread."""
MAX_MOVES = 100_000


class Save(NamedTuple):
    """The checked fields of a saved game; moves as text, oldest first, redo next first."""

    rules: Rules
    deal: int
    autoplay: bool
    moves: tuple[str, ...]
    redo: tuple[str, ...]


def read_save(text: object) -> Save:
    """Parse and check a save written by `Game.to_json`; raise ValueError saying what is wrong."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"saved game is not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise ValueError(f"saved game must be text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise ValueError(f"saved game is too large ({len(text)} characters, at most "
                         f"{MAX_SAVE_CHARS})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"saved game is not JSON: {exc}") from None
    except RecursionError:
        raise ValueError("saved game is not JSON: nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError("saved game has no known format")
    missing = [k for k in ("config", "deal", "autoplay", "moves", "redo") if k not in data]
    if missing:
        raise ValueError(f"saved game is damaged: no {', '.join(missing)}")
    try:
        rules = rules_of(data["config"])
    except ValueError as exc:
        raise ValueError(f"saved game is damaged: {exc}") from None
    deal = data["deal"]
    if not isinstance(deal, int) or isinstance(deal, bool) or not 0 <= deal <= MAX_DEAL:
        raise ValueError(f"saved game is damaged: deal must be an integer from 0 to {MAX_DEAL}, "
                         f"not {deal!r}")
    autoplay = data["autoplay"]
    if not isinstance(autoplay, bool):
        raise ValueError(f"saved game is damaged: autoplay must be true or false, not "
                         f"{autoplay!r}")
    return Save(rules, deal, autoplay, _moves(data, "moves"), _moves(data, "redo"))


def _moves(data: dict[str, Any], name: str) -> tuple[str, ...]:
    moves = data[name]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ValueError(f"saved game is damaged: {name} must be a list of moves as text")
    if len(moves) > MAX_MOVES:
        raise ValueError(f"saved game is damaged: more than {MAX_MOVES} {name}")
    return tuple(moves)
