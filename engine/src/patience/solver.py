"""A solver for any variant: decides whether a position can be won, and how.

The solver is *thoughtful*: it sees every card, face-down and stock cards included, so its
verdicts measure the deals themselves, not a player who has to guess. It is a depth-first
search over the engine's own moves (so it plays exactly the rules the pages describe), with:

- a transposition table on a canonical key, where piles of a kind whose rules do not depend on
  their place (every kind, unless the stock deals onto the tableau) are sorted, so that two
  positions that differ only in which pile holds what are searched once, and without the pass
  count where passes are unlimited (nor, then, where the turns split the stock and the waste,
  when turns alone could bring it back: see `_Rules.split`), and of a single foundation
  whose cards never leave only its size and top card (see `_Rules.key`); it also cuts
  cycles (a card moved back and forth, a card played back from a foundation and up again);
- the stock and the waste as one move set: each card that turning the stock brings to the top
  of the waste is one move, its turns made first (see `_Search._cycle`);
- with unlimited passes, in the searches that prove losses, the positions that turns alone
  lead to from a position searched (the later splits of its line, and the start round the
  end) put in the table with it, since it can do whatever they can (see
  `_Rules.turned_to`): on the lost deals of a game turning three cards with unlimited
  passes this cuts the positions of a proof by 11 to 19 % (see the README);
- cards that no rule tells apart written as one class in the key (see `_card_classes`);
- positions left where the cards out cannot all reach a single foundation that keeps its
  cards: each needs a card of its own to go onto (see `_Rules.stranded`);
- deals lost because tableau cards block each other for good: each card's first time up and
  each tableau card's first move off its pile wait for others, and the events that can come
  about, added while their needs are met, leave some card that never goes up (where
  foundations take only complete runs, some card never laid on the next card of its suit,
  see `_Rules._runs_locked`); asked of the start, and of every position where every card
  lies in the piles and no space takes any card (see `_Rules.locked`);
- safe moves as dominance: a card that nothing still in play could ever be built on goes to its
  foundation at once, as the only move tried there (see `_Rules.safe_card`);
- dead cards (home, and nothing out could ever rest on them) are never played back from a
  foundation (see `_Rules.dead`);
- of several moves onto interchangeable empty piles only one is made (see
  `_Search._distinct`);
- a group is not moved from the card it was built on to a like card, unless a card like the
  first can go up (see `_Search._side_steps`); in the searches that prove losses, positions
  that differ only in which of two like cards carries which stack are one position while no
  card like them can go up (see `_Rules.exchanged`): on the lost deals of a game turning three
  cards with unlimited passes this cuts the positions of a proof by a factor of 2 to 6;
- a move whose position is in the table already is left without being made, where its
  position can be keyed without making it (see `_Search.peek`); only new positions count
  towards a node budget;
- move ordering, so that wins are found early (foundation moves, uncovering face-down cards,
  digging towards the cards the foundations want next), and a node and a time budget;
- restarts: with a budget, half of it goes to one search in the usual order, run in slices
  that keep its table (it alone proves losses that need a large table), and half to short
  restarts between the slices (see `solve`). Searches for a win have a heavy tail: most wins
  come within a few thousand positions in some order, while one order can sink its whole
  budget under a bad early move. The short searches take turns: depth-first in a shuffled
  order, which looks for wins only (see `_Search._side_steps`), and, where every card is in
  sight (see `_open`), best-first (see `_BestFirst`), which always goes on from the position
  that looks nearest a win and finds other deals' wins than depth-first does (where
  foundations take only complete runs, "nearest" is measured by the piles' runs, see
  `_BestFirst._run_cost`). The search in
  the usual order and best-first searches prune soundly, so either, running out of moves,
  proves the deal lost. Past the restarts' first ROLLOUT_AFTER positions, half of theirs go to
  rollouts (see rollouts.py): whole games played by a policy that learns from the best
  games played, which find the one long line of deals that no short search follows.

Standard library only and single-threaded, so it also runs in the browser's Pyodide worker.
"""

from __future__ import annotations

import heapq
import random
import time
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Final, Literal

from patience.cards import FACE_DOWN
from patience.game import Game, Move
from patience.layout import Layout
from patience.records import Change, Shift, Undo
from patience.rollouts import Rollouts
from patience.rules import GroupRule, PileKind, space_codes

Status = Literal["won", "lost", "undecided"]
# Bumped whenever a change can alter which deals a node budget decides: win-rate data files
# record it, and runs of different versions are never merged into one file.
VERSION: Final = 24
Triple = tuple[int, int, int]  # a move as (source, target, count) pile indexes
# A move of the search: the stock's turns to make first (often none), then one move.
Option = tuple[int, int, int, tuple[Triple, ...]]
CHECK_EVERY: Final = 128  # nodes between two looks at the clock
# What each turn of the stock takes off a move's worth, for ordering (see `_Search._score`):
# little (TURN_COST_LOW) with unlimited passes, where a card turned past comes round again;
# much (TURN_COST_HIGH) with a few passes, where it comes back only at the cost of a pass, so
# the nearest cards are tried first. With one pass the turn that brings up the card played
# costs little (the pass is gone through once anyway), but each card turned past it stays
# under it in the waste: those turns cost much.
TURN_COST_LOW: Final = 1
TURN_COST_HIGH: Final = 100
# Restarts (see `solve`): the share of the budget kept for the one search in the usual
# order that goes on between them (it alone can prove a loss that needs a large table), the
# first restart's positions, how much each next one may search, and how much randomness
# reorders their moves (on the scale of the ordering scores: a shuffled order still leans
# towards the usual one). Where foundations take only complete runs, RUN_SHUFFLE: there a win
# is a long line of moves that build runs, which the usual order favours by a few tens and a
# wider shuffle drowns (on the two-suit deals 1-20 of such a game at 200,000 positions, 14
# won with 40 against 7 with 300).
PROOF_SHARE: Final = 0.5
RESTART_NODES: Final = 500
RESTART_GROWTH: Final = 1.05
SHUFFLE: Final = 300
RUN_SHUFFLE: Final = 40
# Best-first restarts (see `_BestFirst`; only where every card is in sight, see `_open`): their
# share of the restarts' positions, their positions each, the weights of their distance (cards
# home, cards lying on cards wanted earlier, depth of the cards wanted soon) taken in turn, and
# the noise on it once every set of weights has had a plain try.
BEST_FIRST_SHARE: Final = 0.3
BEST_FIRST_NODES: Final = 3000
BEST_FIRST_WEIGHTS: Final = ((10, 2, 1), (10, 1, 1), (20, 3, 1), (10, 2, 2), (10, 0, 1), (5, 1, 1))
BEST_FIRST_NOISE: Final = 20
# Where foundations take only complete runs (see `_BestFirst._run_cost`), best-first search
# measures a position by its runs, which leads it well enough to get most of the restarts'
# positions, in attempts that double in size from BEST_FIRST_NODES; an empty pile counts as
# this many breaks in runs.
RUN_BEST_FIRST_SHARE: Final = 0.8
EMPTY_PILE_BREAKS: Final = -2
# Rollouts (see rollouts.py) get this share of the restarts' positions beyond their first
# ROLLOUT_AFTER (short restarts find most wins sooner, and a rollout's policy needs some games to
# learn), in turns of ROLLOUT_NODES positions. Their policy knows a move onto an empty pile by
# the pile's kind (KIND_CODES).
ROLLOUT_SHARE = 0.5
ROLLOUT_AFTER = 20_000
ROLLOUT_NODES: Final = 2000
KIND_CODES: Final = {"foundation": 0, "tableau": 1, "reserve": 2, "fan": 3, "stock": 4, "waste": 5}
NO_CARD: Final = 63  # no card: a move from an empty pile (a redeal of an empty waste, say)
EMPTY_PILE: Final = 64  # added to a pile's kind code: a move onto an empty pile of that kind

# A pile's hosts (see `_Rules.pile_hosts`): where they start, each host, and their like keys
# as bits, with those met twice and those of hosts with a stack.
PileHosts = tuple[int, list[int], int, int, int]
# Per set of foundation tops: (soon, need, costs), see `_Search._levels`.
_Levels = tuple[dict[int, int], dict[int, int], dict[bytes, tuple[int, int]]]


@dataclass
class SolveResult:
    """What a search found: a winning line, a proof of loss, or not enough budget to tell."""

    status: Status
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def decided(self) -> bool:
        """True when the search settled the question (won or lost)."""
        return self.status != "undecided"


class _Rules:
    """Per-config facts the search needs, worked out once: symmetries and card safety."""

    def __init__(self, lay: Layout) -> None:
        self.lay = lay
        rules = lay.rules
        self.decks = rules.decks
        self.copies = rules.copies  # of each card code: more than decks with fewer suits
        self.total = lay.total
        self.foundations = lay.foundations
        self.found_set = frozenset(lay.foundations)
        turn = lay.turn
        deals_to_tableau = turn is not None and turn.to == "tableau"
        # Kinds whose piles are interchangeable: same rules for every pile of the kind, and
        # nothing that depends on a pile's place (a stock dealing onto the tableau in order).
        self.groups: list[list[int]] = []
        self.fixed: list[int] = []
        for kind, piles in lay.by_kind.items():
            if kind in ("stock", "waste") or (kind == "tableau" and deals_to_tableau):
                self.fixed.extend(piles)
            elif len(piles) > 1:
                self.groups.append(list(piles))
            else:
                self.fixed.extend(piles)
        # Without redeals the stock only ever loses cards from its top: its size says it all.
        self.stock_by_size = (lay.stock is not None and turn is not None
                              and turn.to in ("waste", "foundation") and turn.passes == 1)
        if lay.stock is not None and self.stock_by_size:
            self.fixed.remove(lay.stock)
        self.stock = lay.stock
        # A single foundation whose cards never leave holds exactly the cards no other pile
        # holds, so only its top card (what it takes next) and its size (for a size limit)
        # can matter to what follows: the key keeps only those (see `key`).
        self.sealed = frozenset(lay.foundations) if (
            len(lay.foundations) == 1 and rules.foundation.moves.group == "none") else frozenset()
        # Piles whose top card may go up (for `_Search._follow`).
        self.givers = tuple(p for p in lay.auto_sources)
        # For `stranded`: per card, the cards it may go on in a sealed foundation without a
        # size limit, and per card the cards that go on it, as bit masks (None: no such
        # foundation).
        self.under: list[int] | None = None
        self.takes: list[int] = []
        if self.sealed and lay.max_cards[lay.foundations[0]] is None:
            table = lay.build[lay.foundations[0]]
            if table is not None:
                self.under = [sum(1 << z for z in range(52) if x in table[z]) for x in range(52)]
                self.takes = [sum(1 << x for x in table[z]) for z in range(52)]
        # The pass count matters only while passes are limited: with unlimited passes two
        # positions that differ only in it have the same moves forever after.
        self.count_passes = turn is not None and turn.passes is not None
        # With unlimited passes, turns alone go round the stock and waste's line of cards
        # and back (see `key`).
        # Where the stock and the waste stand among the key's fixed parts, for that.
        self.free_turns = False
        self.line_slots = (0, 0)
        if (turn is not None and turn.passes is None and lay.stock is not None
                and lay.waste is not None):
            self.free_turns = True
            self.line_slots = (self.fixed.index(lay.stock), self.fixed.index(lay.waste))
        passes = turn.passes if turn is not None else None
        # The cost of the turn that brings up the card played, and of each turn before it.
        self.turn_costs = (
            (TURN_COST_LOW, TURN_COST_LOW) if passes is None
            else (TURN_COST_LOW, TURN_COST_HIGH) if passes == 1
            else (TURN_COST_HIGH, TURN_COST_HIGH))
        # Stock and waste as one move set (see `_Search._cycle`): turning the stock only
        # brings another card to the top of the waste when no space rule watches the stock
        # or the waste, nothing is ever put back on either, and only the waste's top card
        # leaves it. Then every other move may as well come before the turns, and the turns
        # need only be made to play the card they bring up.
        watched = {k for spec in rules.piles for k in spec.spaces.while_cards_in or ()}
        self.cycles = (turn is not None and turn.to == "waste" and lay.waste is not None
                       and lay.group[lay.waste] == "single"
                       and not watched & {"stock", "waste"}
                       and not any(k in ("stock", "waste")
                                   for spec in rules.piles for k in spec.moves.to))
        # With automatic moves, the same holds while none can follow a turn or tell one
        # position of the stock from another: the foundations do not build by themselves,
        # and the piles that fill themselves (a tableau filled from the reserve, say) draw
        # from neither the stock nor the waste. Then the moves that follow a move made
        # before the turns are those that would follow it after them.
        fills_from = {k for spec in rules.piles if spec.spaces.automatic
                      for k in spec.spaces.only_from or ()}
        self.quiet_turns = not lay.auto_foundation and not fills_from & {"stock", "waste"}
        # Each pile's group of interchangeable piles (None: a pile of its own).
        self.group_of: list[int | None] = [None] * len(lay.kinds)
        for i, group in enumerate(self.groups):
            for p in group:
                self.group_of[p] = i
        self._hosts()
        # Piles, other than foundations, whose build rule makes every card that a card may
        # go on take the same cards: moving a group from one such host to another only
        # swaps the two (see `_Search._side_steps`).
        self.swaps = frozenset(
            p for p, table in enumerate(lay.build)
            if table is not None and lay.kinds[p] != "foundation"
            and all(len({table[y] for y in range(52) if x in table[y]}) <= 1 for x in range(52)))
        self.shifts, self.likes = self._shifts()
        # For `exchanged`: per shift pile, each card's like key, one per group and set of like
        # cards, numbered from 0 so that sets of them stay small integers (a compiled search
        # takes bits above the 62nd through Python's slower big integers).
        classes = {p: [((self.group_of[p] or 0), min(likes)) for likes in self.likes[p]]
                   for p in self.shifts}
        number = {c: i for i, c in enumerate(sorted({c for row in classes.values() for c in row}))}
        self.like_ids = {p: [number[c] for c in row] for p, row in classes.items()}
        # The like keys of one shift pile per group, for `blocked`.
        self.like_rows = list({self.group_of[p]: self.like_ids[p] for p in sorted(self.shifts)}
                              .values())
        self.safe_kinds = self._safe_source_kinds()
        # Whether dead cards may be kept from coming back off the foundations (see `dead`):
        # one deck, each foundation card with at most one successor, base cards only on
        # empty foundations, and the conditions of safe moves.
        found_table = lay.build[lay.foundations[0]]
        found_spec = lay.rules.foundation
        self.dead_returns = (
            bool(self.safe_kinds) and self.copies == 1 and found_table is not None
            and all(len(found_table[c]) <= 1 for c in range(52))
            and found_spec.spaces.accepts == "base" and found_spec.spaces.only_from is None
            and found_spec.moves.group != "none")
        self._dead: dict[bytes, frozenset[int]] = {}
        self.levels: dict[tuple[Any, ...], _Levels] = {}  # see `_Search._levels`
        self.classes = _card_classes(lay)  # see `_card_classes`; None: every card its own
        # A face-down card's code turned up and written as its class, as `bytes.translate`
        # takes it: for the stock in `split`.
        face_up = bytes(c & ~FACE_DOWN for c in range(256))
        self.face_up = face_up if self.classes is None else face_up.translate(self.classes)
        # For `locked`: per card the tableau cards it may go onto, as a bit mask, and the
        # card below it up its foundation (-1 for a base card); the cards a space takes;
        # the run table (None: single cards move); whether every face-up card moves with the
        # cards above it; whether a group may go up at once, each card following the one
        # below; whether home cards stay home.
        self.lock_hosts: list[int] = []
        self.lock_pred: list[int] = []
        self.lock_free = 0
        self.lock_run: tuple[frozenset[int], ...] | None = None
        self.lock_face_up = False
        self.lock_climb = False
        self.lock_sealed = False
        # Whether foundations take only complete runs, and then each suit's cards as a bit
        # mask (see `_runs_locked`).
        self.lock_runs = False
        self.lock_suits: list[int] = []
        self.lock_chains: list[list[int]] = []  # each suit's cards, from its base up
        self.lock_bases = 0
        # Whether `locked` is asked at every position once the stock and the waste are empty.
        self.lock_watch = False
        self.locks = self._locks()

    def _hosts(self) -> None:
        """Which cards may rest on which, split by whether the host pile can be refilled.

        A pile that stays empty once emptied (a fan, say) can only ever have on top a card it
        holds now or one that the closure of its build rule brings in; cards it cannot reach
        need not be feared there. Other piles may get any card on top.
        """
        lay = self.lay
        self.open_hosts: list[set[int]] = [set() for _ in range(52)]
        self.closed: list[tuple[int, tuple[frozenset[int], ...]]] = []
        for p, table in enumerate(lay.build):
            if table is None or lay.kinds[p] == "foundation":
                continue
            if lay.space_fixed[p] == "none":
                self.closed.append((p, table))
                continue
            for c in range(52):
                self.open_hosts[c] |= table[c]
        # Per closed pile, each card's closure under the pile's build rule (the card, the
        # cards that may lie on it, those that may lie on them...) as a bit mask.
        closures: dict[int, list[int]] = {}
        self.closures: list[list[int]] = []
        for _, table in self.closed:
            masks = closures.get(id(table))
            if masks is None:
                masks = closures[id(table)] = [_closure(table, c) for c in range(52)]
            self.closures.append(masks)
        # Closed piles where a card takes no more than the card it was put on (the rule is
        # transitive: equal ranks, say), with no size limit: a card that comes back from a
        # foundation onto one only offers what the card under it already does (see `dead`).
        self.nested = frozenset(
            p for p, table in self.closed
            if lay.max_cards[p] is None
            and all(table[y] <= table[w] for w in range(52) for y in table[w]))
        # Whether a base card (one that starts a foundation) may always go up instead of
        # resting on a card: every foundation starts empty, takes any base card, and every
        # pile a card can leave may send it to a foundation. There are as many foundations
        # as base cards, so one is free for each base card still out.
        found = lay.rules.foundation
        self.base_goes_up = (
            found.gather == "none" and found.spaces.accepts == "base"
            and found.spaces.only_from is None
            and all("foundation" in spec.moves.to for spec in lay.rules.piles
                    if spec.kind != "foundation" and spec.moves.group != "none"))

    def _shifts(self) -> tuple[frozenset[int], dict[int, list[frozenset[int]]]]:
        """Piles where a complete search may leave out moving a group from the card it was
        built on to a like card, and per such pile each card's like cards (see
        `_Search._side_steps`, which gives the argument and what it needs)."""
        lay = self.lay
        piles: set[int] = set()
        likes: dict[int, list[frozenset[int]]] = {}
        for p in self.swaps:
            table = lay.build[p]
            group = lay.group[p]
            if (table is None or self.group_of[p] is None or lay.max_cards[p] is not None
                    or lay.single_cards[p] or lay.limit[p] is not None
                    or not set(lay.specs[p].moves.to) <= {"foundation", lay.kinds[p]}
                    or not (group == "face-up" or (group == "run" and lay.run[p] == table))
                    or not _acyclic(table)):
                continue
            piles.add(p)
            likes[p] = [frozenset(y for y in range(52) if table[y] == table[x])
                        for x in range(52)]
        return frozenset(piles), likes

    def _closed_tops(self, piles: list[list[int]]) -> list[int]:
        """Per closed host pile, every card that could ever be its top card, as a bit mask
        (0: unused): the closures of the cards it holds."""
        tops = []
        for (p, _), closure in zip(self.closed, self.closures, strict=True):
            mask = 0
            for c in piles[p]:
                mask |= closure[c & ~FACE_DOWN]
            tops.append(mask)
        return tops

    def _safe_source_kinds(self) -> frozenset[str]:
        """Kinds from which a safe card may go up at once; empty when safety cannot be shown.

        The argument: if every card that could ever rest on card c is already on a foundation,
        a winning line that keeps c out can be rewritten to send c up now and drop every later
        move of c and of those cards (they only ever serve each other). It needs that no space
        rule looks at piles such cards could come back to, a free foundation for every
        base card still out, and foundations that take single cards (not complete runs).
        """
        lay = self.lay
        rules = lay.rules
        if len(lay.foundations) < 4 * self.decks or lay.run_foundations:
            return frozenset()
        reach: set[str] = set()
        todo: list[str] = list(rules.foundation.moves.to)
        while todo:
            kind = todo.pop()
            if kind not in reach and kind in rules:
                reach.add(kind)
                todo.extend(rules[kind].moves.to)
        watched: set[str] = set()
        for spec in rules.piles:
            watched.update(spec.spaces.while_cards_in or ())
        if watched & reach:
            return frozenset()
        return frozenset(k for k in lay.by_kind if k not in watched and k != "foundation")

    def safe_card(self, code: int, home: list[int], piles: list[list[int]], base: int,
                  strict: bool = False) -> bool:
        """Whether `code` may go up now without losing anything: see `_safe_source_kinds`.

        Every card that could come to rest on it, directly or through others, must already
        be on the foundations (all copies; of `code` itself, all the other copies). A base
        card need not be: where a line puts it on `code`, it may go to a free foundation
        instead, if nothing but base cards could ever rest on it (see `base_goes_up`).
        """
        copies = self.copies
        tops = self._closed_tops(piles) if self.closed else ()
        seen = {code}
        todo = [code]
        while todo:
            c = todo.pop()
            hosts = set(self.open_hosts[c])
            for (p, table), reach in zip(self.closed, tops, strict=True):
                if reach >> c & 1 and not (strict and p in self.nested):
                    hosts |= table[c]
            if self.base_goes_up and not strict:
                hosts = {x for x in hosts if not self._base_only(x, base, tops)}
            for x in hosts:
                if home[x] < (copies - 1 if x == code else copies):
                    return False
                if x not in seen:
                    seen.add(x)
                    todo.append(x)
        return True

    def dead(self, piles: list[list[int]]) -> frozenset[int]:
        """Cards on the foundations that nothing in play could ever need back.

        A card is dead when it is home and every card that could come to rest on it,
        directly or through others, is home as well (the test of `safe_card`, without the
        base-card allowance). Then a winning line that plays dead cards back can drop every
        move of every dead card: nothing outside them could rest on one, so the other moves
        stay legal, and with one successor per foundation card the foundations still take
        the same cards (a base card that would find its foundation taken by dead cards has
        another, empty one: there is one per base card). For that the dead cards must lie
        at the bottom of their foundations, under every live card; if they do not, none is
        called dead. Empty: nothing may be pruned.

        A dead card put back onto a closed pile where cards take no more than the card they
        rest on (`nested`) adds nothing there: a card a line puts on it could go on the card
        beneath instead (a live card, in the end: dead cards only come there on top of
        others). So those piles' hosts do not count for deadness.
        """
        found = [piles[f] for f in self.foundations]
        cache_key = b"\xff".join([bytes(f) for f in found]
                                 + [bytes(piles[p]) for p, _ in self.closed])
        dead = self._dead.get(cache_key)
        if dead is not None:
            return dead
        home = [0] * 52
        for f in found:
            for c in f:
                home[c] += 1
        out: set[int] = set()
        for f in found:
            live = False
            for c in f:
                if self.safe_card(c, home, piles, 0, strict=True):
                    if live:
                        out = set()
                        break
                    out.add(c)
                else:
                    live = True
            else:
                continue
            break
        dead = frozenset(out)
        if len(self._dead) > 4096:
            self._dead.clear()
        self._dead[cache_key] = dead
        return dead

    def _base_only(self, x: int, base: int,
                   tops: list[int] | tuple[()]) -> bool:
        """Whether `x` is a base card on which only base cards could ever come to rest."""
        if x % 13 + 1 != base:
            return False
        hosts = set(self.open_hosts[x])
        for (_, table), reach in zip(self.closed, tops, strict=True):
            if reach >> x & 1:
                hosts |= table[x]
        return all(h % 13 + 1 == base for h in hosts)

    def stranded(self, piles: list[list[int]]) -> bool:
        """Whether the cards out cannot all reach a sealed foundation, so the position is lost.

        Every card out but the stock's (which a turn puts up whatever the top) goes up onto
        the top card at the time: the one now or a card still out. No two cards go onto the
        same card, so each card out must be given a card it may go onto, a different one for
        each (a matching, see `_matched`); where there is none, no line wins. With several
        copies of a card, only the weaker test is made: each card out has some card to go
        onto, one other than itself or another copy of it.
        """
        under = self.under
        assert under is not None
        found = self.foundations[0]
        if not piles[found]:
            return False
        out = 0  # every card out, the stock's included, as a bit mask
        twice = 0  # those out more than once
        needs = 0  # those that need a top to take them
        stock = self.stock
        for p, pile in enumerate(piles):
            if p != found:
                for c in pile:
                    bit = 1 << (c & ~FACE_DOWN)
                    twice |= out & bit
                    out |= bit
                    if p != stock:
                        needs |= bit
        top = piles[found][-1]
        if not twice:
            return not _matched(needs, out | 1 << top, under)
        lacking = needs & ~self.takes[top]
        while lacking:
            bit = lacking & -lacking
            lacking ^= bit
            if not under[bit.bit_length() - 1] & ((out & ~bit) | (twice & bit)):
                return True
        return False

    def _locks(self) -> bool:
        """Whether `locked` may be asked, setting up what it needs.

        Its argument needs that a tableau card can leave its pile only for a foundation, onto
        a card of the tableau, or into a space that takes it (no cells, no reserve, no space
        rule that waits on other piles); one deck, every card with at most one card to follow
        it up its foundation, from a fixed base and not round from King to Ace; and groups
        that are single cards, runs of a build, or any face-up card with the cards above it.
        Where foundations take only complete runs, every foundation must, and each card's
        next card up its foundation must be one it may go onto in the tableau (see
        `_runs_locked`).
        """
        lay = self.lay
        rules = lay.rules
        runs = bool(lay.run_foundations)
        if (not set(lay.kinds) <= {"foundation", "tableau", "stock", "waste"}
                or "tableau" not in lay.by_kind or self.copies != 1
                or (runs and len(lay.run_foundations) != len(lay.foundations))
                or rules.foundation.base not in ("ace", "king")):
            return False
        found = lay.build[lay.foundations[0]]
        if found is None or any(lay.build[f] != found for f in lay.foundations):
            return False
        below = [[x for x in range(52) if c in found[x]] for c in range(52)]
        if (any(len(found[c]) > 1 or len(below[c]) > 1 for c in range(52))
                or not _acyclic(found)):
            return False
        tableau = lay.by_kind[PileKind.TABLEAU]
        first = tableau[0]
        table, spaces = lay.build[first], lay.specs[first].spaces
        if (table is None or any(lay.build[p] != table for p in tableau)
                or lay.group[first] not in ("single", "run", "face-up")
                or (lay.group[first] == "run" and lay.run[first] is None)
                or spaces.while_cards_in is not None
                or not set(lay.specs[first].moves.to) <= {"foundation", "tableau"}):
            return False
        self.lock_hosts = [sum(1 << h for h in range(52) if c in table[h]) for c in range(52)]
        self.lock_pred = [xs[0] if xs else -1 for xs in below]
        if runs and any(d >= 0 and not self.lock_hosts[c] >> d & 1
                        for c, d in enumerate(self.lock_pred)):
            return False
        self.lock_runs = runs
        self.lock_suits = []
        self.lock_chains = []
        self.lock_bases = sum(1 << c for c in range(52) if self.lock_pred[c] < 0)
        for c in range(52):
            if self.lock_pred[c] < 0:  # a base: its suit, each card above the one it follows
                suit = [c]
                while found[suit[-1]]:
                    suit.append(next(iter(found[suit[-1]])))
                self.lock_suits.append(sum(1 << x for x in suit))
                self.lock_chains.append(suit)
        if spaces.accepts == "king":
            self.lock_free = sum(1 << c for c in range(52) if c % 13 == 12)
        elif spaces.accepts == "any":
            self.lock_free = (1 << 52) - 1
        self.lock_run = lay.run[first] if lay.group[first] == "run" else None
        self.lock_face_up = lay.group[first] == "face-up"
        self.lock_climb = lay.group[first] != "single" and not any(
            lay.single_cards[f] for f in lay.foundations)
        self.lock_sealed = rules.foundation.moves.group == "none"
        self.lock_watch = spaces.accepts != "any"
        return True

    def locked(self, piles: list[list[int]]) -> bool:
        """Whether some card can never go up, because tableau cards block each other for good.

        Each card's first time up and each tableau card's first move off the pile it lies in
        now need other such events before them (or, for cards moving together, at once):

        - a card goes up after the card below it in its suit, from the stock or the waste, or
          once every card above it in its pile has left (or it has left itself);
        - a tableau card goes up from its pile once every card above it has left (or, where
          a group may go up, goes up with it, each card following the one below);
        - it leaves its pile for another once every card above it has left or moves with it
          (as a run of the build, or, where any face-up card moves with the cards above it,
          as all of them if it is face up now), onto a card that is to hand (from the stock
          or the waste; in a pile, with every card above it gone; moved already; or back
          from the foundations, where they give cards back), or, if a space takes it, into
          a pile other than its own whose cards have all left (or that is empty now).

        These hold on every line, so the events of a win can be put in an order in which each
        one's needs come first. The events that such an order can reach are found by adding
        every event whose needs are met until none is left; a card whose going up is not
        among them never goes up, and no line wins. A card whose every card to go onto lies
        beneath it is the plainest case: it goes up before those cards are freed, and if the
        cards beneath it go up first, nothing can go up at all. Counting each card's first
        time up keeps the argument sound where cards come back from the foundations.

        `solve` asks it of the position it starts from, and the search asks it again at every
        position where every card lies in the piles (none in the stock or the waste) and no
        space takes any card. There a move that covers a card can lock what was free: its
        cards to go onto are fewer and no pile that empties frees everything. While cards
        wait in the stock or the waste they count as to hand for every need, and where a
        space takes any card, any pile that can empty frees every card: asked at every
        position there, it left out no position of the proofs of loss tried, or cut too few
        to pay for its time.
        """
        hosts, free, run, pred = self.lock_hosts, self.lock_free, self.lock_run, self.lock_pred
        face_up, climb = self.lock_face_up, self.lock_climb
        every = (1 << 52) - 1
        home = 0
        for f in self.foundations:
            for code in piles[f]:
                home |= 1 << (code & ~FACE_DOWN)
        tableau = [piles[p] for p in self.lay.by_kind[PileKind.TABLEAU]]
        columns = [[code & ~FACE_DOWN for code in pile] for pile in tableau]
        above = [0] * 52  # the cards above each tableau card in its pile
        along = [0] * 52  # of those, the ones that may move with it
        chain = [0] * 52  # of those, the ones that may go up with it
        whole: list[int] = []  # each pile's cards
        in_play = 0
        for pile, cards in zip(tableau, columns, strict=True):
            mask = 0
            nxt = -1  # the card above, read first: what moves with it moves with this one
            for i in range(len(cards) - 1, -1, -1):
                c = cards[i]
                above[c] = mask
                if face_up and not pile[i] & FACE_DOWN:
                    along[c] = mask
                elif run is not None and nxt >= 0 and nxt in run[c]:
                    along[c] = 1 << nxt | along[nxt]
                if climb and nxt >= 0 and along[c] >> nxt & 1 and pred[nxt] == c:
                    chain[c] = 1 << nxt | chain[nxt]
                mask |= 1 << c
                nxt = c
            whole.append(mask)
            in_play |= mask
        loose = every & ~in_play & ~home  # in the stock or the waste
        if self.lock_runs:
            return self._runs_locked(tableau, columns, above, along, whole, home, loose)
        sealed = self.lock_sealed
        up, left, exposed = home, 0, 0
        # The events are added until none is left. Whether an event's needs are met only
        # grows as others are added, so the order does not change what is reached: each
        # pile is read from the top down, where a card's needs are met first, and what a
        # card's move makes to hand counts at once for the cards read after it.
        while up != every:
            was = (up, left, exposed)
            handy = loose | left | exposed | (0 if sealed else up)
            spaces = any(not mask & ~left for mask in whole)  # never a card's own pile
            for cards in columns:
                for i in range(len(cards) - 1, -1, -1):
                    c = cards[i]
                    bit = 1 << c
                    rest = above[c] & ~left  # the cards above it still in its pile
                    if not rest and not exposed & bit:
                        exposed |= bit
                        handy |= bit
                    if left & bit:
                        continue
                    if rest & ~along[c]:
                        break  # it cannot move, nor can the cards beneath it
                    if hosts[c] & handy & ~rest or (spaces and free & bit):
                        left |= bit | along[c]
                        handy |= bit | along[c]
                    elif not rest & ~chain[c]:
                        down = pred[c]
                        if down < 0 or up >> down & 1:
                            left |= bit | rest  # up, alone or with the cards it carries
                            handy |= bit | rest
            up = _climb(self.lock_chains, up, loose | left | exposed)
            if (up, left, exposed) == was:
                break
        return up != every

    def _runs_locked(self, tableau: list[list[int]], columns: list[list[int]],
                     above: list[int], along: list[int], whole: list[int], home: int,
                     loose: int) -> bool:
        """`locked` where foundations take only complete runs.

        There a card goes up only in a whole run lying in one pile, so each card other than
        a run's base must once be laid on the card below it up its foundation, its *next*,
        unless it lies on it already (both face up) or is home. That is the event whose
        needs are followed here, beside each tableau card's first move off its pile, whose
        needs are those of `locked`:

        - a card is laid on its next once it can move (it has left its pile already, or
          every card above it has left or moves with it) and its next is to hand and not a
          card it carries;
        - a card in the stock is laid on its next once that is to hand;
        - a suit goes up once every card of it has been laid on its next; its cards have
          then left their piles.

        Every win has these events in an order where each one's needs come first, so a card
        never laid on its next in the events reached means no line wins. Foundations give
        no card back here, so only cards in the stock, cards that have left their piles and
        cards with every card above them gone are to hand.
        """
        hosts, free, pred = self.lock_hosts, self.lock_free, self.lock_pred
        every = (1 << 52) - 1
        laid = home | self.lock_bases  # a run's base has nothing to be laid on
        for pile, cards in zip(tableau, columns, strict=True):
            for i in range(1, len(cards)):
                if (cards[i - 1] == pred[cards[i]]
                        and not (pile[i] | pile[i - 1]) & FACE_DOWN):
                    laid |= 1 << cards[i]
        suits = self.lock_suits
        left = exposed = 0
        while laid != every:  # in any order, as in `locked`
            was = (laid, left, exposed)
            handy = loose | left | exposed
            spaces = any(not mask & ~left for mask in whole)
            for cards in columns:
                for i in range(len(cards) - 1, -1, -1):
                    c = cards[i]
                    bit = 1 << c
                    carried = above[c] & ~left
                    if not carried and not exposed & bit:
                        exposed |= bit
                        handy |= bit
                    if not left & bit and carried & ~along[c]:
                        break  # it cannot move, nor can the cards beneath it
                    if not laid & bit and (handy & ~carried) >> pred[c] & 1:
                        laid |= bit
                    elif left & bit or not (hosts[c] & handy & ~carried
                                            or (spaces and free & bit)):
                        continue
                    left |= bit | along[c]
                    handy |= bit | along[c]
            waiting = loose & ~laid
            while waiting:  # a card from the stock: laid on its next once that is to hand
                bit = waiting & -waiting
                waiting ^= bit
                if handy >> pred[bit.bit_length() - 1] & 1:
                    laid |= bit
            for suit in suits:
                if laid & suit == suit:
                    left |= suit
            if (laid, left, exposed) == was:
                break
        return laid != every

    def wanted(self, piles: list[list[int]], base_rank: int) -> set[int]:
        """The cards some foundation takes now."""
        lay = self.lay
        out: set[int] = set()
        for f in self.foundations:
            dest = piles[f]
            table, cap = lay.build[f], lay.max_cards[f]
            if not dest:
                out |= space_codes(base_rank)[lay.specs[f].spaces.accepts]
            elif table is not None and (cap is None or len(dest) < cap):
                out |= table[dest[-1]]
        return out

    def blocked(self, piles: list[list[int]], base_rank: int) -> int:
        """The like keys (see `pile_hosts`) of the cards some foundation takes now, as bits:
        stacks on such cards keep their places (see `exchanged`)."""
        out = 0
        for code in self.wanted(piles, base_rank):
            for ids in self.like_rows:
                out |= 1 << ids[code]
        return out

    def pile_hosts(self, p: int, pile: list[int]) -> PileHosts:
        """A shift pile's hosts for `exchanged`: where they start, each as its like key << 16
        | p << 8 | its index, and their like keys as bits: all, those met twice, and those
        of hosts with a stack. A host is a face-up card whose stack (the cards above it) is
        built on it and moves as one group, or that lies bare (the top card alone)."""
        n = len(pile)
        if not n or pile[-1] & FACE_DOWN:
            return n, [], 0, 0, 0
        table = self.lay.build[p]
        assert table is not None
        ids = self.like_ids[p]
        runs = self.lay.group[p] is GroupRule.RUN
        j = n - 1
        while j and not pile[j - 1] & FACE_DOWN and (not runs or pile[j] in table[pile[j - 1]]):
            j -= 1
        found = [ids[pile[i]] << 16 | p << 8 | i for i in range(j, n)
                 if runs or i + 1 == n or pile[i + 1] in table[pile[i]]]
        mask = twice = stacked = 0
        for e in found:
            stacked = mask  # at the end, every host's but the top card's: they have stacks
            bit = 1 << (e >> 16)
            twice |= mask & bit
            mask |= bit
        return j, found, mask, twice, stacked

    def exchanged(self, piles: list[list[int]], blocked: int,
                  hosts: list[PileHosts]) -> dict[int, list[int]] | None:
        """The piles that change when the stacks on like cards are put in a set order (on
        each set of like hosts, the lowest card gets the stack whose first card is lowest,
        none first); None when none does. `blocked`: the like keys that keep their places
        (see `blocked`); `hosts`: each shift pile's `pile_hosts`.

        Two like cards W and V (they take the same cards) lie face up in shift piles (see
        `_Search._side_steps`), each with its stack: the cards above it, built on it and
        moving as one group, or none. While no foundation takes a card like them, the
        position with the two stacks exchanged holds a win just when this one does, and a
        complete search keys the two alike. The mirror of `_side_steps` shows it: a line
        from one is played from the other with the stacks exchanged, move for move (the
        same cards go up, and whether a move is left out or tried alone depends on cards
        that the two positions share), until W or V goes up. The one that does lies bare
        then; the other stack, on it in the mirror, goes onto the other card, bare there,
        and from then on the lines are one. That extra move is a side step, kept since a
        card like W is wanted, and it comes only after some card has gone up since the two
        positions were keyed alike. So counted in the moves that are not side steps, the
        position a search keeps for a key is as near a win as any other of that key, and
        each of its moves that brings it nearer leads to a key nearer still: keying them
        alike loses no win. Where a card like W is wanted the extra move could come first,
        so there the stacks keep their places.
        """
        seen = twice = stacked = 0
        for _, _, mask, again, carry in hosts:
            twice |= seen & mask | again
            seen |= mask
            stacked |= carry
        # Like hosts that all lie bare have no stacks to exchange.
        twice &= stacked & ~blocked
        if not twice:
            return None
        # Per like key met twice, its hosts.
        starts = [0] * len(piles)
        alike: dict[int, list[int]] = {}
        for j, found, mask, _, _ in hosts:
            if mask & twice:
                for e in found:
                    k = e >> 16
                    if twice >> k & 1:
                        starts[e >> 8 & 255] = j
                        mine = alike.get(k)  # not setdefault: mypyc makes that slow
                        if mine is None:
                            alike[k] = [e & 0xFFFF]
                        else:
                            mine.append(e & 0xFFFF)
        moved: dict[int, int] = {}  # host: the node of its new stack's first card (-1: none)
        for mine in alike.values():
            if len(mine) == 2:
                # Two hosts, the usual case: the lower card keeps the stack that comes first.
                # The same order as the general path below, without its sorted tuples: with
                # that path alone, a compiled search took a sixth more instructions.
                a, b = mine
                pa, pb = piles[a >> 8], piles[b >> 8]
                ca, cb = pa[a & 255], pb[b & 255]
                if ca > cb or (ca == cb and a > b):
                    a, b, pa, pb = b, a, pb, pa
                ta = pa[(a & 255) + 1] if (a & 255) + 1 < len(pa) else -1
                tb = pb[(b & 255) + 1] if (b & 255) + 1 < len(pb) else -1
                if ta > tb or (ta == tb and a > b):
                    moved[a] = -1 if tb < 0 else b + 1
                    moved[b] = -1 if ta < 0 else a + 1
                continue
            # Each host as its card << 16 | g, each stack as its first card + 1 (0: none) << 16
            # | its host g: sorted as the pairs would be, without a tuple for each.
            order: list[int] = []
            stacks: list[int] = []
            for g in mine:
                pile, at = piles[g >> 8], g & 255
                order.append(pile[at] << 16 | g)
                stacks.append((pile[at + 1] + 1 if at + 1 < len(pile) else 0) << 16 | g)
            order.sort()
            stacks.sort()
            for host, stack in zip(order, stacks, strict=True):
                g, f = host & 0xFFFF, stack & 0xFFFF
                if f != g:
                    moved[g] = -1 if stack < 1 << 16 else f + 1
        if not moved:
            return None
        cuts: dict[int, list[int]] = {}  # per pile, its hosts that get another stack
        for g in sorted(moved):
            listed = cuts.get(g >> 8)
            if listed is None:
                cuts[g >> 8] = [g & 255]
            else:
                listed.append(g & 255)
        out: dict[int, list[int]] = {}
        for p in cuts:
            cards = piles[p][:starts[p]]
            q, k = p, starts[p]
            while True:
                pile = piles[q]
                cut = -1
                for i in cuts.get(q, ()):
                    if i >= k:
                        cut = i
                        break
                if cut < 0:
                    cards += pile[k:]
                    break
                cards += pile[k:cut + 1]
                node = moved[q << 8 | cut]
                if node < 0:
                    break
                q, k = node >> 8, node & 255
            out[p] = cards
        return out

    def key(self, parts: list[bytes], piles: list[list[int]], passes: int,
            joined: list[bytes | None], free_turns: bool = False,
            line: bytes | None = None) -> bytes:
        """The canonical key of a position: interchangeable piles sorted, as compact bytes.

        `parts` holds each pile's cards as bytes, `joined` each group's sorted parts (None:
        to be worked out here), both kept up to date by the search. Card codes stay below
        0xfe, so the separators keep the key unambiguous. With `free_turns` (unlimited
        passes, and turns that nothing follows), the stock and the waste are written as
        their one line of cards and where turns split it (see `split`): `line`, where the
        search has it already.
        """
        stock = self.stock
        size = len(piles[stock]) if stock is not None and self.stock_by_size else 255
        head = bytes((passes & 255 if self.count_passes else 0, size))
        sorted_parts: list[bytes] = []
        for i, group in enumerate(self.groups):
            part = joined[i]
            if part is None:
                part = joined[i] = b"\xfe".join(sorted([parts[p] for p in group]))
            sorted_parts.append(part)
        sealed = self.sealed
        fixed = [_summary(piles[p], self.classes) if p in sealed else parts[p]
                 for p in self.fixed]
        if free_turns:
            waste = self.lay.waste
            assert stock is not None and waste is not None
            stock_slot, waste_slot = self.line_slots
            fixed[stock_slot] = self.split(piles[waste], piles[stock]) if line is None else line
            fixed[waste_slot] = b""
        return head + b"\xff".join(fixed + sorted_parts)

    def split(self, waste: list[int], stock: list[int]) -> bytes:
        """The stock and the waste as one line of cards (the waste bottom to top, then the
        stock top to bottom), which turns never reorder, and where it is split.

        With unlimited passes, turns alone lead from a split to every split the turns from
        the start reach (multiples of the cards turned at a time, and the end), and back
        to the start: so all of those splits are one position, written as the start. Any
        other split can be left but not come back to, and counts for itself.
        """
        classes = self.classes
        line = (bytes(waste) if classes is None else bytes(waste).translate(classes)) + bytes(
            stock[::-1]).translate(self.face_up)
        return bytes((self.keyed_split(len(waste), len(stock)),)) + line

    def keyed_split(self, split: int, left: int) -> int:
        """A split of the line as `split` writes it, `left` cards in the stock: the start
        (0) wherever turns alone lead back to it."""
        turn = self.lay.turn
        assert turn is not None
        return 0 if split % turn.cards == 0 or not left else split

    def turned_to(self, key: bytes) -> list[bytes]:
        """The keys of the other positions that turns alone lead to from the keyed one, where
        turns are free (see `split`): those are covered once it is searched.

        From a split that is not a multiple of the cards turned at a time, the turns bring
        the split forward that many cards at a time, then (the stock empty) put the waste
        back, which is the position from the start. Everything such a position can do, the
        one it is reached from can do too, move for move with the same turns first: so no
        line wins from it that does not win from the position searched, and a search need
        not search it again (see `_Search.visit`). The way back is not free: so those keys
        stay apart in the table, and only the way forward is covered. The table holds some
        twice as many keys for it (on one lost deal with three cards a turn, 239,885 for
        150,000 positions instead of 109,311); covering the start alone would keep about two
        thirds of the positions saved for half the keys.
        """
        at = 2  # after the head
        for _ in range(self.line_slots[0]):
            at = key.index(b"\xff", at) + 1
        split = key[at]
        if not split:
            return []
        end = key.find(b"\xff", at)
        size = (len(key) if end < 0 else end) - at - 1
        turn = self.lay.turn
        assert turn is not None
        head, tail = key[:at], key[at + 1:]
        out = [head + bytes((s,)) + tail for s in range(split + turn.cards, size, turn.cards)]
        out.append(head + b"\x00" + tail)
        return out

    def part(self, pile: list[int]) -> bytes:
        """A pile's cards as they count in a key: each card as its class (see `classes`)."""
        cards = bytes(pile)
        return cards if self.classes is None else cards.translate(self.classes)


def _climb(chains: list[list[int]], up: int, ready: int) -> int:
    """`up` with every card of `ready` added whose suit's cards below it are up or added:
    each suit's cards go up in order from its base, so each is followed from its lowest
    card not yet up."""
    for chain in chains:
        for c in chain:
            if not up >> c & 1:
                if not ready >> c & 1:
                    break
                up |= 1 << c
    return up


def _summary(pile: list[int], classes: bytes | None) -> bytes:
    """A sealed foundation in a key: its size (two bytes, each below 0xfe) and top card."""
    top = pile[-1:] if classes is None else [classes[c] for c in pile[-1:]]
    return bytes((len(pile) // 200, len(pile) % 200, *top))


def _matched(needs: int, hosts: int, under: list[int]) -> bool:
    """Whether each card of `needs` can be given a card of `hosts` to go onto, a different
    one for each (bit masks of card codes; `under[c]`: the cards c may go onto).

    Kuhn's augmenting paths: each card takes a free card it may go onto, or else takes one
    from a card that can move on to another, and so on down the chain.
    """
    owner = [-1] * 52  # per host card, the card given it
    state = [hosts, 0]  # the hosts still free, and those a chain has tried
    rest = needs
    while rest:
        bit = rest & -rest
        rest ^= bit
        state[1] = 0
        if not _place(bit.bit_length() - 1, hosts, under, owner, state):
            return False
    return True


def _place(card: int, hosts: int, under: list[int], owner: list[int],
           state: list[int]) -> bool:
    """Give `card` a host, moving earlier cards to other hosts if need be (see `_matched`)."""
    options = under[card] & hosts & ~(1 << card)
    spare = options & state[0]
    if spare:
        bit = spare & -spare
        state[0] ^= bit
        owner[bit.bit_length() - 1] = card
        return True
    options &= ~state[1]
    while options:
        bit = options & -options
        options ^= bit
        if state[1] & bit:
            continue  # tried by a chain further down
        state[1] |= bit
        host = bit.bit_length() - 1
        if _place(owner[host], hosts, under, owner, state):
            owner[host] = card
            return True
    return False


# Ways cards may be alike, coarsest first: the same rank, or the same rank and colour (suits
# CDHS: diamonds and hearts are red).
_LIKENESS = (lambda c: c % 13, lambda c: (c % 13, c // 13 in (1, 2)))


def _closure(table: tuple[frozenset[int], ...], card: int) -> int:
    """The card and every card that may come to rest on it through others, as a bit mask."""
    mask = 0
    todo = [card]
    while todo:
        x = todo.pop()
        if not mask >> x & 1:
            mask |= 1 << x
            todo.extend(table[x])
    return mask


def _acyclic(table: tuple[frozenset[int], ...]) -> bool:
    """Whether no card can come to rest, through others, on a card that rests on it: no
    build that goes round from King to Ace, no cards of one rank on each other."""
    closures = [_closure(table, c) for c in range(52)]
    return not any(closures[y] >> x & 1 for x in range(52) for y in table[x])


def _card_classes(lay: Layout) -> bytes | None:
    """Which cards no rule of the game tells apart, as a table for `bytes.translate` that
    turns each card code into its class's (its face-down bit kept); None if every card
    counts for itself.

    Cards are alike when every relation of the rules (what goes on what, on every pile,
    and which groups move together) treats them the same: they take the same cards, and
    every card takes both or neither. Spaces and base ranks go by rank only. Then swapping
    two alike cards in a position gives a position with the same moves, turned the same
    way, and the same verdict, so the position key writes each card as its class: where
    every pile builds in alternate colours, the same rank and colour is alike; where no
    rule looks at suits, the same rank is.
    """
    tables = [t for t in (*lay.build, *lay.run) if t is not None]
    cards = range(52)
    for alike in _LIKENESS:
        first: dict[object, int] = {}
        for c in cards:
            first.setdefault(alike(c), c)
        of = [first[alike(c)] for c in cards]
        members: dict[int, list[int]] = {}
        for c in cards:
            members.setdefault(of[c], []).append(c)
        if all(table[c] == table[of[c]]
               and all(m in table[c] for x in table[c] for m in members[of[x]])
               for table in tables for c in cards):
            classes = bytearray(range(256))
            for c in cards:
                classes[c] = of[c]
                classes[c | FACE_DOWN] = of[c] | FACE_DOWN
            return bytes(classes)
    return None


_RULES: dict[int, _Rules] = {}


def _rules(lay: Layout) -> _Rules:
    rules = _RULES.get(id(lay))
    if rules is None or rules.lay is not lay:
        rules = _RULES[id(lay)] = _Rules(lay)
    return rules


def _copy(game: Game) -> Game:
    """A game at the same position with no history; the caller's game is left alone."""
    return game.copy()


class _Search:
    """One depth-first search from one position, with its own copy of the game.

    Moves inside the search are options: (source, target, count) index triples from the
    engine's own `Game.legal_steps`, which `legal_moves` wraps, each after the stock's turns
    that bring its card up (see `_cycle`); they become `Move`s only in results. The search
    can be run in slices: each `run` goes on from where the last one stopped.
    """

    def __init__(self, game: Game, shuffle: random.Random | None = None,
                 wins_only: bool | None = None) -> None:
        self.game = g = _copy(game)
        self.shuffle = shuffle  # reorders the moves at random, for restarts
        # Restarts (and by default any shuffled search) look for wins only: they leave out
        # moves of a group off a card it was built on unless that card can then go up
        # (Solvitaire's part-run rule, which is not shown to keep every win), so running out
        # of moves proves nothing there.
        if wins_only is None:
            wins_only = shuffle is not None
        self.complete = not wins_only
        self.lay = lay = g.layout
        self.rules = _rules(lay)
        quiet = not (g.autoplay and (lay.auto_foundation or lay.auto_fill))
        self.dominance = bool(self.rules.safe_kinds) and quiet
        # See `_side_steps`: restarts always leave such moves out, a complete search only
        # where the argument holds.
        self.side_steps = not self.complete or (quiet and bool(self.rules.shifts))
        # See `_Rules.exchanged`: where side steps are left out by the complete search's rule.
        self.exchange = self.complete and self.side_steps
        self.shift_piles = sorted(self.rules.shifts)
        # Each shift pile's `_Rules.pile_hosts`, kept up to date by `_refresh` (None: to be
        # worked out again).
        self.hosts: list[PileHosts | None] = [None] * len(g.stacks)
        # `_Rules.blocked` now, for the exchange, and the stock and the waste as they count
        # in a key where turns are free (see `_Rules.split`): kept like the hosts (None: to
        # be worked out again).
        self.blocked: int | None = None
        self.line: bytes | None = None
        self.foundation_bits = sum(1 << f for f in self.rules.foundations)
        self.stock_piles = tuple(p for p in (lay.stock, lay.waste) if p is not None)
        self.line_bits = sum(1 << p for p in self.stock_piles)
        # Whether a plain move's position can be keyed without making the move (see `peek`):
        # nothing follows a move by itself but a card turning face up.
        self.peeks = quiet
        self.kinds = lay.kinds
        self.cycles = self.rules.cycles and (not g.autoplay or self.rules.quiet_turns)
        # Positions that turns alone lead to and back from are one (see `_Rules.split`).
        # Only with the stock cycled: a search that turned one card at a time would find
        # each turn's position already seen, and never reach the cards the turns bring up.
        self.free_turns = self.cycles and self.rules.free_turns
        # See `visit`: only where the search is complete. In a short restart a covered
        # position's wins lie deeper in the position covering it, past the restart's budget:
        # under version 21, which covered in restarts too, one game turning three cards with
        # unlimited passes left 18 of 1,000 deals undecided at 500,000 positions that
        # restarts had won, and won none more (see the README).
        self.covers = self.free_turns and self.complete
        # Where foundations take only complete runs, a move that lays a group on a card it
        # continues as a run comes first (see `_score`).
        self.joins = bool(lay.run_foundations)
        self.spread = RUN_SHUFFLE if self.joins else SHUFFLE
        self.stack: list[list[Any]] | None = None  # see `run`
        self.seen: set[bytes] = set()
        self.parts = [self.rules.part(pile) for pile in g.stacks]  # for `key`
        self.joined: list[bytes | None] = [None] * len(self.rules.groups)  # see `_Rules.key`

    def to_move(self, triple: Triple | Option) -> Move:
        ids = self.lay.ids
        return Move(ids[triple[0]], ids[triple[1]], triple[2])

    def to_moves(self, option: Option) -> list[Move]:
        """The player's moves that make an option: its turns of the stock, then its move."""
        return [self.to_move(turn) for turn in option[3]] + [self.to_move(option)]

    # -- the rules, fast --------------------------------------------------------------------

    def moves(self) -> list[tuple[int, int, int]]:
        """Every legal move as (source, target, count): `Game.legal_moves`, without objects."""
        return self.game.legal_steps()

    # -- moving -----------------------------------------------------------------------------

    def play(self, option: Option) -> Undo:
        """Make a legal move and what follows from it, as `Game.play` does; return its record
        (the stock's turns before it included)."""
        g = self.game
        changes: list[Change] = []
        for turn in option[3]:  # nothing follows a turn by itself: see `_Rules.cycles`
            changes += g.apply(turn).changes
        record = g.apply(option[:3])
        if changes:
            record = Undo(record.step, changes + record.changes)
        self._refresh(record.changes)
        return record

    def _refresh(self, changes: list[Change]) -> None:
        """Bring `parts` up to date for the piles that changes touched, and forget the sorted
        parts of their groups. Each pile once: a move after many turns of the stock touches
        the stock and the waste once per turn."""
        parts, piles = self.parts, self.game.stacks
        group_of, joined, part = self.rules.group_of, self.joined, self.rules.part
        done = 0  # the piles brought up to date, as bits
        for change in changes:
            for p in change.piles:
                if done >> p & 1:
                    continue
                done |= 1 << p
                parts[p] = part(piles[p])
                self.hosts[p] = None
                if self.foundation_bits >> p & 1:
                    self.blocked = None
                if self.line_bits >> p & 1:
                    self.line = None
                g = group_of[p]
                if g is not None:
                    joined[g] = None

    def peek(self, option: Option) -> bytes | None:
        """The key of the position a move leads to, without making it; None where that
        takes making it (a turn of the stock or a redeal on its own).

        Most moves of a search lead to positions already in its table: keyed this way they
        cost a few piles' parts and a key instead of a move made and taken back. A waste
        card played after turns of the stock (`_cycle`) is keyed with the turns worked out
        on copies of the stock and the waste, as `Game` makes them: each card turned over
        onto the other pile, a redeal counting a pass.
        """
        s, t, n, turns = option
        stock = self.lay.stock
        if s == stock or t == stock:
            return None
        if turns and self.free_turns:
            return self._peek_turned(t, turns)
        moved = list(self.game.stacks)
        passes = self.game.passes
        changed = [s, t]
        if turns:
            stock, waste = self._line_piles()
            moved[stock], moved[waste], passes = self._after(turns)
            changed.append(stock)
        src = moved[s][:-n]
        if src and src[-1] & FACE_DOWN:
            src[-1] ^= FACE_DOWN
        dest = moved[t] + moved[s][-n:]
        moved[s], moved[t] = src, dest
        return self._key_of(moved, changed, passes)

    def _peek_turned(self, t: int, turns: tuple[Triple, ...]) -> bytes:
        """`peek` of a waste card played onto `t` after turns, where turns are free: the key
        writes the stock and the waste only as their line and its split (see `_Rules.split`),
        so the line loses the card and splits where it was, and no pile is turned over."""
        piles = self.game.stacks
        at = self._split_after(turns)[0] - 1  # the card's place in the line
        line = self._line(piles, 0)
        rest = line[1:at + 1] + line[at + 2:]
        moved = list(piles)
        moved[t] = piles[t] + [self._line_card(at)]
        split = self.rules.keyed_split(at, len(rest) - at)
        return self._key_of(moved, [t], self.game.passes, bytes((split,)) + rest)

    def _key_of(self, moved: list[list[int]], changed: list[int], passes: int,
                line: bytes | None = None) -> bytes:
        """The key of the position whose piles are `moved`, which differ from the game's
        only in the piles `changed` (their parts are worked out afresh, then put back), with
        the stacks on like cards in their set order where the search exchanges them (see
        `_Rules.exchanged`). `line`: the stock and the waste's `_Rules.split`, where the
        caller has it."""
        parts, joined, rules = self.parts, self.joined, self.rules
        touched = 0
        for p in changed:
            touched |= 1 << p
        if self.exchange:
            hosts = []
            for p in self.shift_piles:
                if touched >> p & 1:
                    hosts.append(rules.pile_hosts(p, moved[p]))
                    continue
                known = self.hosts[p]
                if known is None:
                    known = self.hosts[p] = rules.pile_hosts(p, moved[p])
                hosts.append(known)
            swapped = rules.exchanged(moved, self._blocked(moved, touched), hosts)
            if swapped is not None:
                if moved is self.game.stacks:
                    moved = list(moved)
                for p, cards in swapped.items():
                    moved[p] = cards
                changed = changed + [p for p in swapped if not touched >> p & 1]
        if line is None and self.free_turns:
            line = self._line(moved, touched)
        if not changed:
            return rules.key(parts, moved, passes, joined, self.free_turns, line)
        saved = [parts[p] for p in changed]
        kept = list(joined)
        for p in changed:
            parts[p] = rules.part(moved[p])
            group = rules.group_of[p]
            if group is not None:
                joined[group] = None
        key = rules.key(parts, moved, passes, joined, self.free_turns, line)
        for p, part in zip(changed, saved, strict=True):
            parts[p] = part
        joined[:] = kept
        return key

    def _blocked(self, moved: list[list[int]], touched: int) -> int:
        """`_Rules.blocked` for these piles, kept while the foundations are the game's
        (`touched`: the piles that are not, as bits)."""
        if touched & self.foundation_bits:
            return self.rules.blocked(moved, self.game.base_rank)
        if self.blocked is None:
            self.blocked = self.rules.blocked(moved, self.game.base_rank)
        return self.blocked

    def _line(self, moved: list[list[int]], touched: int) -> bytes:
        """The stock and the waste's `_Rules.split` in these piles, kept like `_blocked`."""
        stock, waste = self._line_piles()
        if touched & self.line_bits:
            return self.rules.split(moved[waste], moved[stock])
        if self.line is None:
            self.line = self.rules.split(moved[waste], moved[stock])
        return self.line

    def visit(self, key: bytes) -> None:
        """Put a position in the table, with the positions its turns alone lead to, where
        that covers them (see `_Rules.turned_to`)."""
        self.seen.add(key)
        if self.covers:
            self.seen.update(self.rules.turned_to(key))

    def undo(self, record: Undo) -> None:
        self.game.revert(record)
        self._refresh(record.changes)

    def won(self) -> bool:
        return self.home() == int(self.rules.total)

    def home(self) -> int:
        """The cards on the foundations."""
        piles = self.game.stacks
        return sum(len(piles[f]) for f in self.rules.foundations)

    def code(self, option: Option) -> int:
        """What a rollout's policy knows a move by (see rollouts.py): the card moved, and
        the card it lands on or, for an empty pile, the pile's kind."""
        s, t, n, turns = option
        piles = self.game.stacks
        if turns:
            at = self._split_after(turns)[0] - 1  # in the line: the waste, then the stock
            card = NO_CARD if at < 0 else self._line_card(at)
        else:
            card = piles[s][-n] if piles[s] else NO_CARD
        dest = (piles[t][-1] & ~FACE_DOWN if piles[t]
                else EMPTY_PILE + KIND_CODES.get(self.kinds[t], 0))
        return (card & ~FACE_DOWN) << 7 | dest

    def _after(self, turns: tuple[Triple, ...]) -> tuple[list[int], list[int], int]:
        """The stock, the waste and the passes after these turns, as `Game` makes them (each
        card turned over onto the other pile, a redeal counting a pass): the stock and the
        waste are one line of cards (see `_cycle`), which turns only split elsewhere."""
        stock, waste = self._line_piles()
        up, down = self.game.stacks[waste], self.game.stacks[stock]
        split, passes = self._split_after(turns)
        if split <= len(up):  # a redeal turned the waste's cards from `split` on back over
            return down + [c ^ FACE_DOWN for c in reversed(up[split:])], up[:split], passes
        kept = len(down) - (split - len(up))  # the stock's cards left unturned
        return down[:kept], up + [c ^ FACE_DOWN for c in reversed(down[kept:])], passes

    def _line_card(self, at: int) -> int:
        """The card at place `at` of the stock and the waste's line (see `_cycle`), face up."""
        stock, waste = self._line_piles()
        up, down = self.game.stacks[waste], self.game.stacks[stock]
        return up[at] if at < len(up) else down[len(up) - at - 1] & ~FACE_DOWN

    def _split_after(self, turns: tuple[Triple, ...]) -> tuple[int, int]:
        """Where these turns split the stock and the waste's line (see `_cycle`), and the
        passes after them."""
        stock, waste = self._line_piles()
        split, passes = len(self.game.stacks[waste]), self.game.passes
        for _, target, count in turns:
            if target == stock:
                split, passes = 0, passes + 1
            else:
                split += count
        return split, passes

    def _line_piles(self) -> tuple[int, int]:
        """The stock and the waste, where the search plays them as one line (see `_cycle`)."""
        stock, waste = self.lay.stock, self.lay.waste
        assert stock is not None and waste is not None
        return stock, waste

    def key(self) -> bytes:
        return self._key_of(self.game.stacks, [], self.game.passes)

    # -- choosing ---------------------------------------------------------------------------

    def hopeless(self) -> bool:
        """Whether this position is lost for sure (see `_Rules.stranded` and `_Rules.locked`)."""
        rules, piles = self.rules, self.game.stacks
        if (rules.lock_watch and not any(piles[p] for p in self.stock_piles)
                and rules.locked(piles)):
            return True
        return rules.under is not None and rules.stranded(piles)

    def expand(self) -> list[Option]:
        """The moves a search tries at a position it reaches: none where it is hopeless."""
        return [] if self.hopeless() else self.children()

    def children(self) -> list[Option]:
        """The moves to try here, best first; a safe move alone when there is one."""
        moves = self.options()
        if len(moves) <= 1:
            return moves
        piles = self.game.stacks
        score, dig = self._score, self._dig
        soon = self._levels(piles)[0]

        def worth(m: Option) -> int:
            return score(m, piles) + dig(m, piles, soon)

        if self.shuffle is None:
            moves.sort(key=worth, reverse=True)
        else:
            noise, spread = self.shuffle.randrange, self.spread
            moves.sort(key=lambda m: worth(m) + noise(spread), reverse=True)
        return moves

    def options(self) -> list[Option]:
        """The moves worth trying here, in no order: a safe move alone when there is one."""
        moves: list[Option]
        if self.cycles:
            stock = self.lay.stock
            moves = [(s, t, n, ()) for s, t, n in self.moves() if stock not in (s, t)]
            moves += self._cycle()
        else:
            moves = [(s, t, n, ()) for s, t, n in self.moves()]
        if not moves:
            return moves
        piles = self.game.stacks
        rules = self.rules
        found = rules.found_set
        kinds = self.kinds
        moves = self._distinct(moves, piles)
        if self.side_steps:
            moves = self._side_steps(moves, piles)
        if self.dominance:
            home = None
            ups: dict[tuple[int, int], list[Option]] = {}
            for m in moves:
                s = m[0]
                if (m[1] in found and s not in found and kinds[s] in rules.safe_kinds
                        and not m[3]):
                    ups.setdefault((s, piles[s][-1]), []).append(m)
            for (_, code), options in ups.items():
                if len(options) != 1:
                    continue
                if home is None:
                    home = [0] * 52
                    for f in rules.foundations:
                        for c in piles[f]:
                            home[c] += 1
                if rules.safe_card(code, home, piles, self.game.base_rank):
                    return options
            if rules.dead_returns and any(m[0] in found for m in moves):
                dead = rules.dead(piles)
                if dead:
                    moves = [m for m in moves if m[0] not in found or piles[m[0]][-1] not in dead]
        return moves

    def _cycle(self) -> list[Option]:
        """The moves of the cards that turning the stock brings to the top of the waste.

        Stock and waste as one move set, as in Bjarnason, Tadepalli and Fern's
        solver and in Solvitaire: the waste and the stock read as one line of cards (the
        waste bottom to top, then the stock top to bottom), which turns and redeals never
        reorder; a turn only moves the point that splits it. So each card the turns can bring
        up is one option, its turns made first, with no position of its own for each turn.
        Where passes are limited, a split seen again on a later pass is left out: the same
        cards with fewer passes to come can do nothing the earlier one cannot.
        """
        g, lay = self.game, self.lay
        stock, waste = lay.stock, lay.waste
        assert stock is not None and waste is not None and lay.turn is not None
        piles = g.stacks
        up = piles[waste]
        line = up + [c & ~FACE_DOWN for c in reversed(piles[stock])]
        size, split, passes = len(line), len(up), g.passes
        cards, limit = lay.turn.cards, lay.turn.passes
        takers = self._takers(waste)
        out: list[Option] = []
        turns: list[Triple] = []
        seen = {split}
        while True:
            if split < size:
                n = min(cards, size - split)
                turns.append((stock, waste, n))
                split += n
            elif split and (limit is None or passes < limit):
                turns.append((waste, stock, split))
                split, passes = 0, passes + 1
            else:
                break
            if split in seen:
                break
            seen.add(split)
            if split:
                code = line[split - 1]
                made: tuple[Triple, ...] | None = None  # made once a pile takes the card
                for t, takes in takers:
                    if code in takes:
                        if made is None:
                            made = tuple(turns)
                        out.append((waste, t, 1, made))
        return out

    def _takers(self, source: int) -> list[tuple[int, frozenset[int]]]:
        """Each pile that a single card from `source` may go to now, with the cards it takes
        (`Game._refusal` for every card at once)."""
        g, lay = self.game, self.lay
        piles = g.stacks
        takes = space_codes(g.base_rank)
        out = []
        for t in lay.targets[source]:
            dest = piles[t]
            if dest:
                table, cap = lay.build[t], lay.max_cards[t]
                if table is None or dest[-1] & FACE_DOWN or (cap is not None
                                                             and len(dest) >= cap):
                    continue
                out.append((t, table[dest[-1]]))
                continue
            codes = takes[g.space_rule(t, source)]
            if codes:
                out.append((t, codes))
        return out

    def _levels(self, piles: list[list[int]]) -> _Levels:
        """How many cards each card waits for before it may go up: (soon, need, costs).

        `need` holds, for every card the foundations can still take, how many cards must go
        up before it (0 for those wanted now); `soon` only those within two; `costs` is where
        best-first search keeps each pile's part of its distance, which depends only on the
        pile's cards and on `need`. All depend only on the foundations' top cards, which
        change far more slowly than the rest of a position, so they are kept per set of tops.
        """
        base = self.game.base_rank
        cache_key = (base, *[(len(piles[f]), piles[f][-1] if piles[f] else -1)
                             for f in self.rules.foundations])
        levels = self.rules.levels.get(cache_key)
        if levels is None:
            need = self._need(piles, base)
            levels = ({c: n for c, n in need.items() if n <= 2}, need, {})
            if len(self.rules.levels) > 4096:
                self.rules.levels.clear()
            self.rules.levels[cache_key] = levels
        return levels

    def _need(self, piles: list[list[int]], base: int) -> dict[int, int]:
        lay = self.lay
        found = lay.build
        need: dict[int, int] = {}
        level: set[int] = set()
        for f in self.rules.foundations:
            dest = piles[f]
            if dest:
                table = found[f]
                cap = lay.max_cards[f]
                if table is not None and (cap is None or len(dest) < cap):
                    level |= table[dest[-1]]
            else:
                level |= space_codes(base)[lay.specs[f].spaces.accepts]
        table = found[self.rules.foundations[0]]
        depth = 0
        while level:
            nxt: set[int] = set()
            for c in level:
                if c not in need:
                    need[c] = depth
                    if table is not None:
                        nxt |= table[c]
            level = nxt
            depth += 1
        return need

    def _dig(self, m: Option, piles: list[list[int]], soon: dict[int, int]) -> int:
        """How much a move digs towards cards the foundations want soon, less what it buries.

        Nothing where foundations take only complete runs: a whole suit goes up at once, so
        no card is wanted sooner than another, and digging for the first of the suit's order
        only led the search away from building runs.
        """
        s, t, n, _ = m
        if self.joins or self.kinds[s] == "foundation" or self.kinds[t] == "foundation":
            return 0
        src = piles[s]
        rest = len(src) - n
        worth = 0
        for i in range(rest - 1, -1, -1):
            level = soon.get(src[i] & ~FACE_DOWN)
            if level is not None:
                worth += max(0, 30 - 10 * level - 3 * (rest - 1 - i))
                break
        dest = piles[t]
        for i in range(len(dest) - 1, max(-1, len(dest) - 4), -1):
            level = soon.get(dest[i] & ~FACE_DOWN)
            if level is not None:
                worth -= max(0, 15 - 5 * level - 3 * (len(dest) - 1 - i))
                break
        return worth

    def _side_steps(self, moves: list[Option], piles: list[list[int]]) -> list[Option]:
        """The moves less those that take a group off a face-up card W it was built on onto
        a like card V (one that takes the same cards), unless a foundation takes W now
        (restarts, see `complete` and `_Rules.swaps`; they also keep a group that goes onto
        V as part of a run and lay on W out of one, see `_joins_run`), or in a complete
        search a card like W now (and only between interchangeable piles of
        `_Rules.shifts`).

        The complete search's rule wins nothing that the position before such a move does
        not. Call the cards that later lie on W and on V their stacks. A line from after the
        move is mirrored from before it with the two stacks exchanged (W and V take the
        same cards, and every group, having no size limit, moves as well off either): a
        move of cards in a stack, or onto one, is made with the same cards on the other; a
        move of W, V or cards under them takes its own stack along. Until W or V goes up:
        the first to do so lies bare, so the other stack, on it in the mirror, can go onto
        the other card (bare in the mirror), and from there the two lines are one. That
        extra move is of this kind but kept, a card like W going up next; the mirror keeps
        or leaves out every other move alike, as whether a move is left out depends on W's
        likeness, not on W. So a winning line, its last left-out move replaced so, loses
        one left-out move each time. It needs piles of one kind with no size limit and
        groups that move as runs of their build or as any face-up cards, a build that never
        comes round (a stack on V cannot take W), and no automatic moves, which could tell
        the two apart. Their cards may go only to the foundations or to piles of their own
        kind: a pile of another kind that takes single cards (a fan or a reserve) would take
        W bare from one line and refuse it under the other line's stack. The restarts' rule
        (Solvitaire's) asks for W itself, which the mirror does not keep: it is used to find
        wins only.
        """
        rules, build = self.rules, self.lay.build
        complete = self.complete
        sources = rules.shifts if complete else rules.swaps
        likes, group_of = rules.likes, rules.group_of
        wanted: set[int] | None = None
        out = []
        for m in moves:
            s, t, n, turns = m
            src = piles[s]
            table = build[s]
            if (not turns and s in sources and len(src) > n and piles[t]
                    and build[t] is table and table is not None
                    and (not complete or group_of[t] == group_of[s])):
                under = src[-n - 1]
                if not under & FACE_DOWN and src[-n] in table[under]:
                    if not complete and self._joins_run(src[-n], under, piles[t][-1], t):
                        out.append(m)
                        continue
                    if wanted is None:
                        wanted = self.rules.wanted(piles, self.game.base_rank)
                    if wanted.isdisjoint(likes[s][under] if complete else (under,)):
                        continue
            out.append(m)
        return out

    def _joins_run(self, card: int, under: int, host: int, t: int) -> bool:
        """Whether a group led by `card` goes from `under`, where it breaks a run, onto
        `host`, where it continues one: where foundations take only complete runs, that is
        how runs are mended, so restarts keep such moves whether or not `under` can go up."""
        runs = self.lay.run[t] if self.joins else None
        return runs is not None and card in runs[host] and card not in runs[under]

    def _distinct(self, moves: list[Option], piles: list[list[int]]) -> list[Option]:
        """The moves less those that lead where another one does, or back here.

        Empty piles of one interchangeable group give the same position (under the key)
        whichever of them takes a card, so only the first is tried; moving a whole pile onto
        an empty pile of its own group changes nothing at all. The search would find both
        in its table anyway: this only saves making them.
        """
        group_of = self.rules.group_of
        out = []
        taken: set[tuple[int, int, int, int]] = set()
        for m in moves:
            s, t, n, turns = m
            g = group_of[t]
            if g is not None and not piles[t]:
                if group_of[s] == g and n == len(piles[s]) and not turns:
                    continue
                if (s, n, g, len(turns)) in taken:
                    continue
                taken.add((s, n, g, len(turns)))
            out.append(m)
        return out

    def _score(self, m: Option, piles: list[list[int]]) -> int:
        """A rough worth of a move, for ordering only; every legal move is still tried.

        A card the stock must be turned for counts less for each turn: a little with
        unlimited passes, much with two or more, and with one pass much for each card turned
        past it (see TURN_COST_LOW and TURN_COST_HIGH). Where foundations take only complete
        runs, a group laid on a card it continues as a run counts more: that is how the runs
        they take are made.
        """
        s, t, n, turns = m
        if turns:
            first, past = self.rules.turn_costs
            return self._score((s, t, n, ()), piles) - first - past * (len(turns) - 1)
        kinds = self.kinds
        sk, tk = kinds[s], kinds[t]
        if sk == "stock" or tk == "stock":
            return 30
        if sk == "foundation":
            return 0
        src = piles[s]
        rest = len(src) - n
        uncovers = rest > 0 and src[rest - 1] & FACE_DOWN
        if tk == "foundation":
            score = 100 + (self._follow(s, t, piles) if t in self.rules.sealed else 0)
        elif sk in ("waste", "reserve"):
            score = 60
        elif sk == "fan" or tk == "fan":
            score = 20
        elif rest == 0:
            score = 45 if piles[t] else -10
        elif uncovers:
            score = 70
        else:
            below = src[rest - 1]
            table = self.lay.build[s]
            # Moving a group off a card it was built on only helps if that card is then used.
            score = 8 if table is not None and src[rest] in table[below] else 40
        if uncovers:
            score += 20 + sum(1 for c in src if c & FACE_DOWN)
        if self.joins and tk == sk:
            run, dest = self.lay.run[t], piles[t]
            if run is not None and dest and src[rest] in run[dest[-1]]:
                score += 30
        return score

    def _follow(self, s: int, t: int, piles: list[list[int]]) -> int:
        """For a card going onto a sealed foundation (one that takes many ranks, in turn, from
        piles that only give): how many top cards could follow it there, and how tall its
        pile is, so that lines which keep going, and dig where most cards wait, come first."""
        table = self.lay.build[t]
        src = piles[s]
        if table is None:
            return 0
        takes = table[src[-1]]
        follow = sum(1 for p in self.rules.givers if p != s and piles[p]
                     and piles[p][-1] in takes)
        if len(src) > 1 and src[-2] in takes:
            follow += 1
        return 10 * follow + 2 * len(src)

    # -- searching --------------------------------------------------------------------------

    def pending(self) -> bool:
        """Whether a `run` would search on: the search has started and not run out."""
        return bool(self.stack)

    def run(self, max_nodes: int | None, max_seconds: float | None) -> SolveResult:
        """Search on, from where the last call stopped, for at most this budget.

        A search run in slices keeps its table and its path between them, so a proof of
        loss spread over many slices costs what one run would (see `solve`).
        """
        start = time.perf_counter()
        deadline = None if max_seconds is None else start + max_seconds
        if self.stack is None:
            if self.won():
                return SolveResult("won", [], 0, time.perf_counter() - start)
            self.seen = set()
            self.visit(self.key())
            # Each frame: the moves to try at a node, the next one's index, how we got there.
            self.stack = [[self.expand(), 0, None, None]]
        if max_nodes is not None and max_nodes <= 0:
            return SolveResult("undecided", [], 0, time.perf_counter() - start)
        limit = max_nodes if max_nodes is not None else -1
        stack, seen = self.stack, self.seen
        nodes = 0
        while stack:
            frame = stack[-1]
            moves, i = frame[0], frame[1]
            if i >= len(moves):
                stack.pop()
                if frame[2] is not None:
                    self.undo(frame[2])
                continue
            frame[1] = i + 1
            move = moves[i]
            ahead = self.peek(move) if self.peeks else None
            if ahead is not None and ahead in seen:
                continue
            ops = self.play(move)
            nodes += 1
            if self.won():
                line = [m for f in stack[1:] for m in self.to_moves(f[3])]
                line += self.to_moves(move)
                return SolveResult("won", line, nodes, time.perf_counter() - start)
            k = self.key() if ahead is None else ahead
            if k in seen:
                self.undo(ops)
            else:
                self.visit(k)
                children = self.expand()
                if len(ops.changes) == 1 and isinstance(ops.changes[0], Shift):
                    # Moving the same cards straight back leads to the position just left.
                    back = (move[1], move[0], move[2], ())
                    children = [m for m in children if m != back]
                stack.append([children, 0, ops, move])
            if nodes == limit or (deadline is not None and nodes % CHECK_EVERY == 0
                                  and time.perf_counter() >= deadline):
                return SolveResult("undecided", [], nodes, time.perf_counter() - start)
        return SolveResult("lost" if self.complete else "undecided", [], nodes,
                           time.perf_counter() - start)


class _BestFirst(_Search):
    """A best-first search: it always goes on from the seen position nearest a win.

    Depth-first search commits to its first move and can sink its budget under it; this one
    keeps every position it has reached in a queue ordered by a rough distance from a win
    (see `distance`), so a bad move only costs what its own positions look worth. It prunes
    as depth-first search does and expands every position it keeps, so running out of
    positions proves the deal lost. The weights of the distance, and noise on it, vary
    between attempts (see `solve`), as the move order of depth-first restarts does.
    """

    def __init__(self, game: Game, weights: tuple[int, int, int], noise: random.Random | None
                 ) -> None:
        super().__init__(game)
        self.weights = weights
        self.noise = noise
        self.far = self.rules.total  # past every real level: a card no foundation can take
        self.others = [p for p in range(len(self.kinds)) if p not in self.rules.found_set]
        # How the cards of a run lie on each other (for `_run_cost`): the rule of the first
        # pile that moves runs, or else builds on its cards.
        lay = self.lay
        self.pile_runs = next((lay.run[p] for p in self.others if lay.run[p] is not None),
                              next((lay.build[p] for p in self.others
                                    if lay.build[p] is not None), None))
        # What a `run` goes on with: the positions queued, by distance, and how each kept
        # position was reached: (the index of the one before, the move).
        self.queue: list[tuple[int, int, int, tuple[bytes, ...], int, int | None]] | None = None
        self.came: list[tuple[int, Option | None]] = [(-1, None)]

    def _cards(self) -> tuple[bytes, ...]:
        """Every pile's very cards, to come back to this position (`parts` hold classes)."""
        if self.rules.classes is None:
            return tuple(self.parts)
        return tuple(bytes(pile) for pile in self.game.stacks)

    def distance(self) -> int:
        """Lower is nearer a win: cards not home, cards lying on cards wanted before them,
        and how deep the cards wanted soon are buried, each weighted."""
        home_weight, block_weight, dig_weight = self.weights
        piles, parts = self.game.stacks, self.parts
        _, need, costs = self._levels(piles)
        home = block = dig = 0
        for p in self.rules.foundations:
            home += len(piles[p])
        for p in self.others:
            cost = costs.get(parts[p])
            if cost is None:
                cost = costs[parts[p]] = self._pile_cost(piles[p], need)
            block += cost[0]
            dig += cost[1]
        value = block * block_weight + dig * dig_weight - home * home_weight
        return value + self.noise.randrange(BEST_FIRST_NOISE) if self.noise else value

    def _pile_cost(self, pile: list[int], need: dict[int, int]) -> tuple[int, int]:
        """A pile's cards lying on cards wanted before them, and its soon cards' depth."""
        if self.joins:
            return self._run_cost(pile), 0
        far = self.far
        block = dig = 0
        under = far  # the earliest-wanted card below the one looked at
        top = len(pile) - 1
        for i, code in enumerate(pile):
            level = need.get(code & ~FACE_DOWN, far)
            if under < level:
                block += 1
            else:
                under = level
            if level < 3:
                dig += (top - i) * (3 - level)
        return block, dig

    def _run_cost(self, pile: list[int]) -> int:
        """Where foundations take only complete runs, cards go home a whole suit at a time,
        so cards home say little about progress until then: what counts is how far the
        piles are from lying in runs. So a pile costs one for each card that does not
        continue the run of the card under it (face-down cards and those on them count);
        an empty pile, worth many moves, counts EMPTY_PILE_BREAKS."""
        if not pile:
            return EMPTY_PILE_BREAKS
        run = self.pile_runs
        if run is None:
            return 0
        breaks = 0
        for below, above in pairwise(pile):
            if below & FACE_DOWN or above not in run[below]:
                breaks += 1
        return breaks

    def pending(self) -> bool:
        return bool(self.queue)

    def run(self, max_nodes: int | None, max_seconds: float | None) -> SolveResult:
        """Search on, from where the last call stopped, for at most this budget."""
        start = time.perf_counter()
        deadline = None if max_seconds is None else start + max_seconds
        g = self.game
        if self.queue is None:
            if self.won():
                return SolveResult("won", [], 0, time.perf_counter() - start)
            self.seen = set()
            self.visit(self.key())
            self.queue = [(self.distance(), 0, 0, self._cards(), g.passes, g.base_rank)]
        seen, came, queue = self.seen, self.came, self.queue
        nodes = 0
        while queue:
            _, _, here, stacks, passes, base = heapq.heappop(queue)
            g.set_position(stacks, passes, base)
            self.parts = [self.rules.part(pile) for pile in g.stacks]
            self.joined = [None] * len(self.joined)
            self.hosts = [None] * len(self.hosts)
            self.blocked, self.line = None, None
            for move in [] if self.hopeless() else self.options():
                ahead = self.peek(move) if self.peeks else None
                if ahead is not None and ahead in seen:
                    continue
                ops = self.play(move)
                nodes += 1
                if self.won():
                    line = [move]
                    while here:
                        here, step = came[here]
                        if step is not None:
                            line.append(step)
                    moves = [step for m in reversed(line) for step in self.to_moves(m)]
                    return SolveResult("won", moves, nodes, time.perf_counter() - start)
                k = self.key() if ahead is None else ahead
                if k not in seen:
                    self.visit(k)
                    came.append((here, move))
                    # Ties go to the newest position, so that a line is followed while it
                    # looks no worse.
                    heapq.heappush(queue, (self.distance(), -len(came), len(came) - 1,
                                           self._cards(), g.passes, g.base_rank))
                self.undo(ops)
            if (max_nodes is not None and nodes >= max_nodes) or (
                    deadline is not None and time.perf_counter() >= deadline):
                return SolveResult("undecided", [], nodes, time.perf_counter() - start)
        return SolveResult("lost", [], nodes, time.perf_counter() - start)


class _Rolling(_Search):
    """Rollouts from one position (see rollouts.py), run in slices as a search is: they look
    for a win only, with the pruning of the shuffled restarts."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, wins_only=True)
        self.rollouts: Rollouts[Option] = Rollouts(self, seed=1)

    def pending(self) -> bool:
        return not self.rollouts.stuck

    def run(self, max_nodes: int | None, max_seconds: float | None) -> SolveResult:
        """Play on, from where the last call stopped, for at most this budget."""
        start = time.perf_counter()
        deadline = None if max_seconds is None else start + max_seconds
        line, nodes = self.rollouts.run(max_nodes, deadline)
        if line is None:
            return SolveResult("undecided", [], nodes, time.perf_counter() - start)
        moves = [step for m in line for step in self.to_moves(m)]
        return SolveResult("won", moves, nodes, time.perf_counter() - start)


def solve(game: Game, max_nodes: int | None = None,
          max_seconds: float | None = None, prove: bool = True) -> SolveResult:
    """Search from the game's current position; the game itself is not changed.

    `moves` of a won result replay through `Game.play` from that position, with the game's
    own autoplay setting. With no budget the search runs until it decides. With a budget,
    one depth-first search in the usual order gets PROOF_SHARE of it, in slices that keep
    its table, and between them short restarts (each seeded by its number, so a node budget
    gives the same verdict on any machine), depth-first in shuffled orders and best-first in
    turn, and rollouts once the restarts have had ROLLOUT_AFTER positions, get the rest.
    With `prove` False (a hint wants a win, not a proof of loss) the
    restarts get the whole budget: on the launch games' winnable deals 1-100 at 15,000
    positions they then won 184 deals of 203 instead of 179.
    """
    return Solver(game, prove).run(max_nodes, max_seconds)


class Solver:
    """`solve` that can go on: each `run` searches on, with a budget of its own, from where
    the last one stopped. The search in the usual order goes on where it was, and so does a
    restart that the last budget cut short, so runs in slices of any size make the search
    one run of their total makes (where only restarts search, as for a hint).

    A hint asked again at the same position thus searches further instead of repeating the
    search that found nothing, and a page can search in slices while its player thinks.
    `prove` False leaves out the search in the usual order, `restarts` False everything else;
    either may be set between runs (see parallel.py, which hands each to a process).
    """

    def __init__(self, game: Game, prove: bool = True, restarts: bool = True) -> None:
        self.game = _copy(game)
        self.prove = prove
        # False: the search in the usual order alone, as `parallel` runs it beside restarts.
        self.restarts = restarts or not prove
        rules = _rules(game.layout)
        self.verdict: SolveResult | None = None  # once decided, every later run says it
        if rules.locks and rules.locked(game.stacks):
            self.verdict = SolveResult("lost", [], 0, 0.0)
        self.nodes = 0
        self.proof = _Search(game)
        self.attempt, self.turn, self.size = 1, 0, float(RESTART_NODES)
        self.best_first_nodes = self.proof_nodes = 0
        self.joins = bool(game.layout.run_foundations)
        self.share = ((RUN_BEST_FIRST_SHARE if self.joins else BEST_FIRST_SHARE)
                      if _open(game) else 0.0)
        self.best_first_size = BEST_FIRST_NODES
        # Runs are all a run-foundation game's distance sees besides cards home: keep them
        # weighed.
        self.all_weights = (tuple(w for w in BEST_FIRST_WEIGHTS if w[1]) if self.joins
                            else BEST_FIRST_WEIGHTS)
        # Whether a shuffled restart ran out of moves: it then searched every position its
        # moves reach, which no order changes, so the next ones could only search them again.
        self.exhausted = False
        self.idle = False  # no search is left to make
        # A restart that the last run's budget cut short, with the positions it has left: the
        # next run takes it up, so that runs in small slices (a page thinking while the
        # player does) still let restarts grow past a slice.
        self.cut: tuple[_Search, int] | None = None
        self.rolling: _Rolling | None = None  # made when first given a turn
        # Rollouts learn from the cards that games bring home; where foundations take only
        # complete runs, cards go home a suit at a time and most games bring home as many.
        self.rolling_share = 0.0 if self.joins else ROLLOUT_SHARE
        self.rolling_nodes = 0

    def run(self, max_nodes: int | None = None,
            max_seconds: float | None = None) -> SolveResult:
        """Search on for at most this budget (none: until decided)."""
        if self.verdict is not None:
            return self.verdict
        game = self.game
        if max_nodes is None and max_seconds is None:
            self.verdict = self.proof.run(None, None)
            return self.verdict
        start = time.perf_counter()
        first = self.nodes

        def room(share: float) -> tuple[int | None, float | None] | None:
            """Positions and seconds left within `share` of the budget; None when either is
            spent."""
            node_room = None if max_nodes is None else int(max_nodes * share) - (
                self.nodes - first)
            time_room = None if max_seconds is None else (
                start + max_seconds * share - time.perf_counter())
            if (node_room is not None and node_room <= 0) or (time_room is not None
                                                              and time_room <= 0):
                return None
            return node_room, time_room

        proof = self.proof
        while not self.idle and (left := room(1.0)) is not None:
            node_room, time_room = left
            # The search in the usual order, in slices, while it has had less than its share
            # (or all that is left once the restarts are exhausted); best-first restarts, with
            # the next weights of the round, while they have had less than their share of the
            # restarts' positions; else a shuffled depth-first restart.
            search: _Search
            if self.cut is not None:
                search, budget = self.cut
                self.cut = None
            elif self.prove and (self.exhausted or not self.restarts
                                 or self.proof_nodes <= PROOF_SHARE * self.nodes):
                search = proof
                budget = int(self.size)
            elif self.exhausted:
                self.idle = True
                break
            elif self.best_first_nodes < self.share * (self.nodes - self.proof_nodes):
                weights = self.all_weights[self.turn % len(self.all_weights)]
                noise = (random.Random(self.turn) if self.turn >= len(self.all_weights)
                         else None)
                search = _BestFirst(game, weights, noise)
                budget = self.best_first_size
                self.turn += 1
                if self.joins:
                    self.best_first_size *= 2
            elif self.rolling_nodes < self.rolling_share * (self.nodes - self.proof_nodes
                                                       - self.best_first_nodes - ROLLOUT_AFTER):
                if self.rolling is None:
                    self.rolling = _Rolling(game)
                search = self.rolling
                budget = ROLLOUT_NODES
            else:
                search = _Search(game, random.Random(self.attempt))
                budget = int(self.size)
                self.attempt, self.size = self.attempt + 1, self.size * RESTART_GROWTH
            own = budget
            if node_room is not None:
                budget = min(budget, node_room)
            result = search.run(budget, time_room)
            self.nodes += result.nodes
            if search is proof:
                self.proof_nodes += result.nodes
            elif isinstance(search, _BestFirst):
                self.best_first_nodes += result.nodes
            elif search is self.rolling:
                self.rolling_nodes += result.nodes
            if result.decided:
                self.verdict = SolveResult(result.status, result.moves, self.nodes - first,
                                           time.perf_counter() - start)
                return self.verdict
            if search is proof:
                continue
            if not search.pending():
                if not result.nodes:
                    self.idle = True  # no move to try here: every later restart finds none
                    break
                if not isinstance(search, _BestFirst):
                    self.exhausted = True
            elif result.nodes < own:
                self.cut = search, own - result.nodes
        return SolveResult("undecided", [], self.nodes - first, time.perf_counter() - start)


def _open(game: Game) -> bool:
    """Whether every card left in play lies face up, none in a stock.

    Best-first restarts are kept to such positions: the distance has no measure of how far a
    card is from turning up out of a stock or from under face-down cards, and measured on
    deals with both, they won about two thirds as often as depth-first restarts of the same
    size.
    """
    piles = game.stacks
    stock = game.layout.stock
    return (stock is None or not piles[stock]) and not any(
        code & FACE_DOWN for pile in piles for code in pile)


def hint(game: Game, seconds: float = 1.0) -> tuple[Move | None, bool]:
    """A move to suggest: the first move of a win (True), else a plausible move (False).

    A lost or undecided search still suggests the move the search's ordering likes best, so
    the player always gets something to try. The move is None when there is nothing to do:
    (None, True) for a game already won, (None, False) when no move is left.
    """
    line, wins = hint_line(game, seconds)
    return (line[0] if line else None), wins


def hint_line(game: Game, seconds: float = 1.0,
              solver: Solver | None = None) -> tuple[list[Move], bool]:
    """`hint` with the whole winning line it found (True), else the plausible move alone
    (False), so that a caller can keep to that win on the moves that follow. `solver`, a
    `Solver(game, prove=False)` made at this very position, searches on from where an
    earlier hint left it."""
    result = (solver or Solver(game, prove=False)).run(max_seconds=seconds)
    if result.status == "won":
        return result.moves, True
    search = _Search(game)
    moves = search.children()
    return (search.to_moves(moves[0])[:1] if moves else []), False
