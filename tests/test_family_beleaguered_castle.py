"""Beleaguered Castle, Streets and Alleys and Fortress: their rules' facts, through the engine."""

from __future__ import annotations

import pytest
from kin_support import arrange, ids, moves, new_game, show

from patience import IllegalMove, Move


@pytest.mark.parametrize("deal", [0, 1, 17])
def test_beleaguered_castle_deal_puts_the_aces_home_and_six_open_cards_a_pile(deal: int) -> None:
    game = new_game("beleaguered-castle", deal=deal)
    homes = [game.pile(f).cards for f in ids(game, "foundation")]
    assert sorted(c.suit for (c,) in homes) == list("CDHS")
    assert all(c.rank == 1 for (c,) in homes)
    tableau = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in tableau] == [6] * 8
    assert all(c.face_up and c.rank != 1 for p in tableau for c in p)
    assert {p.kind for p in game.piles} == {"foundation", "tableau"}


@pytest.mark.parametrize("deal", [0, 4])
def test_streets_and_alleys_deals_seven_then_six_with_the_aces_in_the_piles(deal: int) -> None:
    game = new_game("streets-and-alleys", deal=deal)
    assert all(not game.pile(f).cards for f in ids(game, "foundation"))
    tableau = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in tableau] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert sum(c.rank == 1 for p in tableau for c in p) == 4
    assert all(c.face_up for p in tableau for c in p)


@pytest.mark.parametrize("variant", ["beleaguered-castle", "streets-and-alleys"])
def test_tableau_builds_down_whatever_the_suit(variant: str) -> None:
    game = new_game(variant)
    arrange(game, {"tableau.0": "9H", "tableau.1": "8H", "tableau.2": "8S", "tableau.3": "TC",
                   "tableau.4": "7D"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.2>tableau.0", "tableau.0>tableau.3"} <= legal
    assert "tableau.4>tableau.0" not in legal  # two ranks apart
    assert "tableau.3>tableau.0" not in legal  # up, not down


@pytest.mark.parametrize("variant", ["beleaguered-castle", "streets-and-alleys"])
def test_only_the_top_card_moves(variant: str) -> None:
    game = new_game(variant)
    arrange(game, {"tableau.0": "TC 9D", "tableau.1": "JS", "tableau.2": "KD"})
    assert "tableau.0>tableau.1x2" not in moves(game)
    with pytest.raises(IllegalMove):
        game.play("tableau.0>tableau.1x2")


@pytest.mark.parametrize("variant", ["beleaguered-castle", "streets-and-alleys"])
def test_any_card_fills_a_space_and_foundations_keep_their_cards(variant: str) -> None:
    game = new_game(variant)
    arrange(game, {"tableau.0": "", "tableau.1": "5C 8D", "foundation.0": "AS 2S",
                   "tableau.2": "KH"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.2>tableau.0"} <= legal
    assert not any(m.startswith("foundation.") for m in legal)
    assert game.why_illegal(Move("foundation.0", "tableau.0")) is not None


def test_streets_and_alleys_foundations_start_with_an_ace_and_follow_suit() -> None:
    game = new_game("streets-and-alleys")
    arrange(game, {"foundation.0": "", "tableau.0": "2C", "tableau.1": "AC", "tableau.2": "2D"})
    legal = moves(game)
    assert "tableau.1>foundation.0" in legal
    assert "tableau.0>foundation.0" not in legal
    game.play("tableau.1>foundation.0")
    assert "tableau.0>foundation.0" in moves(game)
    assert "tableau.2>foundation.0" not in moves(game)
    assert show(game, "foundation.0") == "AC"


@pytest.mark.parametrize("deal", [0, 9])
def test_fortress_deals_two_piles_of_six_and_eight_of_five_all_open(deal: int) -> None:
    game = new_game("fortress", deal=deal)
    assert all(not game.pile(f).cards for f in ids(game, "foundation"))
    tableau = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in tableau] == [6, 6] + [5] * 8
    assert all(c.face_up for p in tableau for c in p)
    assert {p.kind for p in game.piles} == {"foundation", "tableau"}


def test_fortress_builds_up_or_down_in_suit_without_wrapping() -> None:
    game = new_game("fortress")
    arrange(game, {"tableau.0": "9H", "tableau.1": "8H", "tableau.2": "TH", "tableau.3": "8S",
                   "tableau.4": "7H", "tableau.5": "AC", "tableau.6": "KC"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.2>tableau.0"} <= legal
    assert "tableau.3>tableau.0" not in legal  # another suit
    assert "tableau.4>tableau.0" not in legal  # two ranks apart
    assert "tableau.6>tableau.5" not in legal  # King and Ace do not meet


def test_fortress_moves_one_card_and_any_card_fills_a_space() -> None:
    game = new_game("fortress")
    arrange(game, {"tableau.0": "", "tableau.1": "5C 8D", "tableau.2": "9D"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.2>tableau.0"} <= legal
    assert "tableau.1>tableau.2" in legal
    with pytest.raises(IllegalMove):
        game.play("tableau.1>tableau.2x2")
