"""The piles of a variant, numbered, with each pile's rules turned into fast lookups.

A game keeps its piles as a list indexed by pile number (foundations first, in `PileKind`
order). `Layout` says what each number is and answers the per-pile questions of the hot paths
(move generation, the solver) without going back to the rules model each time. One layout is
shared by every game of the same rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from patience.rules import (
    GroupRule,
    PileKind,
    PileRules,
    Rules,
    SpaceRule,
    StockTurn,
)

Table = tuple[frozenset[int], ...]
"""For each face-up card code (0-51), the codes that may lie on it: a relation as a lookup."""


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """Pile numbers and per-pile lookups for one variant's rules (see `layout_of`)."""

    rules: Rules
    ids: tuple[str, ...]
    """Pile ids by number: 'foundation.0', 'tableau.3'..."""
    kinds: tuple[PileKind, ...]
    index: dict[str, int]
    """Pile number by id."""
    by_kind: dict[PileKind, tuple[int, ...]]
    """Pile numbers of each kind this variant has."""
    specs: tuple[PileRules, ...]
    """The rules of each pile's kind."""
    build: tuple[Table | None, ...]
    """What may be placed on each pile's top card (None: nothing)."""
    run: tuple[Table | None, ...]
    """How the cards of a group leaving each pile must lie on each other (None: no groups)."""
    group: tuple[GroupRule, ...]
    targets: tuple[tuple[int, ...], ...]
    """The piles each pile's cards may go to, in pile order."""
    target_set: tuple[frozenset[int], ...]
    """The same, as sets."""
    simple: tuple[frozenset[int], ...]
    """Targets onto which any group that may leave the pile fits once its bottom card does."""
    max_cards: tuple[int | None, ...]
    single_cards: tuple[bool, ...]
    space_fixed: tuple[SpaceRule | None, ...]
    """What an empty pile accepts when that does not depend on the position (else None)."""
    sources: tuple[int, ...]
    """Piles cards may leave."""
    foundations: tuple[int, ...]
    stock: int | None
    waste: int | None
    turn: StockTurn | None
    total: int
    """Cards in the game."""
    auto_foundation: bool
    """The foundations build by themselves (with autoplay)."""
    auto_sources: tuple[int, ...]
    """Piles whose cards the automatic building may send to the foundations."""
    auto_fill: tuple[int, ...]
    """Piles whose spaces fill by themselves (with autoplay)."""


@lru_cache(maxsize=64)
def layout_of(rules: Rules) -> Layout:
    """The layout of a rules model, built once per model."""
    ids: list[str] = []
    kinds: list[PileKind] = []
    by_kind: dict[PileKind, tuple[int, ...]] = {}
    for spec in rules.piles:
        by_kind[spec.kind] = tuple(range(len(ids), len(ids) + spec.count))
        ids.extend(f"{spec.kind}.{i}" for i in range(spec.count))
        kinds.extend([spec.kind] * spec.count)
    specs = tuple(rules[k] for k in kinds)
    build = tuple(None if s.build is None else s.build.relation.table for s in specs)
    run = tuple(None if s.moves.run is None else s.moves.run.table for s in specs)
    group = tuple(s.moves.group for s in specs)
    single_cards = tuple(s.build is not None and s.build.single_cards for s in specs)
    targets = tuple(
        tuple(t for t in range(len(ids)) if t != p and kinds[t] in s.moves.to)
        for p, s in enumerate(specs))
    simple = tuple(
        frozenset(t for t in targets[p]
                  if run[p] is not None and run[p] is build[t] and not single_cards[t])
        for p in range(len(ids)))
    sources = tuple(p for p, g in enumerate(group) if g != GroupRule.NONE)
    stock = by_kind.get(PileKind.STOCK, (None,))[0]
    found = rules.foundation
    return Layout(
        rules=rules,
        ids=tuple(ids),
        kinds=tuple(kinds),
        index={pid: i for i, pid in enumerate(ids)},
        by_kind=by_kind,
        specs=specs,
        build=build,
        run=run,
        group=group,
        targets=targets,
        target_set=tuple(frozenset(t) for t in targets),
        simple=simple,
        max_cards=tuple(None if s.build is None else s.build.max_cards for s in specs),
        single_cards=single_cards,
        space_fixed=tuple(None if s.spaces.only_from else s.spaces.accepts for s in specs),
        sources=sources,
        foundations=by_kind[PileKind.FOUNDATION],
        stock=stock,
        waste=by_kind.get(PileKind.WASTE, (None,))[0],
        turn=None if stock is None else rules[PileKind.STOCK].turn,
        total=rules.cards,
        auto_foundation=found.automatic,
        auto_sources=tuple(p for p in sources if kinds[p] != PileKind.FOUNDATION
                           and PileKind.FOUNDATION in specs[p].moves.to),
        auto_fill=tuple(p for p, s in enumerate(specs) if s.spaces.automatic),
    )

