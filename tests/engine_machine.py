"""A hypothesis state machine that plays random games of any config and checks the invariants.

Reused for every variant: card conservation, no illegal move accepted, every legal move
accepted, exact undo and redo, every search step applied and reverted exactly, JSON
round-trip, and no face-down card left on top of a pile.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import patience
from patience.cards import FACE_DOWN


def candidate_moves(game: patience.Game) -> list[patience.Move]:
    """Every move worth asking about: each pile to each other, one to three cards or all."""
    ids = [p.id for p in game.piles]
    out = []
    for pile in game.piles:
        n = len(pile.cards)
        for count in sorted({1, 2, 3, n} - {0}):
            if count <= n:
                out.extend(patience.Move(pile.id, t, count) for t in ids if t != pile.id)
    return out


def snapshot(game: patience.Game) -> tuple:
    """Everything that makes a position: piles with faces, passes, and the history."""
    return game.position_key(), game.moves_made, game.can_redo()


def make_machine(config: dict) -> type[RuleBasedStateMachine]:
    """A state machine class for one config."""

    class EngineMachine(RuleBasedStateMachine):
        @initialize(deal=st.integers(0, 2**63 - 1), autoplay=st.booleans())
        def deal(self, deal: int, autoplay: bool) -> None:
            self.game = patience.Game(config, deal=deal, autoplay=autoplay)
            self.deck = Counter(self.game.rules.deck())

        @precondition(lambda self: self.game.legal_moves())
        @rule(data=st.data())
        def play_legal(self, data: st.DataObject) -> None:
            move = data.draw(st.sampled_from(self.game.legal_moves()))
            before = self.game.position_key()
            self.game.play(move)
            assert self.game.position_key() != before or move.source == move.target

        @rule(data=st.data())
        def illegal_is_refused(self, data: st.DataObject) -> None:
            legal = set(self.game.legal_moves())
            bad = [m for m in candidate_moves(self.game) if m not in legal]
            if not bad:
                return
            move = data.draw(st.sampled_from(bad))
            before = snapshot(self.game)
            try:
                self.game.play(move)
            except patience.IllegalMove as exc:
                assert str(exc)
            else:
                raise AssertionError(f"illegal move {move} was accepted")
            assert snapshot(self.game) == before

        @rule()
        def undo_then_redo_is_exact(self) -> None:
            before = snapshot(self.game)
            if self.game.undo():
                assert self.game.redo()
                assert snapshot(self.game)[:2] == before[:2]

        @rule()
        def undo(self) -> None:
            self.game.undo()

        @rule()
        def redo(self) -> None:
            self.game.redo()

        @invariant()
        def cards_are_conserved(self) -> None:
            held = Counter(c & ~FACE_DOWN for pile in self.game.stacks for c in pile)
            assert held == self.deck

        @invariant()
        def legal_moves_are_exactly_the_accepted_ones(self) -> None:
            legal = self.game.legal_moves()
            assert len(set(legal)) == len(legal)
            legal_set = set(legal)
            for move in candidate_moves(self.game) + legal:
                assert (self.game.why_illegal(move) is None) == (move in legal_set), move

        @invariant()
        def every_step_applies_and_reverts_exactly(self) -> None:
            game = self.game
            steps = game.legal_steps()
            assert [game.move_of(step) for step in steps] == game.legal_moves()
            before = snapshot(game)
            for step in steps:
                record = game.apply(step)
                assert record.step == step and record.changes
                game.revert(record)
                assert snapshot(game) == before, game.move_of(step)

        @invariant()
        def no_face_down_card_on_top(self) -> None:
            for pile in self.game.piles:
                if pile.cards and pile.kind != "stock":
                    assert pile.cards[-1].face_up, pile.id

        @invariant()
        def json_round_trip(self) -> None:
            again = patience.Game.from_json(self.game.to_json())
            assert snapshot(again) == snapshot(self.game)
            assert again.to_json() == self.game.to_json()

    EngineMachine.__name__ = f"EngineMachine_{config['id'].replace('-', '_')}"
    return EngineMachine
