"""Undo records: what a move changed, in enough detail to take it back exactly.

A move is made of a few elementary changes (cards shifted from pile to pile, cards turned over
one by one from the stock, a top card flipped face up, a new pass through the stock), and the
automatic moves that follow it add theirs. `Game.apply` returns them as one `Undo`, and
`Game.revert` takes them back in reverse order; the game's own undo history holds the same
records. They are plain slotted dataclasses rather than frozen ones because a search makes
millions of them, and freezing triples their cost; treat them as read-only.
"""

from __future__ import annotations

from dataclasses import dataclass

Step = tuple[int, int, int]
"""A move by pile numbers: (source, target, count), as `Game.legal_steps` lists them."""


@dataclass(slots=True)
class Shift:
    """`count` cards moved from the top of `source` onto `target`, in the same order."""

    source: int
    target: int
    count: int

    @property
    def piles(self) -> tuple[int, ...]:
        """The piles this change touched."""
        return (self.source, self.target)


@dataclass(slots=True)
class TurnOver:
    """`count` cards moved one at a time from `source` onto `target`, each turned over."""

    source: int
    target: int
    count: int

    @property
    def piles(self) -> tuple[int, ...]:
        """The piles this change touched."""
        return (self.source, self.target)


@dataclass(slots=True)
class Flip:
    """The top card of `pile` turned over (face up once the card above it has left)."""

    pile: int

    @property
    def piles(self) -> tuple[int, ...]:
        """The piles this change touched."""
        return (self.pile,)


@dataclass(slots=True)
class NextPass:
    """A new pass through the stock began (the waste went back to the stock)."""

    @property
    def piles(self) -> tuple[int, ...]:
        """The piles this change touched: none, only the pass count."""
        return ()


Change = Shift | TurnOver | Flip | NextPass


@dataclass(slots=True)
class Undo:
    """One move (`step`) and every change it made, automatic moves included, oldest first."""

    step: Step
    changes: list[Change]
