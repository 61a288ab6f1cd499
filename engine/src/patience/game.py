"""A game of patience played from its rules: deal, legal moves, play, undo, redo.

Nothing here knows any variant by name: every rule comes from the rules model (`rules`) that
the engine config describes. Piles are lists of card codes (see `cards`), bottom to top,
numbered as `layout` says.

Whether cards may go on a pile is decided by `Game._refusal`, which playing and the automatic
moves ask. It is made of the build relation's lookup table, `space_codes` (what a space takes) and
two small checks (a group fits, a pile has room); move generation, the hot path of a solver,
asks the same parts directly, after narrowing the targets with the relation's lookup table.
How many cards may move together under a free-cell limit is `Game.capacity`, asked by both.
A property test holds the two in step (legal moves are exactly the accepted ones).

For search, a game is also a position with a public interface in the manner of
python-chess's `push`/`pop`: `legal_steps()` lists the moves by pile number, `apply(step)`
makes one (with the automatic moves that follow) and returns an `Undo` record, and
`revert(record)` takes it back; `layout`, `stacks`, `passes` and `base_rank` are what a
search needs to read the position. None of these touch the undo history.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, NamedTuple

from patience.cards import FACE_DOWN, Card, card_text, code_of, rank_of
from patience.layout import Layout, layout_of
from patience.records import Change, Flip, NextPass, Shift, Step, TurnOver, Undo
from patience.rng import shuffled
from patience.rules import (
    CARDS_PER_DECK,
    RANKS_PER_SUIT,
    FoundationBase,
    GroupRule,
    PileKind,
    Relation,
    Rules,
    SpaceRule,
    TurnTo,
    free_cell_limit,
    rules_of,
    space_bits,
    space_codes,
)
from patience.saves import SAVE_FORMAT, read_save

BASE_RANKS = {FoundationBase.ACE: 1, FoundationBase.KING: 13}
RUN_OF_SUIT: Final = (RANKS_PER_SUIT,)  # the only count a pile taking complete runs accepts


class IllegalMove(ValueError):
    """A move the rules do not allow; the message says why."""


class Move(NamedTuple):
    """Move `count` cards from the top of pile `source` to pile `target`."""

    source: str
    target: str
    count: int = 1  # type: ignore[assignment]  # the field shadows tuple.count, by design

    def __str__(self) -> str:
        text = f"{self.source}>{self.target}"
        return text if self.count == 1 else f"{text}x{self.count}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read 'tableau.3>foundation.0' or 'tableau.1>tableau.4x3'."""
        body, _, count = text.strip().partition("x")
        source, sep, target = body.partition(">")
        if not sep or not source or not target or (count and not count.isdigit()):
            raise ValueError(f"not a move: {text!r} (expected like 'tableau.3>foundation.0x1')")
        return cls(source.strip(), target.strip(), int(count) if count else 1)


@dataclass(frozen=True, slots=True)
class Pile:
    """A snapshot of one pile."""

    id: str
    kind: str
    index: int
    cards: tuple[Card, ...]

    @property
    def top(self) -> Card | None:
        """The top card, or None when the pile is empty."""
        return self.cards[-1] if self.cards else None


class Refusal(Enum):
    """Why a group of cards may not go onto a pile (see `Game._refusal`)."""

    SINGLE_CARDS = "single cards only"
    NOT_BUILT = "group not built as the pile builds"
    NOTHING_ON = "nothing may be placed"
    TOP_FACE_DOWN = "top card face down"
    FULL = "pile full"
    NO_FIT = "card does not fit"
    SPACE_CLOSED = "space may not be filled from there"
    SPACE_KING = "space takes a King"
    SPACE_BASE = "space takes the base rank"
    COMPLETE_RUNS = "only complete runs go there"


_SPACE_REFUSALS = {SpaceRule.NONE: Refusal.SPACE_CLOSED, SpaceRule.KING: Refusal.SPACE_KING,
                   SpaceRule.BASE: Refusal.SPACE_BASE}


class Game:
    """One deal of one variant, with its full undo and redo history."""

    def __init__(self, config: Mapping[str, Any] | Rules, deal: int = 0,
                 autoplay: bool = False) -> None:
        self.rules = rules_of(config)
        self._lay = layout_of(self.rules)
        self.deal = deal
        self.autoplay = autoplay
        self._piles: list[list[int]] = [[] for _ in self._lay.ids]
        self._passes = 1
        self._base = 1
        self._history: list[tuple[Move, Undo]] = []
        self._redo: list[Move] = []
        self._deal_cards(shuffled(self.rules.deck(), deal))
        if autoplay:
            self._automatic([], None)

    @property
    def config(self) -> dict[str, Any]:
        """The engine config of this game's rules (a fresh copy)."""
        return self.rules.to_config()

    # -- dealing ------------------------------------------------------------------------------

    def _deal_cards(self, deck: list[int]) -> None:
        lay, rules = self._lay, self.rules
        found = rules.foundation
        self._base = BASE_RANKS.get(found.base, 0) if found.base is not None else 0
        if found.start_card is not None:  # taken out before the deal, whatever its order
            deck.remove(found.start_card)
            self._piles[lay.foundations[0]].append(found.start_card)
            self._base = rank_of(found.start_card)
        for kind in rules.deal_order:
            piles = lay.by_kind[kind]
            if kind == PileKind.FOUNDATION:
                if found.base == FoundationBase.FIRST_CARD:
                    self._base = rank_of(deck[0])
                if not found.gathered():
                    continue
                picked = [i for i, c in enumerate(deck)
                          if found.base == FoundationBase.ANY or rank_of(c) == self._base]
                picked = picked[: found.gathered()]
                for pile, i in zip(piles, picked, strict=False):
                    self._piles[pile].append(deck[i])
                for i in reversed(picked):
                    del deck[i]
            elif kind == PileKind.STOCK:
                self._piles[piles[0]] = [c | FACE_DOWN for c in deck]
                deck = []
            else:
                deal = rules[kind].deal
                for pile, n, up in zip(piles, deal.cards, deal.face_up, strict=True):
                    cards, deck = deal.arranged(deck[:n]), deck[n:]
                    self._piles[pile] = [
                        c if i >= n - up else c | FACE_DOWN for i, c in enumerate(cards)
                    ]

    # -- reading the position -----------------------------------------------------------------

    @property
    def piles(self) -> tuple[Pile, ...]:
        """Every pile, foundations first, in a stable order."""
        return tuple(self._snapshot(i) for i in range(len(self._piles)))

    def pile(self, pile_id: str) -> Pile:
        """The pile with this id, e.g. 'tableau.3'."""
        return self._snapshot(self._pile_index(pile_id))

    def _snapshot(self, i: int) -> Pile:
        pid = self._lay.ids[i]
        return Pile(pid, self._lay.kinds[i], int(pid.rsplit(".", 1)[1]),
                    tuple(Card.from_code(c) for c in self._piles[i]))

    def _pile_index(self, pile_id: str) -> int:
        try:
            return self._lay.index[pile_id]
        except (KeyError, TypeError):
            raise IllegalMove(
                f"there is no pile {pile_id!r}; piles are {', '.join(self._lay.ids)}") from None

    @property
    def base_rank(self) -> int:
        """The rank that starts every foundation in this deal."""
        return self._base

    @property
    def passes_left(self) -> int | None:
        """Passes through the stock still to come after this one (None: unlimited)."""
        turn = self._lay.turn
        if turn is None:
            return 0
        return None if turn.passes is None else turn.passes - self._passes

    @property
    def is_won(self) -> bool:
        """True when every card is on the foundations."""
        return sum(len(self._piles[f]) for f in self._lay.foundations) == self._lay.total

    @property
    def moves_made(self) -> tuple[Move, ...]:
        """The player's moves so far, oldest first (what undo would take back)."""
        return tuple(m for m, _ in self._history)

    def can_undo(self) -> bool:
        """Whether there is a move to take back."""
        return bool(self._history)

    def can_redo(self) -> bool:
        """Whether there is an undone move to play again."""
        return bool(self._redo)

    # -- the position, for search -------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """Pile numbers and per-pile lookups of this game's rules."""
        return self._lay

    @property
    def stacks(self) -> list[list[int]]:
        """Every pile's card codes by pile number, bottom to top (see `cards`).

        These are the game's own lists, handed out for speed: read them, never change them
        (`set_position` replaces them).
        """
        return self._piles

    @property
    def passes(self) -> int:
        """Which pass through the stock this is, counting from 1."""
        return self._passes

    def set_position(self, stacks: Sequence[Sequence[int]], passes: int | None = None,
                     base_rank: int | None = None) -> None:
        """Put the piles (by pile number), and optionally the pass and base rank, as given.

        For search and tests: the cards are copied but not checked, and the history is left
        alone, so use it for positions of this game (or on a game whose history you drop).
        """
        if len(stacks) != len(self._piles):
            raise ValueError(f"expected {len(self._piles)} piles, got {len(stacks)}")
        self._piles = [list(cards) for cards in stacks]
        if passes is not None:
            self._passes = passes
        if base_rank is not None:
            self._base = base_rank

    def copy(self) -> Game:
        """A game at the same position with no history; this one is left alone."""
        twin = Game(self.rules, self.deal, self.autoplay)
        twin.set_position(self._piles, self._passes, self._base)
        return twin

    def step_of(self, move: Move) -> Step:
        """The pile numbers of a move (raises IllegalMove for an unknown pile)."""
        return self._pile_index(move.source), self._pile_index(move.target), move.count

    def move_of(self, step: Step) -> Move:
        """The `Move` of a step."""
        ids = self._lay.ids
        return Move(ids[step[0]], ids[step[1]], step[2])

    def position_key(self) -> tuple[Any, ...]:
        """A hashable key of the position (piles, faces and passes), for search."""
        return (self._passes, *map(tuple, self._piles))

    def codes(self, pile_id: str) -> list[int]:
        """The raw card codes of a pile (a copy), for fast readers such as a solver."""
        return list(self._piles[self._pile_index(pile_id)])

    # -- the rules ----------------------------------------------------------------------------

    def space_rule(self, target: int, source: int) -> SpaceRule:
        """What the pile `target`, once empty, accepts now from the pile `source` (numbers).

        `space_codes(base_rank)[rule]` are the cards that rule lets in.
        """
        spaces = self._lay.specs[target].spaces
        accepts = spaces.accepts
        allowed = spaces.only_from
        if allowed is None or accepts == SpaceRule.NONE:
            return accepts
        waiting = spaces.while_cards_in or ()
        if any(self._piles[p] for k in waiting for p in self._lay.by_kind.get(k, ())):
            return accepts if self._lay.kinds[source] in allowed else SpaceRule.NONE
        return spaces.otherwise

    def _refusal(self, source: int, target: int, n: int) -> Refusal | None:
        """Whether `target` takes the top `n` cards of `source`: None if it does, else why not.

        The placement rule of the engine, built from the parts that move generation also
        uses: the build relation's table, `_group_fits`, `_room` and `space_codes`. `n` must
        be a count of cards that may leave `source` together (see `_movable`).
        """
        lay = self._lay
        if lay.complete_runs[target] and (self._piles[target] or n != RANKS_PER_SUIT):
            return Refusal.COMPLETE_RUNS
        if n > 1 and not self._group_fits(source, target, n):
            return Refusal.SINGLE_CARDS if lay.single_cards[target] else Refusal.NOT_BUILT
        dest = self._piles[target]
        first = self._piles[source][-n]
        if dest:
            table = lay.build[target]
            if table is None:
                return Refusal.NOTHING_ON
            top = dest[-1]
            if top & FACE_DOWN:
                return Refusal.TOP_FACE_DOWN
            if not self._room(target, n):
                return Refusal.FULL
            return None if first in table[top] else Refusal.NO_FIT
        rule = lay.space_fixed[target] or self.space_rule(target, source)
        return None if first in space_codes(self._base)[rule] else _SPACE_REFUSALS[rule]

    def _group_fits(self, source: int, target: int, n: int) -> bool:
        """Whether `target`'s build rule takes the top `n` > 1 cards of `source` as a group."""
        lay = self._lay
        if lay.single_cards[target]:
            return False
        if target in lay.simple[source]:
            return True
        table = lay.build[target]
        src = self._piles[source]
        return table is not None and all(src[i] in table[src[i - 1]]
                                         for i in range(len(src) - n + 1, len(src)))

    def _room(self, target: int, n: int) -> bool:
        """Whether `target` has room for `n` more cards."""
        limit = self._lay.max_cards[target]
        return limit is None or len(self._piles[target]) + n <= limit

    def _explain(self, refusal: Refusal, source: int, target: int, n: int) -> str:
        """The sentence for a refusal, naming the piles and cards."""
        lay = self._lay
        kind, pid = lay.kinds[target], lay.ids[target]
        spec = lay.specs[target]
        match refusal:
            case Refusal.SINGLE_CARDS:
                return f"only single cards go onto a {kind}"
            case Refusal.NOT_BUILT:
                return f"that group is not built the way a {kind} builds"
            case Refusal.NOTHING_ON:
                return f"nothing may be placed on a {kind}"
            case Refusal.TOP_FACE_DOWN:
                return f"the top card of {pid} is face down"
            case Refusal.FULL:
                return f"{pid} is full ({lay.max_cards[target]} cards)"
            case Refusal.NO_FIT:
                assert spec.build is not None
                return (f"{card_text(self._piles[source][-n])} cannot go on "
                        f"{card_text(self._piles[target][-1])}: "
                        f"{kind} piles build {_rule_words(spec.build.relation)}")
            case Refusal.SPACE_CLOSED:
                spaces = spec.spaces
                if spaces.accepts != SpaceRule.NONE and spaces.only_from:
                    return (f"an empty {kind} pile may now be filled only from the "
                            f"{' or '.join(spaces.only_from)}")
                return f"an empty {kind} pile may not be filled"
            case Refusal.SPACE_KING:
                return f"only a King may fill an empty {kind} pile"
            case Refusal.COMPLETE_RUNS:
                return (f"a {kind} takes only a complete run of {RANKS_PER_SUIT} cards of one "
                        f"suit, in one move onto an empty {kind}")
            case _:
                return f"an empty {kind} starts with rank {self._base}"

    def capacity(self, source: int, target: int) -> int | None:
        """The most cards that may move together from `source` to `target` (pile numbers)
        now, as the free cells and empty piles allow; None when the rules set no limit.

        The pile moved to does not count as an empty pile: it is where the group ends.
        """
        helpers = self._lay.limit[source]
        if helpers is None:
            return None
        cells, spaces = self._cell_counts(helpers, target)
        return free_cell_limit(cells, spaces)

    def _within(self, source: int, target: int, n: int) -> bool:
        """Whether `n` cards may move together from `source` to `target` under its limit."""
        most = self.capacity(source, target)
        return most is None or n <= most

    def _cell_counts(self, helpers: tuple[tuple[int, ...], tuple[int, ...]],
                     target: int) -> tuple[int, int]:
        """Empty free cells and empty piles among `helpers`, other than `target`."""
        piles = self._piles
        cells = sum(1 for p in helpers[0] if p != target and not piles[p])
        spaces = sum(1 for p in helpers[1] if p != target and not piles[p])
        return cells, spaces

    def _movable(self, source: int) -> range | tuple[int, ...]:
        """How many cards may be lifted together from the top of `source` (empty: none)."""
        pile = self._piles[source]
        if not pile or pile[-1] & FACE_DOWN:
            return ()
        group = self._lay.group[source]
        if group is GroupRule.SINGLE:
            return (1,)
        if group is GroupRule.FACE_UP:
            up = 1
            while up < len(pile) and not pile[-up - 1] & FACE_DOWN:
                up += 1
            return range(1, up + 1)
        table = self._lay.run[source]
        depth = 1
        size = len(pile)
        while depth < size:
            below = pile[-depth - 1]
            if below & FACE_DOWN or table is None or pile[-depth] not in table[below]:
                break
            depth += 1
        if group is GroupRule.RUN:
            return range(1, depth + 1)
        return (1, depth) if depth == size and depth > 1 else (1,)

    def _stock_step(self) -> Step | None:
        """The stock's move now (a turn, or the waste back for a new pass), if any."""
        lay = self._lay
        stock, turn = lay.stock, lay.turn
        if stock is None or turn is None:
            return None
        cards = self._piles[stock]
        if cards:
            if turn.to == TurnTo.WASTE:
                assert lay.waste is not None
                return stock, lay.waste, min(turn.cards, len(cards))
            if turn.to == TurnTo.FOUNDATION:
                return stock, lay.foundations[0], min(turn.cards, len(cards))
            tableau = lay.by_kind[PileKind.TABLEAU]
            if turn.blocked_by_spaces and not all(self._piles[p] for p in tableau):
                return None
            return stock, tableau[0], min(turn.cards * len(tableau), len(cards))
        waste = self._piles[lay.waste] if lay.waste is not None else None
        if waste and (turn.passes is None or self._passes < turn.passes):
            assert lay.waste is not None
            return lay.waste, stock, len(waste)
        return None

    def stock_move(self) -> Move | None:
        """The stock's move now: a turn, or the waste back for a new pass (None: neither)."""
        step = self._stock_step()
        return None if step is None else self.move_of(step)

    def legal_steps(self) -> list[Step]:
        """Every legal move as (source, target, count) pile numbers: the hot path of search.

        The same moves, in the same order, as `legal_moves`.
        """
        lay, piles = self._lay, self._piles
        build, space_fixed = lay.takes, lay.space_fixed
        closed = SpaceRule.NONE
        # Per card code, the piles with cards that take it, in pile order.
        wanted: list[list[int] | None] = [None] * CARDS_PER_DECK
        empty = []
        runs_only = lay.complete_runs
        for t, dest in enumerate(piles):
            if not dest:
                if space_fixed[t] is not closed:
                    empty.append(t)
                continue
            table = build[t]
            top = dest[-1]
            if table is not None and not top & FACE_DOWN and not runs_only[t]:
                for code in table[top]:
                    takers = wanted[code]
                    if takers is None:
                        wanted[code] = [t]
                    else:
                        takers.append(t)
        out: list[Step] = []
        kinds, max_cards = lay.kinds, lay.max_cards
        room, group_fits, takes = self._room, self._group_fits, space_bits(self._base)
        rules: dict[tuple[int, PileKind], SpaceRule] = {}
        within, limited = self._within, lay.limit
        for s in lay.sources:
            src = piles[s]
            counts = self._movable(s)
            if not counts:
                continue
            allowed = lay.target_bits[s]
            if limited[s] is not None:
                # No target allows more than a pile with cards, which leaves every helper free.
                counts = range(1, min(len(counts), self.capacity(s, -1) or 1) + 1)
            for n in counts:
                takers = wanted[src[-n]]
                if takers is None:
                    continue
                for t in takers:
                    if allowed >> t & 1 and (max_cards[t] is None or room(t, n)) and (
                            n == 1 or group_fits(s, t, n)):
                        out.append((s, t, n))
            for t in empty:
                if not allowed >> t & 1:
                    continue
                rule = space_fixed[t]
                if rule is None:
                    rule = rules.get((t, kinds[s]))
                    if rule is None:
                        rule = rules[t, kinds[s]] = self.space_rule(t, s)
                if rule is closed:
                    continue
                codes = takes[rule]
                sizes = [n for n in RUN_OF_SUIT if n in counts] if runs_only[t] else counts
                for n in sizes:
                    if codes >> src[-n] & 1 and (n == 1 or (
                            group_fits(s, t, n) and within(s, t, n))):
                        out.append((s, t, n))
        stock = self._stock_step()
        if stock is not None:
            out.append(stock)
        return out

    def legal_moves(self) -> list[Move]:
        """Every move the player may make now, the stock's turn or redeal included."""
        ids = self._lay.ids
        return [Move(ids[s], ids[t], n) for s, t, n in self.legal_steps()]

    def why_illegal(self, move: Move) -> str | None:
        """None if `move` is legal now, else a sentence saying why not."""
        if not isinstance(move, Move) or type(move.count) is not int:
            return f"not a move: {move!r}"
        s = self._pile_index(move.source)
        t = self._pile_index(move.target)
        lay = self._lay
        stock = self._stock_step()
        if stock is not None and (s, t, move.count) == stock:
            return None
        if lay.stock in (s, t) or (s == lay.waste and t == lay.stock):
            if stock is None and lay.stock is not None and self._piles[lay.stock]:
                return "the stock may not be dealt while a tableau pile is empty"
            if stock is None:
                return "the stock is empty and no pass through it is left"
            return f"the stock's move now is {self.move_of(stock)}"
        if s == t:
            return "a card cannot move onto its own pile"
        if not self._piles[s]:
            return f"{move.source} is empty"
        spec = lay.specs[s]
        if lay.group[s] is GroupRule.NONE:
            return f"cards never leave a {lay.kinds[s]}"
        if not lay.target_bits[s] >> t & 1:
            return f"cards from a {lay.kinds[s]} may go only to a {' or '.join(spec.moves.to)}"
        counts = self._movable(s)
        if move.count not in counts:
            if not counts:
                return f"the top card of {move.source} is face down"
            if lay.group[s] is GroupRule.SINGLE:
                return f"only one card at a time moves from a {lay.kinds[s]}"
            return f"the top {move.count} cards of {move.source} do not form a group that moves"
        refusal = self._refusal(s, t, move.count)
        if refusal is not None:
            return self._explain(refusal, s, t, move.count)
        return self._too_many(s, t, move.count)

    def _too_many(self, source: int, target: int, n: int) -> str | None:
        """Why `n` cards may not move together under a free-cell limit, or None if they may."""
        helpers = self._lay.limit[source]
        if helpers is None or n == 1:
            return None
        cells, spaces = self._cell_counts(helpers, target)
        if n <= free_cell_limit(cells, spaces):
            return None
        more = -(-n // (1 << spaces)) - 1 - cells
        kind = self._lay.kinds[source]
        return (f"moving {n} cards at once needs {more} more free "
                f"{'cell' if more == 1 else 'cells'}: {cells} free "
                f"{'cell' if cells == 1 else 'cells'} and {spaces} empty {kind} "
                f"{'pile' if spaces == 1 else 'piles'} carry at most "
                f"{free_cell_limit(cells, spaces)}")

    # -- playing ------------------------------------------------------------------------------

    def play(self, move: Move | str) -> None:
        """Make a player's move, then any automatic moves; raise IllegalMove if not allowed."""
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except ValueError as exc:
                raise IllegalMove(str(exc)) from None
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(f"{move}: {reason}")
        index = self._lay.index
        record = self.apply((index[move.source], index[move.target], move.count))
        self._history.append((move, record))
        self._redo.clear()

    def apply(self, step: Step) -> Undo:
        """Make a legal move given by pile numbers, then the automatic moves that follow it.

        For search: `step` must be one of `legal_steps()` now (it is not checked), and the
        undo history is left alone. Returns the record that `revert` takes back.
        """
        changes: list[Change] = []
        self._move(step, changes)
        if self.autoplay:
            source = step[0]
            self._automatic(changes, step[1] if self._lay.kinds[source] is PileKind.FOUNDATION
                            else None)
        return Undo(step, changes)

    def _turn_stock(self, s: int, t: int, n: int, changes: list[Change]) -> None:
        """Turn `n` cards from the stock, or bring the waste back for a new pass."""
        lay = self._lay
        if s == lay.stock and lay.turn is not None and lay.turn.to == TurnTo.TABLEAU:
            for pile in (lay.by_kind[PileKind.TABLEAU] * lay.turn.cards)[:n]:
                self._turn_over(s, pile, 1)
                changes.append(TurnOver(s, pile, 1))
            return
        self._turn_over(s, t, n)
        changes.append(TurnOver(s, t, n))
        if t == lay.stock:
            self._passes += 1
            changes.append(NextPass())

    def _turn_over(self, source: int, target: int, n: int) -> None:
        src, dest = self._piles[source], self._piles[target]
        for _ in range(n):
            dest.append(src.pop() ^ FACE_DOWN)

    def _move(self, step: Step, changes: list[Change]) -> None:
        """Make one move, with no automatic moves after it; add its changes to `changes`."""
        s, t, n = step
        lay = self._lay
        if s == lay.stock or (t == lay.stock and s == lay.waste):
            self._turn_stock(s, t, n, changes)
            return
        src = self._piles[s]
        self._piles[t].extend(src[-n:])
        del src[-n:]
        changes.append(Shift(s, t, n))
        if src and src[-1] & FACE_DOWN:
            src[-1] ^= FACE_DOWN
            changes.append(Flip(s))

    def revert(self, record: Undo) -> None:
        """Take back a move made by `apply` (the last one not yet taken back)."""
        piles = self._piles
        for change in reversed(record.changes):
            if isinstance(change, Shift):
                dest = piles[change.target]
                piles[change.source].extend(dest[-change.count:])
                del dest[-change.count:]
            elif isinstance(change, Flip):
                piles[change.pile][-1] ^= FACE_DOWN
            elif isinstance(change, TurnOver):
                self._turn_over(change.target, change.source, change.count)
            else:
                self._passes -= 1

    def _automatic(self, changes: list[Change], played_back: int | None) -> None:
        """Make the moves the rules make by themselves until none is left."""
        lay = self._lay
        held = (played_back, len(self._piles[played_back])) if played_back is not None else None
        while self._auto_fill(changes) or (lay.auto_foundation and (
                self._auto_up(changes, held) or self._auto_runs(changes))):
            pass

    def _auto_fill(self, changes: list[Change]) -> bool:
        lay = self._lay
        for t in lay.auto_fill:
            if self._piles[t]:
                continue
            spaces = lay.specs[t].spaces
            for kind in spaces.only_from or ():
                for s in lay.by_kind.get(kind, ()):
                    if (lay.target_bits[s] >> t & 1 and 1 in self._movable(s)
                            and self._refusal(s, t, 1) is None):
                        self._move((s, t, 1), changes)
                        return True
            waiting = spaces.while_cards_in or ()
            if PileKind.STOCK in waiting and lay.stock is not None and self._piles[lay.stock]:
                turn = self._stock_step()
                if turn is not None:
                    self._move(turn, changes)
                    return True
        return False

    def _auto_up(self, changes: list[Change], held: tuple[int, int] | None) -> bool:
        lay, piles = self._lay, self._piles
        wanted: dict[int, int] = {}
        for f in reversed(lay.foundations):
            dest = piles[f]
            table = lay.build[f]
            limit = lay.max_cards[f]
            if lay.complete_runs[f]:
                continue
            if not dest:
                for code in space_codes(self._base)[lay.specs[f].spaces.accepts]:
                    wanted[code] = f
            elif table is not None and (limit is None or len(dest) < limit):
                for code in table[dest[-1]]:
                    wanted[code] = f
        for s in lay.auto_sources:
            src = piles[s]
            if src and src[-1] in wanted and (s, len(src)) != held:
                f = wanted[src[-1]]
                if self._refusal(s, f, 1) is None:
                    self._move((s, f, 1), changes)
                    return True
        return False

    def _auto_runs(self, changes: list[Change]) -> bool:
        """Send a complete run on top of a pile to an empty foundation that takes such runs."""
        lay, piles = self._lay, self._piles
        if not lay.run_foundations:
            return False
        for s in lay.auto_sources:
            if len(piles[s]) < RANKS_PER_SUIT or RANKS_PER_SUIT not in self._movable(s):
                continue
            for f in lay.run_foundations:
                if lay.target_bits[s] >> f & 1 and self._refusal(s, f, RANKS_PER_SUIT) is None:
                    self._move((s, f, RANKS_PER_SUIT), changes)
                    return True
        return False

    def undo(self) -> bool:
        """Take back the last player's move and what followed from it."""
        if not self._history:
            return False
        move, record = self._history.pop()
        self.revert(record)
        self._redo.append(move)
        return True

    def redo(self) -> bool:
        """Play again the last move taken back; if it no longer applies, change nothing."""
        if not self._redo:
            return False
        pending = self._redo
        move = pending.pop()
        self._redo = []
        try:
            self.play(move)
        except IllegalMove:
            pending.append(move)
            raise
        finally:
            self._redo = pending
        return True

    def restart(self) -> None:
        """Back to the deal, keeping every move on the redo stack."""
        while self.undo():
            pass

    # -- saving -------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The game as JSON: config, deal, moves and redo stack, enough to rebuild it exactly."""
        return json.dumps({
            "format": SAVE_FORMAT,
            "config": self.config,
            "deal": self.deal,
            "autoplay": self.autoplay,
            "moves": [str(m) for m, _ in self._history],
            "redo": [str(m) for m in reversed(self._redo)],
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game saved by `to_json`; raise ValueError saying what is wrong.

        Every field is checked (see `saves`), the moves must replay, and so must the undone
        moves after them, so that a loaded game's redo never fails.
        """
        save = read_save(text)
        game = cls(save.rules, save.deal, save.autoplay)
        for name, moves in (("move", save.moves), ("undone move", save.redo)):
            for i, text_move in enumerate(moves):
                try:
                    game.play(text_move)
                except IllegalMove as exc:
                    raise ValueError(f"saved game is damaged at {name} {i + 1}: {exc}") from None
        for _ in save.redo:
            game.undo()
        return game

    def __str__(self) -> str:
        from patience.render import render

        return render(self)


def _rule_words(rule: Relation) -> str:
    rank = {"up": "up", "down": "down", "up-or-down": "up or down", "same": "by equal rank",
            "any": "in any rank"}[rule.rank]
    suit = {"same-suit": "by suit", "alternate-colour": "in alternate colours",
            "other-suit": "in any other suit", "any-suit": "whatever the suit"}[rule.suit]
    return f"{rank} {suit}"


def card(text: str) -> int:
    """The face-up code of a card written like '7H' (for tests and tools)."""
    c = Card.parse(text)
    return code_of(c.rank, c.suit)
