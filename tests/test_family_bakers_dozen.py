"""Portuguese Solitaire: its rules file's facts, checked through the engine."""

from __future__ import annotations

import pytest
from kin_support import arrange, ids, moves, new_game

from patience import Move


@pytest.mark.parametrize("deal", [0, 5, 29])
def test_portuguese_deal_is_thirteen_open_piles_of_four_left_as_they_fall(deal: int) -> None:
    game = new_game("portuguese-solitaire", deal=deal)
    tableau = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in tableau] == [4] * 13
    assert all(c.face_up for p in tableau for c in p)
    assert {p.kind for p in game.piles} == {"foundation", "tableau"}


def test_portuguese_kings_are_not_moved_at_the_deal() -> None:
    """Some deal leaves a King above the bottom of its pile: nothing rearranges them."""
    assert any(
        any(c.rank == 13 for c in game.pile(t).cards[1:])
        for game in (new_game("portuguese-solitaire", deal=d) for d in range(5))
        for t in ids(game, "tableau")
    )


def test_portuguese_builds_down_whatever_the_suit_one_card_at_a_time() -> None:
    game = new_game("portuguese-solitaire")
    arrange(game, {"tableau.0": "QS", "tableau.1": "4C JS", "tableau.2": "JH", "tableau.3": "TD"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.2>tableau.0", "tableau.3>tableau.2"} <= legal
    arrange(game, {"tableau.4": "KC", "tableau.1": "JS TD"})
    assert "tableau.1>tableau.0x2" not in moves(game)


def test_portuguese_only_a_king_fills_a_space() -> None:
    game = new_game("portuguese-solitaire")
    arrange(game, {"tableau.0": "", "tableau.1": "3C KD", "tableau.2": "5H QS"})
    legal = moves(game)
    assert "tableau.1>tableau.0" in legal
    assert "tableau.2>tableau.0" not in legal
    assert "King" in game.why_illegal(Move("tableau.2", "tableau.0"))


def test_portuguese_foundation_cards_stay() -> None:
    game = new_game("portuguese-solitaire")
    arrange(game, {"foundation.0": "AH 2H 3H", "tableau.0": "4S"})
    assert not any(m.startswith("foundation.") for m in moves(game))
