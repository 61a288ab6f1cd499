"""The table says so when no move is left."""

from __future__ import annotations

import json
import random

import pytest
from helpers import engine_game, open_game, wait_for_position

import patience

pytestmark = pytest.mark.browser


def stuck_line(variant: str) -> tuple[int, list[str]]:
    """A deal and moves after which the engine has no legal move and the game is not won."""
    config = patience.load_variant(variant)
    rng = random.Random(1)
    for deal in range(1, 500):
        game = patience.Game(config, deal=deal, autoplay=True)
        moves: list[str] = []
        while (legal := game.legal_moves()) and len(moves) < 400:
            stock = [m for m in legal if m.source == "stock.0"]
            move = stock[0] if stock and rng.random() < 0.7 else rng.choice(legal)
            game.play(move)
            moves.append(str(move))
        if not game.legal_moves() and not game.is_won:
            return deal, moves
    raise AssertionError("no stuck line found")


def test_no_moves_left_is_announced(page, server) -> None:
    deal, moves = stuck_line("wood")
    save = {"format": 1, "variant": "wood", "deal": deal, "moves": moves[:-1],
            "redo": moves[-1:], "elapsed": 0, "counted": True, "recorded": False}
    page.evaluate("(text) => localStorage.setItem('patience.game.wood', text)", json.dumps(save))
    open_game(page, f"{server.url}pt/wood/#deal={deal}")
    page.click('[data-action="redo"]')
    wait_for_position(page, engine_game("wood", deal, moves))
    stuck = page.locator('[data-role="message"][data-kind="stuck"]')
    stuck.wait_for(timeout=10_000)
    assert "Não há mais jogadas" in stuck.inner_text()
    page.click('[data-action="undo"]')
    wait_for_position(page, engine_game("wood", deal, moves[:-1]))
    assert not page.locator('[data-role="message"][data-kind="stuck"]').is_visible()
