"""Wood: each rule fact in docs/design.md, one test each."""

from __future__ import annotations

from collections import Counter

import pytest

import patience
from positions import position, targets

V = "wood"


def game(deal: int = 1, autoplay: bool = False) -> patience.Game:
    return patience.Game(patience.load_variant(V), deal=deal, autoplay=autoplay)


def test_two_decks() -> None:
    assert sum(len(p.cards) for p in game().piles) == 104


def test_eight_foundations_start_with_all_eight_cards_of_one_rank() -> None:
    g = game()
    found = [p for p in g.piles if p.kind == "foundation"]
    assert len(found) == 8 and all(len(p.cards) == 1 for p in found)
    ranks = {p.cards[0].rank for p in found}
    assert ranks == {g.base_rank}
    assert Counter(p.cards[0].suit for p in found) == Counter("CCDDHHSS")


def test_base_rank_is_chosen_at_random_per_deal() -> None:
    assert len({game(d).base_rank for d in range(60)}) == 13


def test_foundations_build_up_in_alternate_colours() -> None:
    g = position(V, {"foundation.0": "6H", "tableau.0": "7S", "tableau.1": "7D"}, base=6)
    assert "foundation.0" in targets(g, "tableau.0")
    assert "foundation.0" not in targets(g, "tableau.1")


def test_foundations_wrap_from_king_to_ace() -> None:
    g = position(V, {"foundation.0": "KS", "tableau.0": "AH"}, base=9)
    assert "foundation.0" in targets(g, "tableau.0")


def test_foundations_stop_at_thirteen_cards() -> None:
    run = "6H 7S 8H 9S TH JS QH KS AH 2S 3H 4S 5H"
    g = position(V, {"foundation.0": run, "tableau.0": "6S"}, base=6)
    assert "foundation.0" not in targets(g, "tableau.0")
    g = position(V, {"foundation.0": run[:-3], "tableau.0": "5H"}, base=6)
    assert "foundation.0" in targets(g, "tableau.0")


def test_building_to_the_foundations_is_automatic() -> None:
    for deal in range(20):
        g = game(deal, autoplay=True)
        for _ in range(30):
            ups = [m for m in g.legal_moves()
                   if m.target.startswith("foundation") and not m.source.startswith("foundation")]
            assert ups == [], f"deal {deal}: {ups} left for the player"
            stock = [m for m in g.legal_moves() if m.source == "stock.0"]
            if not stock:
                break
            g.play(stock[0])


def test_no_automatic_moves_without_autoplay() -> None:
    g = position(V, {"foundation.0": "6H", "tableau.0": "7S"}, base=6)
    g.play("tableau.0>foundation.0")
    assert g.pile("tableau.0").cards == ()


def test_foundation_top_card_may_be_played_back() -> None:
    g = position(V, {"foundation.0": "6H 7S", "tableau.0": "8H"}, base=6)
    assert "tableau.0" in targets(g, "foundation.0")


def test_played_back_card_stays_down_until_the_next_move() -> None:
    g = position(V, {"foundation.0": "6H 7S", "tableau.0": "8H", "stock.0": "#2C #3C"},
                 base=6, autoplay=True)
    g.play("foundation.0>tableau.0")
    assert str(g.pile("tableau.0").cards[-1]) == "7S"


def test_eight_tableau_piles_of_one_face_up_card() -> None:
    tableau = [p for p in game().piles if p.kind == "tableau"]
    assert len(tableau) == 8
    assert all(len(p.cards) == 1 and p.cards[0].face_up for p in tableau)


def test_tableau_builds_down_in_alternate_colours_only() -> None:
    g = position(V, {"tableau.0": "8S", "tableau.1": "7H", "tableau.2": "7D",
                     "tableau.3": "7C", "tableau.4": "6H", "tableau.5": "9H"})
    assert {m.source for m in g.legal_moves() if m.target == "tableau.0"} == {
        "tableau.1", "tableau.2"}


def test_one_card_moves_at_a_time() -> None:
    g = position(V, {"tableau.0": "9S 8H", "tableau.1": "TD"})
    assert all(m.count == 1 for m in g.legal_moves())
    with pytest.raises(patience.IllegalMove, match="one card at a time"):
        g.play("tableau.0>tableau.1x2")


def test_empty_tableau_pile_filled_only_from_the_waste() -> None:
    g = position(V, {"tableau.1": "9S", "reserve.0": "KD", "waste.0": "4C"})
    fillers = {m.source for m in g.legal_moves() if m.target == "tableau.0"}
    assert fillers == {"waste.0"}
    with pytest.raises(patience.IllegalMove, match="only from the waste"):
        g.play("tableau.1>tableau.0")


def test_empty_tableau_pile_waits_while_the_waste_is_empty() -> None:
    g = position(V, {"tableau.1": "9S", "reserve.0": "KD", "stock.0": "#4C"})
    assert not [m for m in g.legal_moves() if m.target == "tableau.0"]


def test_empty_tableau_pile_is_the_players_move_not_automatic() -> None:
    g = position(V, {"tableau.1": "9S", "waste.0": "4C", "stock.0": "#2D"}, autoplay=True)
    g.play("stock.0>waste.0")
    assert g.pile("tableau.0").cards == ()


def test_reserve_of_ten_face_up_cards() -> None:
    reserve = game().pile("reserve.0")
    assert len(reserve.cards) == 10 and all(c.face_up for c in reserve.cards)


def test_reserve_top_card_goes_only_to_a_foundation() -> None:
    g = position(V, {"reserve.0": "3C 7S", "foundation.0": "6H", "tableau.0": "8D"}, base=6)
    assert targets(g, "reserve.0") == {"foundation.0"}
    with pytest.raises(patience.IllegalMove, match="only to a foundation"):
        g.play("reserve.0>tableau.0")


def test_reserve_only_top_card_available_and_never_refilled() -> None:
    g = position(V, {"reserve.0": "7S 3C", "foundation.0": "6H", "waste.0": "TC",
                     "stock.0": "#2D"}, base=6)
    assert not [m for m in g.legal_moves() if m.source == "reserve.0"]
    assert not [m for m in g.legal_moves() if m.target == "reserve.0"]


def test_stock_holds_the_remaining_78_cards() -> None:
    assert len(game().pile("stock.0").cards) == 78


def test_stock_turns_one_card_onto_the_waste() -> None:
    g = game()
    g.play(patience.Move("stock.0", "waste.0", 1))
    assert len(g.pile("waste.0").cards) == 1 and g.pile("waste.0").cards[0].face_up
    assert len(g.pile("stock.0").cards) == 77


def test_one_pass_and_no_redeal() -> None:
    g = position(V, {"stock.0": "#2C", "tableau.0": "KS"})
    g.play("stock.0>waste.0")
    assert not [m for m in g.legal_moves() if "stock.0" in (m.source, m.target)]
    assert g.passes_left == 0


def test_waste_top_goes_to_tableau_or_foundation() -> None:
    full = {f"tableau.{i}": "2C" for i in range(1, 8)}
    g = position(V, {"waste.0": "4C 7S", "foundation.0": "6H", "tableau.0": "8D", **full}, base=6)
    assert targets(g, "waste.0") == {"foundation.0", "tableau.0"}
    g = position(V, {"waste.0": "7S", "tableau.0": "8D"}, base=6)
    assert "tableau.1" in targets(g, "waste.0")
