"""Westcliff: each rule fact in docs/design.md, one test each."""

from __future__ import annotations

import patience
from positions import position, targets

V = "westcliff"


def game(deal: int = 1) -> patience.Game:
    return patience.Game(patience.load_variant(V), deal=deal)


def test_one_deck() -> None:
    assert sum(len(p.cards) for p in game().piles) == 52


def test_four_foundations_any_ace_up_by_suit() -> None:
    g = position(V, {"foundation.0": "AS", "tableau.0": "2S", "tableau.1": "2C", "tableau.2": "AH"})
    assert "foundation.0" in targets(g, "tableau.0")
    assert "foundation.0" not in targets(g, "tableau.1")
    assert "foundation.1" in targets(g, "tableau.2")
    assert len([p for p in g.piles if p.kind == "foundation"]) == 4


def test_foundation_top_played_back_onto_the_tableau() -> None:
    g = position(V, {"foundation.0": "AS 2S 3S", "tableau.0": "4H"})
    assert "tableau.0" in targets(g, "foundation.0")


def test_ten_piles_of_three_two_down_one_up() -> None:
    tableau = [p for p in game().piles if p.kind == "tableau"]
    assert len(tableau) == 10
    for p in tableau:
        assert [c.face_up for c in p.cards] == [False, False, True]


def test_tableau_builds_down_in_alternate_colours() -> None:
    g = position(V, {"tableau.0": "5C", "tableau.1": "4H", "tableau.2": "4D", "tableau.3": "4S",
                     "tableau.4": "3H"})
    assert {m.source for m in g.legal_moves() if m.target == "tableau.0"} == {
        "tableau.1", "tableau.2"}


def test_uncovered_card_goes_to_foundation_or_tableau() -> None:
    g = position(V, {"tableau.0": "#9C AD", "tableau.1": "2S"})
    assert targets(g, "tableau.0") >= {"foundation.0", "tableau.1"}


def test_alternate_colour_group_moves_together() -> None:
    g = position(V, {"tableau.0": "#KC 9S 8D 7C", "tableau.1": "TH"})
    assert patience.Move("tableau.0", "tableau.1", 3) in g.legal_moves()


def test_any_card_fills_an_empty_pile() -> None:
    g = position(V, {"tableau.1": "#2C 5H", "waste.0": "9S", "foundation.0": "AD"})
    fillers = {m.source for m in g.legal_moves() if m.target == "tableau.0"}
    assert fillers == {"tableau.1", "waste.0", "foundation.0"}


def test_uncovered_face_down_card_is_turned_up_as_part_of_the_move() -> None:
    g = position(V, {"tableau.0": "#9C #3D AD"})
    g.play("tableau.0>foundation.0")
    assert [c.face_up for c in g.pile("tableau.0").cards] == [False, True]
    g.undo()
    assert [c.face_up for c in g.pile("tableau.0").cards] == [False, False, True]


def test_stock_of_22_turned_one_at_a_time_without_redeal() -> None:
    g = game()
    assert len(g.pile("stock.0").cards) == 22
    for _ in range(22):
        stock = [m for m in g.legal_moves() if m.source == "stock.0"]
        assert stock == [patience.Move("stock.0", "waste.0", 1)]
        g.play(stock[0])
    assert not [m for m in g.legal_moves() if "stock.0" in (m.source, m.target)]


def test_waste_top_goes_to_tableau_or_foundation() -> None:
    g = position(V, {"waste.0": "9C AH", "tableau.0": "2S"})
    assert targets(g, "waste.0") >= {"foundation.0", "tableau.1"}
    g = position(V, {"waste.0": "AH 2H", "tableau.0": "3S", "foundation.0": "AH"})
    assert targets(g, "waste.0") >= {"foundation.0", "tableau.0"}
