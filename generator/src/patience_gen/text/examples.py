"""Worked examples for building rules and deal rearrangements, found by playing real deals
through the engine.

A page says "on the 7 of clubs you may place the 6 of spades, hearts or diamonds"; this module
finds a position where the engine itself offers such a move, and records how to reach it (deal,
moves before it, the move), so a test can replay every example through `patience.Game`. A
rearrangement at the deal is shown the same way: a real pile of a real deal, as the cards fell
and as the engine leaves it.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from patience import Game, Move
from patience.cards import FACE_DOWN, RANKS, SUITS, Card, card_text
from patience.records import Step
from patience.rules import (
    RANKS_PER_SUIT,
    MoveLimit,
    PileKind,
    RankOrder,
    Rearrange,
    Relation,
    Rules,
    SuitRule,
    rules_of,
)

FACES = tuple(r + s for s in SUITS for r in RANKS)


def rank_of(card: str) -> int:
    """1..13 for 'AC'..'KC'."""
    return RANKS.index(card[0]) + 1


def _code(card: str) -> int:
    return Card.parse(card).code


def fits(rule: Relation, below: str, above: str) -> bool:
    """Whether card `above` may be placed on card `below` ('7H', '6S'): the engine's relation."""
    return rule.allows(_code(below), _code(above))


def allowed_on(rule: Relation, below: str) -> list[str]:
    """Every card face the rule lets go on `below`, in suit order."""
    return [f for f in FACES if fits(rule, below, f)]


def refused_on(rule: Relation, below: str) -> list[str]:
    """Cards of a rank the rule wants that its suit part turns away: the near misses."""
    if rule.rank == RankOrder.ANY or rule.suit == SuitRule.ANY_SUIT:
        return []
    ranks = rule.ranks_on(rank_of(below))
    return [f for f in FACES if rank_of(f) in ranks and not fits(rule, below, f)]


@dataclass(frozen=True)
class Example:
    """A building rule shown on real cards, with the way to reach that position in the engine."""

    kind: str
    deal: int
    prelude: tuple[str, ...]
    move: str
    below: str
    card: str
    allowed: tuple[str, ...]
    refused: tuple[str, ...]
    wraps: bool = False
    cells: int | None = None
    """For a group moved under a free-cell limit: the empty free cells and the empty piles
    that counted, the group being as large as they allow."""
    spaces: int | None = None


def _candidates(
    game: Game, moves: list[Move], kind: PileKind, want: Callable[[str], bool]
) -> list[tuple[str, str, str]]:
    found = []
    for move in moves:
        if not move.target.startswith(kind + ".") or move.source.startswith("stock."):
            continue
        target = game.pile(move.target)
        if not target.cards or move.source.startswith("foundation."):
            continue
        below = str(target.cards[-1])
        if not want(below):
            continue
        card = str(game.pile(move.source).cards[-move.count])
        found.append((str(move), below, card))
    return sorted(found, key=lambda m: (m[0].count("x"), m[0]))


def _search(
    rules: Rules, kind: PileKind, want: Callable[[str], bool], deals: int, steps: int
) -> tuple[int, tuple[str, ...], tuple[str, str, str]] | None:
    # First the dealt positions of many deals (no moves to replay), then short random playouts.
    for deal in range(deals):
        game = Game(rules, deal=deal, autoplay=False)
        found = _candidates(game, game.legal_moves(), kind, want)
        if found:
            return deal, (), found[0]
    for deal in range(deals):
        game = Game(rules, deal=deal, autoplay=False)
        rng = random.Random(deal)
        prelude: list[str] = []
        moves = game.legal_moves()
        for _ in range(steps):
            if not moves:
                break
            move = rng.choice(moves)
            game.play(move)
            prelude.append(str(move))
            moves = game.legal_moves()
            found = _candidates(game, moves, kind, want)
            if found:
                return deal, tuple(prelude), found[0]
    return None


def _wraps(rule: Relation) -> bool:
    """Whether the rule goes round the corner (K-A), so that it gets a second example."""
    return rule.wrap and rule.rank in (RankOrder.UP, RankOrder.DOWN, RankOrder.UP_OR_DOWN)


def find_example(
    config: Mapping[str, Any] | Rules, kind: str, wraps: bool = False, deals: int = 40,
    steps: int = 120,
) -> Example | None:
    """An engine-made position showing the build rule of `kind` (or its wrap), or None."""
    rules = rules_of(config)
    build = rules[kind].build
    if build is None:
        return None
    rule = build.relation
    if wraps:
        edges = {RankOrder.UP: (13,), RankOrder.DOWN: (1,)}.get(rule.rank, (1, 13))

        def want(below: str) -> bool:
            return rank_of(below) in edges
    else:
        # The plain example keeps off the corner: its own example shows the wrap.
        corner = {RankOrder.UP: (13,), RankOrder.DOWN: (1,)}.get(
            rule.rank, (1, 13) if _wraps(rule) else ())

        def want(below: str) -> bool:
            return rank_of(below) not in corner
    hit = _search(rules, PileKind(kind), want, deals, steps)
    if hit is None:
        return None
    deal, prelude, (move, below, card) = hit
    # Only cards of the deck's suits; with one copy of each, the card below cannot also be
    # the card placed on it.
    def present(face: str) -> bool:
        return face[1] in rules.suits and (rules.copies > 1 or face != below)

    allowed = tuple(f for f in allowed_on(rule, below) if present(f))
    refused = tuple(f for f in refused_on(rule, below) if present(f))
    return Example(str(kind), deal, prelude, move, below, card, allowed, refused, wraps)


# The positions a search for a complete run may look at, per deal, and the deals it tries: a
# deck of one or two suits gives a run within a few hundred; four suits would need far more
# than a page build should spend, and their page goes without the example.
RUN_SEARCH_NODES = 1500
RUN_SEARCH_DEALS = 4


def find_run_example(config: Mapping[str, Any] | Rules) -> Example | None:
    """An engine-made position where a complete run may go to a foundation, or None.

    A best-first search from the deal (no automatic moves, so the run waits for the move),
    going on from the position whose top runs are longest, longest of all when a King (or
    whatever the base rank is) lies under one.
    """
    rules = rules_of(config)
    for deal in range(RUN_SEARCH_DEALS):
        hit = _run_search(rules, deal)
        if hit is not None:
            game = Game(rules, deal=deal, autoplay=False)
            for step in hit[0]:
                game.apply(step)
            move = game.move_of(hit[1])
            first = card_text(game.stacks[hit[1][0]][-RANKS_PER_SUIT])
            return Example("foundation", deal, tuple(str(game.move_of(s)) for s in hit[0]),
                           str(move), "", first, (first,), ())
    return None


def _run_search(rules: Rules, deal: int) -> tuple[tuple[Step, ...], Step] | None:
    game = Game(rules, deal=deal, autoplay=False)
    targets = set(game.layout.run_foundations)
    seen = {game.position_key()}
    start: tuple[Step, ...] = ()
    queue = [(-_run_worth(game), 0, start, [list(p) for p in game.stacks])]
    nodes = 0
    while queue and nodes < RUN_SEARCH_NODES:
        _, _, path, stacks = heapq.heappop(queue)
        game.set_position(stacks)
        for step in game.legal_steps():
            if step[1] in targets:
                return path, step
            record = game.apply(step)
            nodes += 1
            key = game.position_key()
            if key not in seen:
                seen.add(key)
                heapq.heappush(queue, (-_run_worth(game), nodes, (*path, step),
                                       [list(p) for p in game.stacks]))
            game.revert(record)
    return None


def _run_worth(game: Game) -> int:
    """How near complete runs look: the squared length of each pile's movable top run, tripled
    where the foundations' base rank lies under it, less five per face-down card."""
    lay = game.layout
    worth = 0
    for p in lay.by_kind[PileKind.TABLEAU]:
        pile, table = game.stacks[p], lay.run[p]
        depth = 0
        while depth < len(pile) and not pile[-depth - 1] & FACE_DOWN and (
                depth == 0 or (table is not None and pile[-depth] in table[pile[-depth - 1]])):
            depth += 1
        heads = depth and (pile[-depth] % RANKS_PER_SUIT + 1) == game.base_rank
        worth += depth * depth * (3 if heads else 1) - 5 * sum(1 for c in pile if c & FACE_DOWN)
    return worth


@cache
def _examples(rules: Rules) -> tuple[Example, ...]:
    out = []
    for pile in rules.piles:
        if pile.build is None:
            continue
        if pile.build.complete_runs:
            example = find_run_example(rules)
            if example:
                out.append(example)
            continue
        for wraps in (False, True) if _wraps(pile.build.relation) else (False,):
            example = find_example(rules, pile.kind, wraps=wraps)
            if example:
                out.append(example)
    return tuple(out)


def examples(config: Mapping[str, Any] | Rules) -> dict[tuple[str, bool], Example]:
    """Every worked example of a variant, keyed by (pile kind, wraps); cached per rules."""
    return {(e.kind, e.wraps): e for e in _examples(rules_of(config))}


@dataclass(frozen=True)
class DealExample:
    """One pile of a real deal, as its cards fell and as the deal's rearrangement leaves it."""

    kind: str
    deal: int
    pile: str
    dealt: tuple[str, ...]
    arranged: tuple[str, ...]


def unarranged(rules: Rules) -> Rules:
    """The same rules with every pile left as its cards fall: the deal before rearranging."""
    piles = tuple(replace(p, deal=replace(p.deal, rearrange=Rearrange.NONE)) for p in rules.piles)
    return replace(rules, piles=piles)


@cache
def deal_example(rules: Rules, kind: str, deals: int = 40) -> DealExample | None:
    """The first pile of the first deals that the rearrangement changes, or None."""
    if rules[kind].deal.rearrange == Rearrange.NONE:
        return None
    plain = unarranged(rules)
    for deal in range(deals):
        before, after = Game(plain, deal=deal), Game(rules, deal=deal)
        for pile in (p for p in after.piles if p.kind == kind):
            dealt = tuple(str(c) for c in before.pile(pile.id).cards)
            arranged = tuple(str(c) for c in pile.cards)
            if dealt != arranged:
                return DealExample(kind, deal, pile.id, dealt, arranged)
    return None


def _at_the_limit(game: Game, kind: PileKind) -> tuple[str, int, int] | None:
    """A move now of a group onto a card of `kind`, as large as the free cells allow."""
    index = game.layout.index
    best = None
    for move in game.legal_moves():
        if move.count < 2 or not move.target.startswith(kind + ".") or not move.source.startswith(
                kind + ".") or not game.pile(move.target).cards:
            continue
        s, t = index[move.source], index[move.target]
        if move.count != game.capacity(s, t):
            continue
        helpers = game.layout.limit[s]
        assert helpers is not None
        cells = sum(1 for p in helpers[0] if not game.stacks[p])
        spaces = sum(1 for p in helpers[1] if not game.stacks[p] and p != t)
        if best is None or move.count > best[0]:
            best = (move.count, str(move), cells, spaces)
    return None if best is None else best[1:]


@cache
def _group_example(rules: Rules, kind: PileKind, least: int, deals: int = 40,
                   steps: int = 80) -> Example | None:
    build = rules[kind].build
    if build is None:
        return None
    for deal in range(deals):
        game = Game(rules, deal=deal, autoplay=False)
        rng = random.Random(deal)
        prelude: list[str] = []
        for _ in range(steps):
            hit = _at_the_limit(game, kind)
            if hit is not None and Move.parse(hit[0]).count >= least:
                move, cells, spaces = hit
                parsed = Move.parse(move)
                below = str(game.pile(parsed.target).cards[-1])
                card = str(game.pile(parsed.source).cards[-parsed.count])
                allowed = tuple(f for f in allowed_on(build.relation, below) if f != below)
                refused = tuple(f for f in refused_on(build.relation, below) if f != below)
                return Example(str(kind), deal, tuple(prelude), move, below, card, allowed,
                               refused, cells=cells, spaces=spaces)
            moves = game.legal_moves()
            if not moves:
                break
            move_ = rng.choice(moves)
            game.play(move_)
            prelude.append(str(move_))
    return None


def group_example(config: Mapping[str, Any] | Rules, kind: str) -> Example | None:
    """An engine-made position where a group of `kind` moves onto a card, as many cards as
    the free cells allow (three or more if some deal shows it, else two); None where no
    free-cell limit applies."""
    rules = rules_of(config)
    if rules[kind].moves.limit != MoveLimit.FREE_CELLS:
        return None
    return _group_example(rules, PileKind(kind), 3) or _group_example(rules, PileKind(kind), 2)
