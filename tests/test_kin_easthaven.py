"""docs/design.md facts for Easthaven and Blind Alleys, against the engine."""

from __future__ import annotations

import pytest
from kin_support import arrange, ids, moves, new_game, show

from patience import Move


@pytest.mark.parametrize(("variant_id", "piles", "stock"),
                         [("easthaven", 7, 31), ("blind-alleys", 6, 30)])
def test_three_card_piles_two_down_one_up(variant_id: str, piles: int, stock: int) -> None:
    game = new_game(variant_id, deal=6)
    tableau = [game.pile(t) for t in ids(game, "tableau")]
    assert len(tableau) == piles
    for pile in tableau:
        assert [c.face_up for c in pile.cards] == [False, False, True]
    assert len(game.pile("stock.0").cards) == stock
    assert len(ids(game, "foundation")) == 4


@pytest.mark.parametrize("variant_id", ["easthaven", "blind-alleys"])
def test_build_down_alternate_colours_runs_move_any_card_fills(variant_id: str) -> None:
    game = new_game(variant_id)
    arrange(game, {"tableau.0": "#3C 9S", "tableau.1": "#4C TH 9C 8D", "tableau.2": "",
                   "tableau.3": "9H", "tableau.4": "#5C 5H"})
    legal = moves(game)
    assert "tableau.3>tableau.0" not in legal
    assert "tableau.1>tableau.2x3" in legal
    assert "tableau.1>tableau.2x2" in legal
    assert "tableau.4>tableau.2" in legal
    game.play("tableau.4>tableau.2")
    assert show(game, "tableau.4") == "5C"


@pytest.mark.parametrize("variant_id", ["easthaven", "blind-alleys"])
def test_foundations_by_suit_with_play_back(variant_id: str) -> None:
    game = new_game(variant_id)
    arrange(game, {"foundation.0": "AH 2H 3H", "tableau.0": "4S", "tableau.1": "4H"})
    legal = moves(game)
    assert "foundation.0>tableau.0" in legal
    assert "tableau.1>foundation.0" in legal


def test_easthaven_has_no_waste() -> None:
    game = new_game("easthaven")
    assert ids(game, "waste") == []
    assert "waste" not in game.config["kinds"]


def test_easthaven_stock_deals_a_card_to_every_pile_empty_ones_too() -> None:
    game = new_game("easthaven", deal=12)
    arrange(game, {"tableau.3": ""})
    stock = list(game.pile("stock.0").cards)
    before = {t: show(game, t) for t in ids(game, "tableau")}
    assert "stock.0>tableau.0x7" in moves(game)
    game.play("stock.0>tableau.0x7")
    for i, t in enumerate(ids(game, "tableau")):
        dealt = game.pile(t).cards[-1]
        assert dealt.face_up
        assert (dealt.rank, dealt.suit) == (stock[-1 - i].rank, stock[-1 - i].suit)
        assert len(game.pile(t).cards) == len(before[t].split()) + 1
    assert len(game.pile("tableau.3").cards) == 1
    assert game.undo()
    assert {t: show(game, t) for t in ids(game, "tableau")} == before


def test_easthaven_deals_seven_four_times_then_three_and_no_redeal() -> None:
    game = new_game("easthaven", deal=2)
    counts = []
    while True:
        turn = [m for m in game.legal_moves() if m.source == "stock.0"]
        if not turn:
            break
        counts.append(turn[0].count)
        game.play(turn[0])
    assert counts == [7, 7, 7, 7, 3]
    assert [len(game.pile(t).cards) for t in ids(game, "tableau")] == [8, 8, 8, 7, 7, 7, 7]
    assert game.passes_left == 0
    assert game.why_illegal(Move("stock.0", "tableau.0", 7)) is not None


def test_easthaven_stock_never_goes_to_one_pile_only() -> None:
    game = new_game("easthaven")
    assert game.why_illegal(Move("stock.0", "tableau.2", 1)) is not None


def test_blind_alleys_aces_start_on_the_foundations() -> None:
    for deal in (0, 1, 50):
        game = new_game("blind-alleys", deal=deal)
        tops = [game.pile(f).cards for f in ids(game, "foundation")]
        assert all(len(cards) == 1 and cards[0].rank == 1 for cards in tops)
        assert {cards[0].suit for cards in tops} == set("CDHS")
        assert not any(c.rank == 1 for p in game.piles if p.kind != "foundation"
                       for c in p.cards)


def test_blind_alleys_one_card_a_turn_two_passes() -> None:
    game = new_game("blind-alleys", deal=3)
    assert game.passes_left == 1
    order = show(game, "stock.0")
    for _ in range(30):
        game.play("stock.0>waste.0")
    assert "waste.0>stock.0x30" in moves(game)
    game.play("waste.0>stock.0x30")
    assert show(game, "stock.0") == order
    assert game.passes_left == 0
    for _ in range(30):
        game.play("stock.0>waste.0")
    assert not any(m.source in ("stock.0", "waste.0") and m.target == "stock.0"
                   for m in game.legal_moves())
    assert "no pass" in game.why_illegal(Move("waste.0", "stock.0", 30))
