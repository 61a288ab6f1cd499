"""Thumb and Pouch: each rule fact in docs/design.md, one test each."""

from __future__ import annotations

import patience
from positions import position, targets

V = "thumb-and-pouch"


def game(deal: int = 1) -> patience.Game:
    return patience.Game(patience.load_variant(V), deal=deal)


def test_one_deck() -> None:
    assert sum(len(p.cards) for p in game().piles) == 52


def test_four_foundations_up_by_suit_from_ace() -> None:
    g = position(V, {"foundation.0": "AC", "tableau.0": "2C", "tableau.1": "2S",
                     "tableau.2": "3H"})
    assert "foundation.0" in targets(g, "tableau.0")
    assert "foundation.0" not in targets(g, "tableau.1")
    assert not {"foundation.1", "foundation.2"} & targets(g, "tableau.2")


def test_foundation_top_may_be_played_back() -> None:
    g = position(V, {"foundation.0": "AC 2C 3C", "tableau.0": "4D"})
    assert "tableau.0" in targets(g, "foundation.0")


def test_ace_on_a_foundation_may_go_back_to_an_empty_tableau_pile() -> None:
    g = position(V, {"foundation.0": "AC", "tableau.1": "5D"})
    assert "tableau.0" in targets(g, "foundation.0")


def test_seven_piles_one_to_seven_only_top_card_face_up() -> None:
    tableau = [p for p in game().piles if p.kind == "tableau"]
    assert [len(p.cards) for p in tableau] == [1, 2, 3, 4, 5, 6, 7]
    for p in tableau:
        assert [c.face_up for c in p.cards] == [False] * (len(p.cards) - 1) + [True]


def test_tableau_builds_down_in_any_other_suit() -> None:
    g = position(V, {"tableau.0": "7C", "tableau.1": "6S", "tableau.2": "6H", "tableau.3": "6D",
                     "tableau.4": "6C", "tableau.5": "5D"})
    assert {m.source for m in g.legal_moves() if m.target == "tableau.0"} == {
        "tableau.1", "tableau.2", "tableau.3"}


def test_group_moves_when_no_neighbours_share_a_suit() -> None:
    g = position(V, {"tableau.0": "9D 8H 7H", "tableau.1": "8S", "tableau.2": "TC 9C 8H 7D 6S",
                     "tableau.3": "TS", "tableau.4": "9S", "tableau.5": "JC"})
    groups = {(m.source, m.count) for m in g.legal_moves() if m.count > 1}
    assert {("tableau.2", 2), ("tableau.2", 3), ("tableau.2", 4)} <= groups
    assert ("tableau.2", 5) not in groups
    assert not [m for m in g.legal_moves() if m.source == "tableau.0" and m.count > 1]


def test_any_card_fills_an_empty_pile() -> None:
    g = position(V, {"tableau.1": "#3C 8D 7S", "waste.0": "QH"})
    fillers = {(m.source, m.count) for m in g.legal_moves() if m.target == "tableau.0"}
    assert fillers == {("tableau.1", 1), ("tableau.1", 2), ("waste.0", 1)}


def test_uncovered_face_down_card_is_turned_up() -> None:
    g = position(V, {"tableau.0": "#4S #9C 5D", "tableau.1": "6S"})
    g.play("tableau.0>tableau.1")
    assert g.pile("tableau.0").cards[-1].face_up


def test_stock_of_24_one_at_a_time_no_redeal() -> None:
    g = game()
    assert len(g.pile("stock.0").cards) == 24
    for _ in range(24):
        g.play(patience.Move("stock.0", "waste.0", 1))
    assert not [m for m in g.legal_moves() if "stock.0" in (m.source, m.target)]
    assert g.passes_left == 0


def test_waste_top_goes_to_tableau_or_foundation() -> None:
    g = position(V, {"waste.0": "AH", "tableau.0": "2C"})
    assert targets(g, "waste.0") >= {"foundation.0", "tableau.0"}
