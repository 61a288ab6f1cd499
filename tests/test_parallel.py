"""A deal searched on two processes (`patience solve --cores 2`): the verdicts of `solve`,
lines that replay, and no process left behind."""

from __future__ import annotations

import multiprocessing
import os

import pytest

import patience
from patience import parallel
from patience.parallel import solve_on_two
from patience.solver import solve


def _game(variant: str, deal: int) -> patience.Game:
    return patience.Game(patience.load_variant(variant), deal=deal, autoplay=True)


@pytest.fixture
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand the search over to two processes from the first position on."""
    monkeypatch.setattr(parallel, "ALONE", 0.0)


@pytest.mark.parametrize(("variant", "deal"), [
    ("klondike-by-threes", 20), ("westcliff", 3), ("scorpion", 2), ("canfield", 5)])
def test_two_processes_give_the_verdict_of_one(at_once: None, variant: str, deal: int) -> None:
    alone = solve(_game(variant, deal), max_seconds=60)
    assert alone.decided
    both = solve_on_two(_game(variant, deal), 60)
    assert both.status == alone.status
    if both.status == "won":
        game = _game(variant, deal)
        for move in both.moves:
            game.play(move)
        assert game.is_won
    assert not multiprocessing.active_children()


def test_a_proof_of_loss_comes_from_the_other_process(at_once: None) -> None:
    """Restarts cannot prove a loss: this one is the child's, sent back whole."""
    both = solve_on_two(_game("klondike-by-threes", 20), 60)
    assert both.status == "lost" and both.nodes > 0


def test_the_budget_ends_both_searches(at_once: None) -> None:
    both = solve_on_two(_game("spider", 1), 0.5)
    assert both.status == "undecided" and 0.5 <= both.seconds < 3.0
    assert not multiprocessing.active_children()


def test_a_deal_decided_at_once_needs_no_second_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> None:
        raise AssertionError("a process was started")

    monkeypatch.setattr(parallel.multiprocessing, "get_context", refuse)
    assert solve_on_two(_game("westcliff", 3), 30).status == "won"


def test_a_child_that_ends_without_a_word_leaves_the_restarts(at_once: None,
                                                               monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    """A child process that dies sends nothing: the restarts go on alone, and win here."""
    monkeypatch.setattr(parallel, "_prove", lambda *_: os._exit(3))
    assert solve_on_two(_game("westcliff", 3), 30).status == "won"
    assert solve_on_two(_game("klondike-by-threes", 20), 0.5).status == "undecided"
    assert not multiprocessing.active_children()
