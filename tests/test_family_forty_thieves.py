"""Forty Thieves and its kin: their rules files' facts, checked through the engine."""

from __future__ import annotations

import pytest
from kin_support import arrange, ids, moves, new_game

from patience import IllegalMove, Move

# variant: (tableau piles, cards a pile, face-down cards a pile, Aces dealt home, building suit)
LAYOUTS = {
    "forty-thieves": (10, 4, 0, False, "same-suit"),
    "lucas": (13, 3, 0, True, "same-suit"),
    "maria": (9, 4, 0, False, "alternate-colour"),
    "streets": (10, 4, 0, False, "alternate-colour"),
    "rank-and-file": (10, 4, 3, False, "alternate-colour"),
    "indian": (10, 3, 1, False, "other-suit"),
}
FAMILY = sorted(LAYOUTS)
SINGLE_CARD = [v for v in FAMILY if v != "rank-and-file"]


@pytest.mark.parametrize("variant", FAMILY)
@pytest.mark.parametrize("deal", [0, 3])
def test_deal(variant: str, deal: int) -> None:
    piles, size, down, aces_home, _ = LAYOUTS[variant]
    game = new_game(variant, deal=deal)
    foundations = [game.pile(f).cards for f in ids(game, "foundation")]
    assert len(foundations) == 8
    if aces_home:
        assert all(len(f) == 1 and f[0].rank == 1 for f in foundations)
        assert sorted(f[0].suit for f in foundations) == sorted("CDHS" * 2)
    else:
        assert not any(foundations)
    tableau = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in tableau] == [size] * piles
    assert all([c.face_up for c in p] == [False] * down + [True] * (size - down) for p in tableau)
    dealt = 8 * aces_home + piles * size
    assert len(game.pile("stock.0").cards) == 104 - dealt
    assert not game.pile("waste.0").cards


@pytest.mark.parametrize("variant", FAMILY)
def test_tableau_building_suit(variant: str) -> None:
    suit = LAYOUTS[variant][4]
    game = new_game(variant)
    arrange(game, {"tableau.0": "9S", "tableau.1": "8S", "tableau.2": "8H", "tableau.3": "8C",
                   "tableau.4": "TD"})
    legal = moves(game)
    assert ("tableau.1>tableau.0" in legal) == (suit == "same-suit")  # 8S on 9S
    assert ("tableau.2>tableau.0" in legal) == (suit != "same-suit")  # 8H on 9S
    assert ("tableau.3>tableau.0" in legal) == (suit == "other-suit")  # 8C on 9S
    assert "tableau.4>tableau.0" not in legal  # up, not down


@pytest.mark.parametrize("variant", SINGLE_CARD)
def test_only_one_card_moves_at_a_time(variant: str) -> None:
    game = new_game(variant)
    run = "9D 8D" if LAYOUTS[variant][4] == "same-suit" else "9D 8C"
    target = {"same-suit": "TD", "alternate-colour": "TS", "other-suit": "TH"}[LAYOUTS[variant][4]]
    arrange(game, {"tableau.0": run, "tableau.1": target, "tableau.2": ""})
    legal = moves(game)
    assert "tableau.0>tableau.1x2" not in legal
    assert "tableau.0>tableau.2x2" not in legal
    with pytest.raises(IllegalMove):
        game.play("tableau.0>tableau.1x2")


def test_rank_and_file_moves_whole_alternating_runs() -> None:
    game = new_game("rank-and-file")
    arrange(game, {"tableau.0": "#4C TC 9D 8C 7H", "tableau.1": "TS", "tableau.2": "",
                   "tableau.3": "8S", "tableau.4": "TH"})
    legal = moves(game)
    assert {"tableau.0>tableau.1x3", "tableau.0>tableau.2x3", "tableau.0>tableau.3",
            "tableau.0>tableau.2x4"} <= legal
    assert "tableau.0>tableau.4x3" not in legal  # red Nine on a red Ten
    game.play("tableau.0>tableau.2x4")
    assert game.pile("tableau.0").cards[-1].face_up


@pytest.mark.parametrize("variant", FAMILY)
def test_any_card_fills_a_space(variant: str) -> None:
    game = new_game(variant)
    arrange(game, {"tableau.0": "", "tableau.1": "2C 5H", "waste.0": "QD"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "waste.0>tableau.0"} <= legal


@pytest.mark.parametrize("variant", FAMILY)
def test_foundations_by_suit_from_the_ace_and_nothing_comes_back(variant: str) -> None:
    game = new_game(variant)
    arrange(game, {"foundation.0": "", "foundation.1": "AH 2H", "tableau.0": "AS",
                   "tableau.1": "3H", "tableau.2": "3D", "waste.0": "2S"})
    legal = moves(game)
    assert {"tableau.0>foundation.0", "tableau.1>foundation.1"} <= legal
    assert "tableau.2>foundation.1" not in legal
    assert "waste.0>foundation.0" not in legal
    assert not any(m.startswith("foundation.") for m in legal)
    assert game.why_illegal(Move("foundation.1", "tableau.0")) is not None


@pytest.mark.parametrize("variant", FAMILY)
def test_stock_turns_one_card_and_goes_through_once(variant: str) -> None:
    game = new_game(variant, deal=2)
    size = len(game.pile("stock.0").cards)
    for _ in range(size):
        turns = [m for m in game.legal_moves() if m.source == "stock.0"]
        assert [m.count for m in turns] == [1]
        game.play(turns[0])
    assert not any(m.target == "stock.0" for m in game.legal_moves())
    assert len(game.pile("waste.0").cards) == size
