"""Helpers for tests: hand-made positions and whole-deck checks."""

from __future__ import annotations

from collections import Counter

import patience
from patience.cards import FACE_DOWN, Card

LAUNCH_VARIANTS = ("thumb-and-pouch", "westcliff", "willow", "wood")


def codes(text: str) -> list[int]:
    """'7H 6S #KD' -> engine codes, '#' marking a face-down card."""
    out = []
    for word in text.split():
        down = word.startswith("#")
        out.append(Card.parse(word.lstrip("#"), face_up=not down).code)
    return out


def position(variant_or_config: str | dict, piles: dict[str, str], *, base: int | None = None,
             autoplay: bool = False, deal: int = 0) -> patience.Game:
    """A game of the variant whose listed piles are replaced; every other pile is emptied.

    Positions like these need not hold a whole deck: they isolate one rule at a time.
    """
    config = (patience.load_variant(variant_or_config)
              if isinstance(variant_or_config, str) else variant_or_config)
    game = patience.Game(config, deal=deal, autoplay=False)
    stacks: list[list[int]] = [[] for _ in game.stacks]
    for pile_id, text in piles.items():
        stacks[game.layout.index[pile_id]] = codes(text)
    game.set_position(stacks, base_rank=base)
    game.autoplay = autoplay
    return game


def faces(game: patience.Game) -> list[list[str]]:
    """Every pile as card text, '#' before face-down cards."""
    return [[("" if c.face_up else "#") + str(c) for c in p.cards] for p in game.piles]


def deck_counts(game: patience.Game) -> Counter:
    """How many of each card the game holds, faces ignored."""
    return Counter(c & ~FACE_DOWN for pile in game.stacks for c in pile)


def targets(game: patience.Game, source: str) -> set[str]:
    """The piles a single card from `source` may go to now."""
    return {m.target for m in game.legal_moves() if m.source == source and m.count == 1}
