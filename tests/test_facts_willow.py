"""Willow: each rule fact in docs/design.md, one test each."""

from __future__ import annotations

import pytest

import patience
from positions import position, targets

V = "willow"


def game(deal: int = 1) -> patience.Game:
    return patience.Game(patience.load_variant(V), deal=deal)


def test_one_deck_all_dealt_and_no_stock() -> None:
    g = game()
    assert sum(len(p.cards) for p in g.piles) == 52
    assert {p.kind for p in g.piles} == {"foundation", "tableau", "fan"}


def test_four_foundations_start_with_any_ace_and_build_up_by_suit() -> None:
    g = position(V, {"tableau.0": "AD", "tableau.1": "2C"})
    assert "foundation.0" in targets(g, "tableau.0")
    assert "foundation.0" not in targets(g, "tableau.1")
    g = position(V, {"foundation.0": "AD", "tableau.0": "2D", "tableau.1": "2H"})
    assert "foundation.0" in targets(g, "tableau.0")
    assert "foundation.0" not in targets(g, "tableau.1")
    assert len([p for p in g.piles if p.kind == "foundation"]) == 4


def test_foundation_top_may_be_played_back_to_tableau_or_fan() -> None:
    g = position(V, {"foundation.0": "AD 2D 3D", "tableau.0": "4S", "fan.0": "3C"})
    assert {"tableau.0", "fan.0"} <= targets(g, "foundation.0")


def test_tableau_seven_piles_one_to_seven_all_face_up() -> None:
    tableau = [p for p in game().piles if p.kind == "tableau"]
    assert [len(p.cards) for p in tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert all(c.face_up for p in tableau for c in p.cards)


def test_tableau_builds_down_in_alternate_colours() -> None:
    g = position(V, {"tableau.0": "7H", "tableau.1": "6S", "tableau.2": "6C", "tableau.3": "6D",
                     "tableau.4": "5S", "fan.0": "KC"})
    assert {m.source for m in g.legal_moves() if m.target == "tableau.0"} == {
        "tableau.1", "tableau.2"}


def test_uncovered_card_goes_to_foundation_tableau_or_non_empty_fan() -> None:
    g = position(V, {"tableau.0": "AS", "tableau.1": "2H", "fan.0": "AC"})
    assert targets(g, "tableau.0") >= {"foundation.0", "tableau.1", "fan.0"}
    assert "fan.1" not in targets(g, "tableau.0")


def test_alternate_colour_group_moves_together() -> None:
    g = position(V, {"tableau.0": "9C 8H 7S", "tableau.1": "9S", "tableau.2": "9H",
                     "fan.0": "KC"})
    assert patience.Move("tableau.0", "tableau.1", 2) in g.legal_moves()
    assert patience.Move("tableau.0", "tableau.2", 2) not in g.legal_moves()
    g.play("tableau.0>tableau.1x2")
    assert [str(c) for c in g.pile("tableau.1").cards] == ["9S", "8H", "7S"]


def test_any_card_or_group_fills_an_empty_tableau_pile() -> None:
    g = position(V, {"tableau.1": "9C 8H 7S", "fan.0": "4D", "foundation.0": "AC 2C"})
    fillers = {(m.source, m.count) for m in g.legal_moves() if m.target == "tableau.0"}
    assert fillers >= {("tableau.1", 1), ("tableau.1", 2), ("tableau.1", 3), ("fan.0", 1),
                       ("foundation.0", 1)}


def test_four_fans_of_six_face_up_cards() -> None:
    fans = [p for p in game().piles if p.kind == "fan"]
    assert [len(p.cards) for p in fans] == [6] * 4
    assert all(c.face_up for p in fans for c in p.cards)


def test_fan_builds_by_matching_rank_whatever_the_suit() -> None:
    g = position(V, {"fan.0": "JH", "tableau.0": "JS", "tableau.1": "JH", "tableau.2": "QS",
                     "tableau.3": "TD"})
    assert {m.source for m in g.legal_moves() if m.target == "fan.0"} == {
        "tableau.0", "tableau.1"}


def test_fan_top_goes_to_foundation_tableau_or_non_empty_fan() -> None:
    g = position(V, {"fan.0": "AH", "fan.1": "AC", "tableau.0": "2S"})
    assert targets(g, "fan.0") >= {"foundation.0", "tableau.0", "fan.1"}
    assert "fan.2" not in targets(g, "fan.0")


def test_only_single_cards_move_onto_or_between_fans() -> None:
    g = position(V, {"fan.0": "7C", "tableau.0": "7D 6S", "tableau.1": "8H 7S", "fan.1": "5D 5S"})
    assert patience.Move("tableau.1", "fan.0", 2) not in g.legal_moves()
    assert all(m.count == 1 for m in g.legal_moves() if "fan" in m.source + m.target)
    with pytest.raises(patience.IllegalMove):
        g.play("fan.1>tableau.1x2")


def test_an_emptied_fan_stays_empty() -> None:
    g = position(V, {"fan.0": "AH", "tableau.0": "5S", "fan.1": "5C"})
    g.play("fan.0>foundation.0")
    assert not [m for m in g.legal_moves() if m.target == "fan.0"]
    with pytest.raises(patience.IllegalMove, match="may not be filled"):
        g.play("tableau.0>fan.0")
