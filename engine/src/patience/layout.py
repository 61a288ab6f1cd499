"""The piles of a variant, numbered, with each pile's rules turned into fast lookups.

A game keeps its piles as a list indexed by pile number (foundations first, in `PileKind`
order). `Layout` says what each number is and answers the per-pile questions of the hot paths
(move generation, the solver) without going back to the rules model each time. One layout is
shared by every game of the same rules. It is a plain class built in its constructor, not a
dataclass: it is derived data, never compared, and the browser imports the engine on every
page load, where each dataclass costs a few milliseconds to create.
"""

from __future__ import annotations

from functools import lru_cache

from patience.rules import GroupRule, MoveLimit, PileKind, Rules, SpaceRule, StockTurn

Table = tuple[frozenset[int], ...]
"""For each face-up card code (0-51), the codes that may lie on it: a relation as a lookup."""


class Layout:
    """Pile numbers and per-pile lookups for one variant's rules (see `layout_of`).

    Every attribute is a tuple indexed by pile number unless said otherwise; read them, never
    change them.
    """

    __slots__ = (
        "auto_fill", "auto_foundation", "auto_sources", "build", "by_kind", "complete_runs",
        "foundations", "group", "ids", "index", "kinds", "limit", "max_cards", "rules", "run",
        "run_foundations", "simple", "single_cards", "sources", "space_fixed", "specs", "stock",
        "takes", "target_bits", "targets", "total", "turn", "waste",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        ids: list[str] = []
        kinds: list[PileKind] = []
        self.by_kind: dict[PileKind, tuple[int, ...]] = {}
        """Pile numbers of each kind this variant has."""
        for spec in rules.piles:
            self.by_kind[spec.kind] = tuple(range(len(ids), len(ids) + spec.count))
            ids.extend(f"{spec.kind}.{i}" for i in range(spec.count))
            kinds.extend([spec.kind] * spec.count)
        self.ids = tuple(ids)
        """Pile ids: 'foundation.0', 'tableau.3'..."""
        self.kinds = tuple(kinds)
        self.index = {pid: i for i, pid in enumerate(ids)}
        """Pile number by id (a dict)."""
        specs = self.specs = tuple(rules[k] for k in kinds)
        """The rules of each pile's kind."""
        self.build: tuple[Table | None, ...] = tuple(
            None if s.build is None else s.build.relation.table for s in specs)
        """What may be placed on each pile's top card (None: nothing)."""
        sorted_rows: dict[int, tuple[tuple[int, ...], ...]] = {}
        for table in self.build:
            if table is not None and id(table) not in sorted_rows:
                sorted_rows[id(table)] = tuple(tuple(sorted(row)) for row in table)
        self.takes: tuple[tuple[tuple[int, ...], ...] | None, ...] = tuple(
            None if table is None else sorted_rows[id(table)] for table in self.build)
        """The same as tuples in code order, which move generation goes through faster."""
        self.run: tuple[Table | None, ...] = tuple(
            None if s.moves.run is None else s.moves.run.table for s in specs)
        """How the cards of a group leaving each pile lie on each other (None: no groups)."""
        self.group: tuple[GroupRule, ...] = tuple(s.moves.group for s in specs)
        self.single_cards = tuple(s.build is not None and s.build.single_cards for s in specs)
        self.max_cards = tuple(None if s.build is None else s.build.max_cards for s in specs)
        self.complete_runs = tuple(s.build is not None and s.build.complete_runs for s in specs)
        """Piles that take cards only as one complete run of a suit, onto an empty pile."""
        self.targets = tuple(
            tuple(t for t in range(len(ids)) if t != p and kinds[t] in s.moves.to)
            for p, s in enumerate(specs))
        """The piles each pile's cards may go to, in pile order."""
        self.target_bits = tuple(sum(1 << t for t in targets) for targets in self.targets)
        """The same, as bits (pile t as 1 << t)."""
        self.simple = tuple(
            frozenset(t for t in self.targets[p] if not self.single_cards[t] and (
                (self.run[p] is not None and self.run[p] is self.build[t])
                or (self.group[p] is GroupRule.FACE_UP and kinds[t] == kinds[p])))
            for p in range(len(ids)))
        """Targets onto which any group that may leave the pile fits once its bottom card
        does: the pile's run relation is the target's build relation, or any face-up group
        leaves the pile and the target is of its own kind."""
        self.space_fixed: tuple[SpaceRule | None, ...] = tuple(
            None if s.spaces.only_from else s.spaces.accepts for s in specs)
        """What an empty pile accepts when that does not depend on the position (else None)."""
        self.limit = tuple(self._helpers(p) if s.moves.limit == MoveLimit.FREE_CELLS else None
                           for p, s in enumerate(specs))
        """For a pile whose groups are limited by free cells, the piles that may carry its
        cards one at a time: (free cells, spaces); None: no limit (see `Game.capacity`)."""
        self.sources = tuple(p for p, g in enumerate(self.group) if g != GroupRule.NONE)
        """Piles cards may leave."""
        self.foundations = self.by_kind[PileKind.FOUNDATION]
        self.run_foundations = tuple(f for f in self.foundations if self.complete_runs[f])
        """Foundations that take only complete runs."""
        self.stock: int | None = self.by_kind.get(PileKind.STOCK, (None,))[0]
        self.waste: int | None = self.by_kind.get(PileKind.WASTE, (None,))[0]
        self.turn: StockTurn | None = None if rules.stock is None else rules.stock.turn
        self.total = rules.cards
        """Cards in the game."""
        self.auto_foundation = rules.foundation.automatic
        """The foundations build by themselves (with autoplay)."""
        self.auto_sources = tuple(
            p for p in self.sources if kinds[p] != PileKind.FOUNDATION
            and PileKind.FOUNDATION in specs[p].moves.to)
        """Piles whose cards the automatic building may send to the foundations."""
        self.auto_fill = tuple(p for p, s in enumerate(specs) if s.spaces.automatic)
        """Piles whose spaces fill by themselves (with autoplay)."""

    def _helpers(self, p: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The free cells that pile `p`'s cards may go to and come back from, and the piles
        of its own kind that take any card when empty."""
        specs, kinds = self.specs, self.kinds
        cells = tuple(c for c in self.targets[p]
                      if specs[c].holds_one and kinds[p] in specs[c].moves.to)
        spaces = tuple(t for t in self.targets[p]
                       if kinds[t] == kinds[p] and self.space_fixed[t] == SpaceRule.ANY)
        return cells, spaces


@lru_cache(maxsize=64)
def layout_of(rules: Rules) -> Layout:
    """The layout of a rules model, built once per model."""
    return Layout(rules)
