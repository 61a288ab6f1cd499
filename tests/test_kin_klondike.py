"""docs/design.md facts for Klondike, Klondike by threes and Chinaman, against the engine."""

from __future__ import annotations

import pytest
from kin_support import arrange, ids, moves, new_game, show

from patience import IllegalMove, Move

KLONDIKE_DEALS = ("klondike", "klondike-by-threes", "chinaman")


@pytest.mark.parametrize("variant_id", KLONDIKE_DEALS)
def test_klondike_deal(variant_id: str) -> None:
    game = new_game(variant_id, deal=5)
    tableau = [game.pile(p) for p in ids(game, "tableau")]
    assert [len(p.cards) for p in tableau] == [1, 2, 3, 4, 5, 6, 7]
    for pile in tableau:
        assert pile.cards[-1].face_up
        assert not any(c.face_up for c in pile.cards[:-1])
    assert len(ids(game, "foundation")) == 4
    assert all(not game.pile(f).cards for f in ids(game, "foundation"))
    assert len(game.pile("stock.0").cards) == 24
    assert not game.pile("waste.0").cards
    assert ids(game, "reserve") == [] and ids(game, "fan") == []


@pytest.mark.parametrize("variant_id", ["klondike", "klondike-by-threes"])
def test_klondike_builds_down_in_alternate_colours(variant_id: str) -> None:
    game = new_game(variant_id)
    arrange(game, {"tableau.0": "8C", "tableau.1": "7H", "tableau.2": "7S", "tableau.3": "7D"})
    legal = moves(game)
    assert "tableau.1>tableau.0" in legal
    assert "tableau.3>tableau.0" in legal
    assert "tableau.2>tableau.0" not in legal
    assert "cannot go on 8C" in game.why_illegal(Move("tableau.2", "tableau.0"))


@pytest.mark.parametrize("variant_id", ["klondike", "klondike-by-threes", "chinaman"])
def test_a_face_up_run_moves_together(variant_id: str) -> None:
    game = new_game(variant_id)
    arrange(game, {"tableau.0": "9C", "tableau.6": "#2C #3C 8D 7S 6H"})
    assert "tableau.6>tableau.0x3" in moves(game)
    game.play("tableau.6>tableau.0x3")
    assert show(game, "tableau.0") == "9C 8D 7S 6H"
    assert show(game, "tableau.6") == "#2C 3C"


@pytest.mark.parametrize("variant_id", KLONDIKE_DEALS)
def test_an_empty_pile_takes_only_a_king(variant_id: str) -> None:
    game = new_game(variant_id)
    arrange(game, {"tableau.0": "", "tableau.1": "#4C QD", "tableau.2": "#4S KS",
                   "tableau.3": "#5S KH QC JH", "waste.0": "KD"})
    legal = moves(game)
    assert "tableau.1>tableau.0" not in legal
    assert "tableau.2>tableau.0" in legal
    assert "waste.0>tableau.0" in legal
    assert "tableau.3>tableau.0x3" in legal
    assert "tableau.3>tableau.0x2" not in legal
    assert "only a King" in game.why_illegal(Move("tableau.1", "tableau.0"))


@pytest.mark.parametrize("variant_id", KLONDIKE_DEALS)
def test_foundations_build_up_by_suit_from_the_ace_and_play_back(variant_id: str) -> None:
    game = new_game(variant_id)
    arrange(game, {"tableau.0": "AH", "tableau.1": "2H", "tableau.2": "2D", "tableau.3": "3S"})
    assert {"tableau.0>foundation.0", "tableau.0>foundation.3"} <= moves(game)
    assert "tableau.1>foundation.0" not in moves(game)
    game.play("tableau.0>foundation.0")
    assert "tableau.1>foundation.0" in moves(game)
    assert "tableau.2>foundation.0" not in moves(game)
    game.play("tableau.1>foundation.0")
    assert "foundation.0>tableau.3" in moves(game)
    game.play("foundation.0>tableau.3")
    assert show(game, "tableau.3") == "3S 2H"


def _turn_through(game, per_turn: int) -> list[int]:
    """Turn the whole stock, returning how many cards each turn moved."""
    counts = []
    while game.pile("stock.0").cards:
        before = len(game.pile("waste.0").cards)
        game.play(Move("stock.0", "waste.0", min(per_turn, len(game.pile("stock.0").cards))))
        counts.append(len(game.pile("waste.0").cards) - before)
    return counts


@pytest.mark.parametrize(("variant_id", "per_turn"), [("klondike", 1), ("klondike-by-threes", 3)])
def test_klondike_stock_passes_are_unlimited(variant_id: str, per_turn: int) -> None:
    game = new_game(variant_id, deal=11)
    order = show(game, "stock.0")
    assert game.passes_left is None
    for _ in range(5):
        counts = _turn_through(game, per_turn)
        assert counts == [per_turn] * (24 // per_turn)
        assert moves(game) >= {"waste.0>stock.0x24"}
        game.play("waste.0>stock.0x24")
        assert show(game, "stock.0") == order


def test_klondike_turns_one_card_face_up() -> None:
    game = new_game("klondike", deal=2)
    top = game.pile("stock.0").cards[-1]
    game.play("stock.0>waste.0")
    assert game.pile("waste.0").cards == (type(top)(top.rank, top.suit, True),)


@pytest.mark.parametrize("variant_id", ["klondike-by-threes", "chinaman"])
def test_three_a_turn_and_only_the_top_waste_card_plays(variant_id: str) -> None:
    game = new_game(variant_id)
    arrange(game, {"stock.0": "#2C #3C #KS #AH #QD", "waste.0": "", "tableau.0": ""})
    assert "stock.0>waste.0x3" in moves(game)
    game.play("stock.0>waste.0x3")
    assert show(game, "waste.0") == "QD AH KS"
    assert show(game, "stock.0") == "#2C #3C"
    legal = moves(game)
    assert "waste.0>tableau.0" in legal
    assert not any(m.startswith("waste.0>") and "x" in m for m in legal)
    with pytest.raises(IllegalMove):
        game.play("waste.0>tableau.0x2")
    game.play("stock.0>waste.0x2")
    assert show(game, "waste.0") == "QD AH KS 3C 2C"


def test_chinaman_builds_down_in_any_other_suit() -> None:
    game = new_game("chinaman")
    arrange(game, {"tableau.0": "7C", "tableau.1": "6S", "tableau.2": "6H", "tableau.3": "6D",
                   "tableau.4": "6C"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.2>tableau.0", "tableau.3>tableau.0"} <= legal
    assert "tableau.4>tableau.0" not in legal


def test_chinaman_run_moves_while_no_neighbours_share_a_suit() -> None:
    game = new_game("chinaman")
    arrange(game, {"tableau.0": "9D", "tableau.1": "#AC 8C 7H 6H", "tableau.2": "9S",
                   "tableau.3": "8H 7S 6H"})
    legal = moves(game)
    # 6H cannot sit on 7H (same suit), so the top of tableau.1 is no group.
    assert not any(m.startswith("tableau.1>") and "x" in m for m in legal)
    assert {"tableau.3>tableau.0x3", "tableau.3>tableau.2x3"} <= legal


def test_chinaman_two_passes_three_at_a_time() -> None:
    game = new_game("chinaman", deal=4)
    assert game.passes_left == 1
    assert _turn_through(game, 3) == [3] * 8
    game.play("waste.0>stock.0x24")
    assert game.passes_left == 0
    _turn_through(game, 3)
    assert not any(m.startswith("waste.0>stock.0") for m in moves(game))
    assert game.why_illegal(Move("waste.0", "stock.0", 24)) is not None
