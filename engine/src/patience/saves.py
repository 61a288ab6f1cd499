"""Reading a saved game back: every field checked, so a damaged save never half-loads."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from patience.game import Game


def load_game(cls: type[Game], text: str) -> Game:
    """Rebuild a game saved by `Game.to_json`; raise ValueError saying what is wrong."""
    from patience.game import SAVE_FORMAT, IllegalMove, Move

    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as exc:
        raise ValueError(f"saved game is not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError("saved game has no known format")
    try:
        game = cls(data["config"], data["deal"], bool(data["autoplay"]))
        moves = [Move.parse(m) for m in data["moves"]]
        redo = [Move.parse(m) for m in data["redo"]]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"saved game is damaged: {exc}") from None
    for i, move in enumerate(moves):
        try:
            game.play(move)
        except IllegalMove as exc:
            raise ValueError(f"saved game is damaged at move {i + 1}: {exc}") from None
    game._redo = list(reversed(redo))
    return game
