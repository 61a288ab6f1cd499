"""Rollouts (nested rollout policy adaptation): their wins replay, they learn, they run in
slices as in one run, and they win deals that restarts of the same size miss."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience
from patience import solver
from patience.game import Game
from patience.rollouts import STEP, _adapt, _weights
from patience.solver import Solver, _Rolling, _Search


def _game(variant: str, deal: int, autoplay: bool = True) -> Game:
    return Game(patience.load_variant(variant), deal=deal, autoplay=autoplay)


def _replays_to_win(game: Game, moves: list[patience.Move]) -> bool:
    game = game.copy()
    for move in moves:
        game.play(move)
    return game.is_won


@pytest.mark.parametrize(("variant", "deal"), [("wood", 3), ("blondes-and-brunettes", 5),
                                               ("westcliff", 1), ("klondike-by-threes", 2)])
def test_a_rollout_win_replays_to_a_win(variant, deal):
    game = _game(variant, deal)
    result = _Rolling(game).run(30_000, None)
    assert result.status == "won", result
    assert _replays_to_win(game, result.moves)


def test_rollouts_win_a_deal_that_restarts_of_the_same_size_miss(monkeypatch):
    """Wood deal 3 is won by a line few move orders follow: searches without rollouts leave
    it undecided at 60,000 positions (and at 2,000,000), with them it is won."""
    game = _game("wood", 3)
    monkeypatch.setattr(solver, "ROLLOUT_SHARE", 0.0)
    assert Solver(game, prove=False).run(max_nodes=60_000).status == "undecided"
    monkeypatch.undo()
    won = Solver(game, prove=False).run(max_nodes=60_000)
    assert won.status == "won"
    assert _replays_to_win(game, won.moves)


def test_rollouts_run_in_slices_play_the_games_of_one_run():
    game = _game("wood", 3)
    whole = _Rolling(game).run(30_000, None)
    rolling = _Rolling(game)
    nodes = 0
    while nodes < 30_000:
        part = rolling.run(333, None)
        nodes += part.nodes
        if part.decided:
            break
    assert (part.status, nodes, part.moves) == (whole.status, whole.nodes, whole.moves)


def test_a_game_never_comes_back_to_a_position_it_was_in():
    game = _game("westcliff", 4, autoplay=False)
    rolling = _Rolling(game)
    rollouts = rolling.rollouts
    keys = [rolling.key()]
    for _ in range(400):
        chosen = rollouts._choose()
        if chosen is None:
            break
        option, key = chosen
        rollouts.records.append(rolling.play(option))
        rollouts.seen.add(key)
        assert rolling.key() == key
        keys.append(key)
    assert len(keys) == len(set(keys))


@given(st.lists(st.lists(st.integers(0, 20), min_size=1, max_size=6), min_size=1, max_size=8),
       st.data())
def test_adapting_makes_each_move_of_the_best_game_likelier(steps_codes, data):
    """After a game is learnt from, each move it made is at least as likely where it was made
    (with its codes all different, strictly likelier unless it was the only move)."""
    steps = []
    for codes in steps_codes:
        codes = list(dict.fromkeys(codes))
        steps.append((codes, data.draw(st.integers(0, len(codes) - 1))))
    policy = {c: data.draw(st.floats(-3, 3)) for c in range(21)}
    new = _adapt(policy, steps[:1])
    codes, chosen = steps[0]

    def likelihood(p: dict[int, float]) -> float:
        weights = [math.exp(p.get(c, 0.0)) for c in codes]
        return weights[chosen] / sum(weights)

    if len(codes) == 1:
        assert likelihood(new) == pytest.approx(1.0)
    else:
        assert likelihood(new) > likelihood(policy)
    assert new[codes[chosen]] > policy[codes[chosen]] - 1e-9 or STEP == 0


@given(st.floats(-5000, 5000), st.lists(st.floats(-3, 3), min_size=1, max_size=6))
def test_a_policy_moved_far_still_weighs_its_moves(shift, offsets):
    """Many games can move a policy's values by hundreds. The weights keep the likelihoods
    the values give (only their differences count), so none of the moves is lost to a sum of
    0 or to an overflow, and adapting to a game made there still works."""
    codes = list(range(len(offsets)))
    policy = {c: shift + o for c, o in zip(codes, offsets, strict=True)}
    weights = _weights(policy, codes)
    assert max(weights) == pytest.approx(1.0)
    plain = [math.exp(o) for o in offsets]
    for w, p in zip(weights, plain, strict=True):
        assert w / sum(weights) == pytest.approx(p / sum(plain))
    new = _adapt(policy, [(codes, 0)])
    assert all(math.isfinite(v) for v in new.values())


def test_rollouts_that_play_long_keep_playing(monkeypatch):
    """Thumb and Pouch deal 262, searched for a win with rollouts after the restarts' first
    5,000 positions, plays games long enough to move its policy past where plain exponentials
    all round to 0."""
    monkeypatch.setattr(solver, "ROLLOUT_AFTER", 5000)
    game = _game("thumb-and-pouch", 262)
    result = Solver(game, prove=False).run(max_nodes=25_000)
    assert result.status == "won"
    assert _replays_to_win(game, result.moves)


@pytest.mark.parametrize("variant", ["klondike-by-threes", "canfield"])
def test_a_move_with_turns_is_known_by_the_card_the_turns_bring_up(variant):
    """From the deal and from positions further on, where the waste holds cards and the
    turns may run past the stock's end and begin a new pass."""
    game = _game(variant, 5, autoplay=False)
    search = _Search(game)
    waste = search.lay.waste
    assert waste is not None
    rng = random.Random(variant)
    checked = from_waste = 0
    for _ in range(30):
        options = search.options()
        if not options:
            break
        for option in options:
            if not option[3]:
                continue
            turned = search.game.copy()
            for turn in option[3]:
                turned.apply(turn)
            assert search.code(option) >> 7 == turned.stacks[waste][-1] & 63
            checked += 1
            from_waste += len(turned.stacks[waste]) <= len(search.game.stacks[waste])
        search.play(rng.choice(options))
    assert checked >= 20
    assert from_waste


def test_rollouts_are_left_out_where_foundations_take_whole_runs():
    assert Solver(_game("spider-two-suits", 1)).rolling_share == 0.0
    assert Solver(_game("wood", 1)).rolling_share == solver.ROLLOUT_SHARE


def test_rollouts_from_a_position_with_no_move_stop_at_once():
    game = _game("westcliff", 1, autoplay=False)
    game._piles = [[] for _ in game._piles]
    game._piles[game._lay.index["tableau.0"]] = [patience.game.card("KS")]
    rolling = _Rolling(game)
    result = rolling.run(1000, None)
    assert (result.status, result.nodes) == ("undecided", 0)
    assert not rolling.pending()
