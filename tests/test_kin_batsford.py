"""docs/design.md facts for Batsford and Batsford Again, against the engine."""

from __future__ import annotations

import pytest
from kin_support import arrange, ids, moves, new_game, show

from patience import IllegalMove, Move

BOTH = ("batsford", "batsford-again")


@pytest.mark.parametrize("variant_id", BOTH)
def test_batsford_deal(variant_id: str) -> None:
    game = new_game(variant_id, deal=4)
    tableau = [game.pile(t) for t in ids(game, "tableau")]
    assert [len(p.cards) for p in tableau] == list(range(1, 11))
    for pile in tableau:
        assert pile.cards[-1].face_up and not any(c.face_up for c in pile.cards[:-1])
    assert len(ids(game, "foundation")) == 8
    assert ids(game, "reserve") == ["reserve.0"] and not game.pile("reserve.0").cards
    assert len(game.pile("stock.0").cards) == 49
    assert sum(len(p.cards) for p in game.piles) == 104


@pytest.mark.parametrize("variant_id", BOTH)
def test_batsford_two_foundations_per_suit(variant_id: str) -> None:
    game = new_game(variant_id)
    arrange(game, {"foundation.0": "AS", "tableau.0": "AS", "tableau.1": "2S"})
    legal = moves(game)
    assert "tableau.0>foundation.1" in legal
    assert "tableau.1>foundation.0" in legal
    game.play("tableau.0>foundation.1")
    arrange(game, {"foundation.1": "AS 2S 3S"})
    assert "foundation.1>tableau.1" not in moves(game)  # 3S on 2S: not down in alternate
    arrange(game, {"tableau.1": "4H"})
    assert "foundation.1>tableau.1" in moves(game)  # play back


@pytest.mark.parametrize("variant_id", BOTH)
def test_batsford_build_runs_and_king_spaces(variant_id: str) -> None:
    game = new_game(variant_id)
    arrange(game, {"tableau.0": "", "tableau.1": "#2C KD QS JH", "tableau.2": "#3C QH",
                   "tableau.3": "KC"})
    legal = moves(game)
    assert "tableau.1>tableau.0x3" in legal
    assert "tableau.2>tableau.0" not in legal
    assert "tableau.2>tableau.3" in legal


@pytest.mark.parametrize("variant_id", BOTH)
def test_batsford_reserve_holds_up_to_three_kings(variant_id: str) -> None:
    game = new_game(variant_id)
    arrange(game, {"tableau.0": "#2C KD", "tableau.1": "#3C KS", "tableau.2": "#4C KH",
                   "tableau.3": "#5C KC", "tableau.4": "#6C QS", "waste.0": "KD",
                   "tableau.5": "#7C KS QH"})
    legal = moves(game)
    assert "tableau.4>reserve.0" not in legal
    assert "waste.0>reserve.0" in legal
    assert "tableau.5>reserve.0x2" not in legal
    assert "only a King" in game.why_illegal(Move("tableau.4", "reserve.0"))
    game.play("tableau.0>reserve.0")
    assert show(game, "tableau.0") == "2C"
    assert "tableau.4>reserve.0" not in moves(game)
    game.play("waste.0>reserve.0")
    game.play("tableau.1>reserve.0")
    assert show(game, "reserve.0") == "KD KD KS"
    assert "tableau.2>reserve.0" not in moves(game)
    assert "full" in game.why_illegal(Move("tableau.2", "reserve.0"))
    with pytest.raises(IllegalMove):
        game.play("tableau.2>reserve.0")


@pytest.mark.parametrize("variant_id", BOTH)
def test_batsford_reserve_top_king_plays_out(variant_id: str) -> None:
    game = new_game(variant_id)
    arrange(game, {"reserve.0": "KD KS", "tableau.0": "", "foundation.0": "AS 2S 3S 4S 5S 6S "
                   "7S 8S 9S TS JS QS"})
    legal = moves(game)
    assert "reserve.0>tableau.0" in legal
    assert "reserve.0>foundation.0" in legal
    assert not any(m.startswith("reserve.0>") and "x" in m for m in legal)
    game.play("reserve.0>tableau.0")
    assert show(game, "reserve.0") == "KD" and show(game, "tableau.0") == "KS"


@pytest.mark.parametrize(("variant_id", "passes"), [("batsford", 1), ("batsford-again", 2)])
def test_batsford_stock_one_card_a_turn(variant_id: str, passes: int) -> None:
    game = new_game(variant_id, deal=1)
    assert game.passes_left == passes - 1
    for n in range(passes):
        for _ in range(49):
            game.play("stock.0>waste.0")
        redeal = "waste.0>stock.0x49" in moves(game)
        assert redeal == (n < passes - 1)
        if redeal:
            game.play("waste.0>stock.0x49")
    assert not game.pile("stock.0").cards
    assert not any(m.target == "stock.0" for m in game.legal_moves())
