"""Property tests over random play for every kin game, with the launch variants' state machine.

The shared machine (`engine_machine.make_machine`) checks card conservation, refused illegal
moves, accepted legal moves, undo/redo, JSON round-trips and face-up tops. The kin games add
two checks it does not make: automatic fills really happen, and groups longer than three cards
(Canfield's whole pile, long Klondike runs) are judged alike by `legal_moves` and `why_illegal`.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule
from kin_support import KIN_IDS, config

from engine_machine import make_machine
from patience import Move

SETTINGS = settings(max_examples=10, stateful_step_count=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def kin_machine(cfg: dict) -> type[RuleBasedStateMachine]:
    """The shared machine for one config, plus the checks the kin games need."""

    class KinMachine(make_machine(cfg)):
        @rule()
        def long_groups_judged_alike(self) -> None:
            """Every count up to 14 cards and the whole pile, between every two piles."""
            game = self.game
            legal = set(game.legal_moves())
            targets = [p.id for p in game.piles]
            for pile in game.piles:
                size = len(pile.cards)
                for count in {*range(4, min(size, 14) + 1), size} - {0}:
                    for target in targets:
                        move = Move(pile.id, target, count)
                        assert (game.why_illegal(move) is None) == (move in legal), move

        @invariant()
        def automatic_fills_are_made(self) -> None:
            """With autoplay, an empty pile that fills itself has nothing left to fill it."""
            game = self.game
            if not game.autoplay:
                return
            for pile in game.piles:
                spaces = cfg["piles"][pile.kind]["spaces"]
                if pile.cards or not spaces["automatic"]:
                    continue
                for source in game.piles:
                    if source.kind in spaces["from"]:
                        move = Move(source.id, pile.id, 1)
                        assert game.why_illegal(move) is not None, f"{move} was left undone"
                if "stock" in (spaces["while_cards_in"] or ()):
                    assert not game.pile("stock.0").cards, f"{pile.id} waits on the stock"

    KinMachine.__name__ = f"Kin{make_machine(cfg).__name__}"
    KinMachine.TestCase.settings = SETTINGS
    return KinMachine


@pytest.mark.parametrize("variant_id", KIN_IDS)
def test_random_play_keeps_every_invariant(variant_id: str) -> None:
    kin_machine(config(variant_id)).TestCase().runTest()
