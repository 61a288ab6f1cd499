"""The Golf family: one foundation built up or down whatever the suit, from piles that only give.

The concepts (a rank order both ways, with or without wrap; a foundation with no base rank, one
started by a named card, and a stock turned onto it) are checked on their own, and then the
facts of each game's rules file through the engine.
"""

from __future__ import annotations

import random

import pytest
from kin_support import arrange, config, ids, moves, new_game, show
from test_kin_properties import kin_machine

from patience import Game, IllegalMove, Move
from patience.cards import FACE_DOWN
from patience.rules import RankOrder, Relation, SuitRule, rules_of
from patience.solver import _Search, solve

FAMILY = ["golf", "black-hole", "all-in-a-row"]


# -- the concepts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("wrap", [False, True])
def test_up_or_down_gives_both_neighbours_and_wraps_only_when_asked(wrap: bool) -> None:
    rule = Relation(RankOrder.UP_OR_DOWN, SuitRule.ANY_SUIT, wrap)
    up = Relation(RankOrder.UP, SuitRule.ANY_SUIT, wrap)
    down = Relation(RankOrder.DOWN, SuitRule.ANY_SUIT, wrap)
    for rank in range(1, 14):
        assert set(rule.ranks_on(rank)) == set(up.ranks_on(rank)) | set(down.ranks_on(rank))
    assert rule.ranks_on(7) == (6, 8)
    assert rule.ranks_on(13) == ((1, 12) if wrap else (12,))
    assert rule.ranks_on(1) == ((2, 13) if wrap else (2,))
    for below in range(52):
        for above in range(52):
            assert rule.allows(below, above) == rule.allows(above, below)


def test_up_or_down_keeps_its_suit_rule() -> None:
    rule = Relation(RankOrder.UP_OR_DOWN, SuitRule.SAME_SUIT, False)
    on_seven = {c for c in range(52) if rule.allows(6, c)}  # the 7 of clubs
    assert on_seven == {5, 7}  # the 6 and 8 of clubs


def test_a_start_card_survives_the_config_round_trip() -> None:
    rules = rules_of(config("black-hole"))
    assert rules.to_config()["piles"]["foundation"]["start_card"] == "AS"
    assert "start_card" not in rules_of(config("golf")).to_config()["piles"]["foundation"]


@pytest.mark.parametrize("variant", FAMILY)
def test_random_play_keeps_every_invariant(variant: str) -> None:
    kin_machine(config(variant)).TestCase().runTest()


@pytest.mark.parametrize("variant", FAMILY)
def test_every_card_is_dealt_once(variant: str) -> None:
    for deal in range(20):
        game = new_game(variant, deal=deal)
        cards = sorted(c & ~FACE_DOWN for pile in game.stacks for c in pile)
        assert cards == list(range(52))


# -- Golf ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("deal", [0, 5, 41])
def test_golf_deals_seven_open_piles_of_five_one_card_up_and_sixteen_in_the_stock(
        deal: int) -> None:
    game = new_game("golf", deal=deal)
    piles = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in piles] == [5] * 7
    assert all(c.face_up for p in piles for c in p)
    (start,) = game.pile("foundation.0").cards
    assert start.face_up
    stock = game.pile("stock.0").cards
    assert len(stock) == 16 and not any(c.face_up for c in stock)
    assert {p.kind for p in game.piles} == {"foundation", "tableau", "stock"}


def test_golf_plays_a_top_card_one_rank_either_way_whatever_the_suit() -> None:
    game = new_game("golf")
    arrange(game, {"foundation.0": "7H", "tableau.0": "2C 6S", "tableau.1": "8D",
                   "tableau.2": "6H 9C", "tableau.3": "7C"})
    legal = moves(game)
    assert {"tableau.0>foundation.0", "tableau.1>foundation.0"} <= legal
    assert "tableau.2>foundation.0" not in legal  # a 9 on a 7
    assert "tableau.3>foundation.0" not in legal  # the same rank
    assert not any(">tableau." in m for m in legal)  # nothing is built on the tableau
    game.play("tableau.0>foundation.0")
    assert show(game, "foundation.0") == "7H 6S" and show(game, "tableau.0") == "2C"
    assert game.why_illegal(Move("tableau.2", "tableau.0")) is not None


def test_golf_does_not_turn_the_corner_but_a_queen_goes_on_a_king() -> None:
    game = new_game("golf")
    arrange(game, {"foundation.0": "KS", "tableau.0": "AD", "tableau.1": "QC"})
    legal = moves(game)
    assert "tableau.0>foundation.0" not in legal
    assert "tableau.1>foundation.0" in legal
    arrange(game, {"foundation.0": "AS", "tableau.0": "KD", "tableau.1": "2C"})
    legal = moves(game)
    assert "tableau.0>foundation.0" not in legal and "tableau.1>foundation.0" in legal


def test_golf_turns_the_stock_onto_the_foundation_whatever_its_rank_once() -> None:
    game = new_game("golf", deal=3)
    top = game.pile("stock.0").cards[-1]
    assert game.stock_move() == Move("stock.0", "foundation.0", 1)
    game.play(game.stock_move())
    turned = game.pile("foundation.0").cards[-1]
    assert (turned.rank, turned.suit, turned.face_up) == (top.rank, top.suit, True)
    for _ in range(15):
        game.play(game.stock_move())
    assert not game.pile("stock.0").cards
    assert game.stock_move() is None
    assert not any(m.startswith("stock.") for m in moves(game))


def test_golf_is_won_by_turning_the_stock_out_once_the_tableau_is_clear() -> None:
    game = new_game("golf")
    stacks = [[] for _ in game.stacks]
    lay = game.layout
    stacks[lay.foundations[0]] = list(range(49))
    stacks[lay.stock] = [c | FACE_DOWN for c in (49, 50, 51)]
    game.set_position(stacks)
    assert not game.is_won
    for _ in range(3):
        game.play("stock.0>foundation.0")
    assert game.is_won


def test_an_emptied_golf_pile_stays_empty() -> None:
    game = new_game("golf")
    arrange(game, {"foundation.0": "5S", "tableau.0": "", "tableau.1": "4D"})
    assert not any(m.endswith(">tableau.0") for m in moves(game))
    with pytest.raises(IllegalMove):
        game.play(Move("tableau.1", "tableau.0"))


# -- Black Hole ------------------------------------------------------------------------------------

@pytest.mark.parametrize("deal", [0, 7, 99])
def test_black_hole_starts_with_the_ace_of_spades_and_seventeen_fans_of_three(deal: int) -> None:
    game = new_game("black-hole", deal=deal)
    assert show(game, "foundation.0") == "AS"
    fans = [game.pile(f).cards for f in ids(game, "fan")]
    assert [len(f) for f in fans] == [3] * 17
    assert all(c.face_up for f in fans for c in f)
    assert {p.kind for p in game.piles} == {"foundation", "fan"}


def test_black_hole_turns_the_corner_both_ways() -> None:
    game = new_game("black-hole")
    arrange(game, {"foundation.0": "AS", "fan.0": "KH", "fan.1": "2D", "fan.2": "3C"})
    legal = moves(game)
    assert {"fan.0>foundation.0", "fan.1>foundation.0"} <= legal
    assert "fan.2>foundation.0" not in legal
    game.play("fan.0>foundation.0")
    arrange(game, {"fan.3": "AC", "fan.4": "QS"})
    assert {"fan.3>foundation.0", "fan.4>foundation.0"} <= moves(game)
    assert not any(">fan." in m for m in moves(game))


# -- All in a Row ----------------------------------------------------------------------------------

def test_all_in_a_row_deals_thirteen_open_piles_of_four_and_any_top_card_starts() -> None:
    game = new_game("all-in-a-row", deal=2)
    piles = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in piles] == [4] * 13
    assert not game.pile("foundation.0").cards
    assert moves(game) == {f"{t}>foundation.0" for t in ids(game, "tableau")}
    game.play("tableau.12>foundation.0")
    assert len(game.pile("foundation.0").cards) == 1


def test_all_in_a_row_wraps_from_king_to_ace() -> None:
    game = new_game("all-in-a-row")
    arrange(game, {"foundation.0": "KD", "tableau.0": "AH", "tableau.1": "QC",
                   "tableau.2": "JS"})
    legal = moves(game)
    assert {"tableau.0>foundation.0", "tableau.1>foundation.0"} <= legal
    assert "tableau.2>foundation.0" not in legal


# -- the solver ------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", FAMILY)
def test_solver_wins_replay(variant: str) -> None:
    rng = random.Random(variant)
    for _ in range(3):
        game = new_game(variant, deal=rng.randrange(10_000))
        result = solve(game, max_nodes=3000)
        if result.status == "won":
            for move in result.moves:
                game.play(move)
            assert game.is_won


def test_a_golf_endgame_with_the_stock_left_is_won() -> None:
    game = Game(config("golf"))
    stacks = [[] for _ in game.stacks]
    lay = game.layout
    stacks[lay.foundations[0]] = list(range(44))
    stacks[lay.by_kind["tableau"][0]] = [44]  # the 6 of spades goes on the 5 below it
    stacks[lay.stock] = [c | FACE_DOWN for c in range(45, 52)]
    game.set_position(stacks)
    result = solve(game)
    assert result.status == "won"
    assert result.moves[0] == Move("tableau.0", "foundation.0")


def test_a_sealed_foundation_is_keyed_by_its_size_and_top_card() -> None:
    game = new_game("golf")
    base = [list(p) for p in game.stacks]
    home = base[1] + base[2]

    def key(foundation: list[int]) -> bytes:
        stacks = [list(p) for p in base]
        stacks[0], stacks[1], stacks[2] = foundation, [], []
        game.set_position(stacks)
        return _Search(game).key()

    same = key([base[0][0], *home])
    assert key([base[0][0], *reversed(home[:-1]), home[-1]]) == same  # same cards, same top
    assert key([base[0][0], *home[:-2], home[-1], home[-2]]) != same  # another top card
