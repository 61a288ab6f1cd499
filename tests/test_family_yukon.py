"""Yukon, Russian Solitaire and Alaska: any face-up group moves, and their rules files' facts."""

from __future__ import annotations

import pytest
from kin_support import arrange, ids, moves, new_game, show

from patience import IllegalMove, Move

FAMILY = ["yukon", "russian-solitaire", "alaska"]


@pytest.mark.parametrize("variant", FAMILY)
@pytest.mark.parametrize("deal", [0, 8])
def test_deal_one_then_six_to_eleven_with_five_face_up(variant: str, deal: int) -> None:
    game = new_game(variant, deal=deal)
    piles = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in piles] == [1, 6, 7, 8, 9, 10, 11]
    assert piles[0][0].face_up
    for pile in piles[1:]:
        assert [c.face_up for c in pile] == [False] * (len(pile) - 5) + [True] * 5
    assert {p.kind for p in game.piles} == {"foundation", "tableau"}


@pytest.mark.parametrize("variant", FAMILY)
def test_a_group_out_of_order_moves_when_its_bottom_card_fits(variant: str) -> None:
    game = new_game(variant)
    target = "TS" if variant == "yukon" else "TH"
    arrange(game, {"tableau.0": "#4C 9H 2S KD 5C", "tableau.1": target, "tableau.2": "QC"})
    legal = moves(game)
    assert "tableau.0>tableau.1x4" in legal  # 9H 2S KD 5C: no order at all
    assert "tableau.0>tableau.1x5" not in legal  # a face-down card never moves
    assert "tableau.0>tableau.2x2" not in legal  # KD on QC does not fit
    game.play("tableau.0>tableau.1x4")
    assert show(game, "tableau.1") == f"{target} 9H 2S KD 5C"
    assert show(game, "tableau.0") == "4C"
    assert game.undo() and show(game, "tableau.0") == "#4C 9H 2S KD 5C"


@pytest.mark.parametrize("variant", FAMILY)
def test_building_rule_decides_the_bottom_card(variant: str) -> None:
    game = new_game(variant)
    arrange(game, {"tableau.0": "9S", "tableau.1": "8H 3C", "tableau.2": "8S 3D",
                   "tableau.3": "8C KH"})
    legal = moves(game)
    assert ("tableau.1>tableau.0x2" in legal) == (variant == "yukon")
    assert ("tableau.2>tableau.0x2" in legal) == (variant != "yukon")
    assert "tableau.3>tableau.0x2" not in legal  # same colour, other suit: no game here


@pytest.mark.parametrize("variant", FAMILY)
def test_only_alaska_builds_up_by_suit_and_never_wraps(variant: str) -> None:
    game = new_game(variant)
    arrange(game, {"tableau.0": "9S", "tableau.1": "TS 3C", "tableau.2": "KH",
                   "tableau.3": "AH", "tableau.4": "AS", "tableau.5": "2S 7C"})
    legal = moves(game)
    assert ("tableau.1>tableau.0x2" in legal) == (variant == "alaska")
    assert ("tableau.5>tableau.4x2" in legal) == (variant == "alaska")
    assert "tableau.3>tableau.2x1" not in legal  # no King to Ace, in either direction
    assert "tableau.2>tableau.3x1" not in legal
    if variant == "alaska":
        game.play("tableau.1>tableau.0x2")
        assert show(game, "tableau.0") == "9S TS 3C"
        assert game.undo() and show(game, "tableau.1") == "TS 3C"


@pytest.mark.parametrize("variant", FAMILY)
def test_groups_go_only_to_the_tableau_and_spaces_take_a_king(variant: str) -> None:
    game = new_game(variant)
    arrange(game, {"foundation.0": "AC", "tableau.0": "2C 3H", "tableau.1": "",
                   "tableau.2": "#5D KS 7H 2D", "tableau.3": "QH 4S"})
    legal = moves(game)
    assert "tableau.0>foundation.0x2" not in legal
    assert "tableau.2>tableau.1x3" in legal  # headed by a King
    assert "tableau.3>tableau.1x2" not in legal
    with pytest.raises(IllegalMove):
        game.play(Move("tableau.3", "tableau.1", 2))
    assert "King" in game.why_illegal(Move("tableau.3", "tableau.1", 2))
    assert not any(m.startswith("foundation.") for m in legal)
