"""A plain-text picture of a position, for the terminal and for debugging."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from patience.cards import Card
    from patience.game import Game, Pile

FANNED = ("tableau", "fan")


def _card(card: Card) -> str:
    return str(card) if card.face_up else "##"


def _stacked(pile: Pile) -> str:
    if not pile.cards:
        return "--"
    return f"{_card(pile.cards[-1])}({len(pile.cards)})" if len(pile.cards) > 1 else \
        _card(pile.cards[-1])


def render(game: Game) -> str:
    """Stacked piles on one line each, fanned piles as rows of cards, '##' for face down."""
    lines = [f"{game.rules.id}  deal {game.deal}"]
    for kind in game.rules.kinds:
        piles = [p for p in game.piles if p.kind == kind]
        if kind in FANNED:
            for p in piles:
                cards = " ".join(_card(c) for c in p.cards) or "--"
                lines.append(f"{p.id:>12}: {cards}")
        else:
            lines.append(f"{kind:>12}: " + "  ".join(f"{p.index}:{_stacked(p)}" for p in piles))
    left = game.passes_left
    if "stock" in game.rules:
        lines.append(f"{'passes left':>12}: {'unlimited' if left is None else left}")
    return "\n".join(lines)
