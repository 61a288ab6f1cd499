"""A game of patience played from an engine config: deal, legal moves, play, undo, redo.

Nothing here knows any variant by name: every rule comes from the config that the rules
compiler wrote. Piles are lists of card codes (see `cards`), bottom to top.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from patience.cards import FACE_DOWN, Card, card_text, code_of, rank_of
from patience.config import check_config
from patience.rng import shuffled

KIND_ORDER = ("foundation", "tableau", "reserve", "fan", "stock", "waste")
SAVE_FORMAT = 1
BASE_RANKS = {"ace": 1, "king": 13}


class IllegalMove(ValueError):
    """A move the rules do not allow; the message says why."""


class Move(NamedTuple):
    """Move `count` cards from the top of pile `source` to pile `target`."""

    source: str
    target: str
    count: int = 1

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


def _ranks_on(rank: str, wrap: bool, below: int) -> tuple[int, ...]:
    """Ranks (1-13) that may go on a card of rank `below` under a build or run rule."""
    if rank == "up":
        return (below + 1,) if below < 13 else (1,) if wrap else ()
    if rank == "down":
        return (below - 1,) if below > 1 else (13,) if wrap else ()
    if rank == "same":
        return (below,)
    return tuple(range(1, 14))


def _suits_on(suit: str, below: int) -> tuple[int, ...]:
    """Suit indexes (0-3, in SUITS order: C D H S) that may go on a card of suit `below`."""
    if suit == "same-suit":
        return (below,)
    if suit == "alternate-colour":
        red = below in (1, 2)
        return tuple(s for s in range(4) if (s in (1, 2)) != red)
    if suit == "other-suit":
        return tuple(s for s in range(4) if s != below)
    return (0, 1, 2, 3)


@cache
def _table(rank: str, suit: str, wrap: bool) -> tuple[frozenset[int], ...]:
    """For each face-up code below, the set of codes that may go on it."""
    return tuple(
        frozenset(s * 13 + r - 1 for s in _suits_on(suit, b // 13)
                  for r in _ranks_on(rank, wrap, b % 13 + 1))
        for b in range(52)
    )


def relation(rule: dict | None) -> tuple[frozenset[int], ...] | None:
    """The lookup table of a build or run rule (None: nothing may be placed)."""
    if rule is None:
        return None
    return _table(rule["rank"], rule["suit"], rule.get("wrap", False))


class _Layout:
    """The config turned into per-pile lookups, shared by every game of that config."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config
        self.ids: list[str] = []
        self.kinds: list[str] = []
        self.index: dict[str, int] = {}
        self.by_kind: dict[str, list[int]] = {}
        for kind in KIND_ORDER:
            if kind not in config["piles"]:
                continue
            spec = config["piles"][kind]
            self.by_kind[kind] = []
            for i in range(spec["count"]):
                pid = f"{kind}.{i}"
                self.index[pid] = len(self.ids)
                self.by_kind[kind].append(len(self.ids))
                self.ids.append(pid)
                self.kinds.append(kind)
        self.specs = [config["piles"][k] for k in self.kinds]
        self.build = [relation(s["build"]) for s in self.specs]
        self.run = [relation(s["moves"]["run"]) for s in self.specs]
        self.group = [s["moves"]["group"] for s in self.specs]
        self.targets = [
            [t for t in range(len(self.ids)) if t != p and self.kinds[t] in s["moves"]["to"]]
            for p, s in enumerate(self.specs)
        ]
        self.target_set = [frozenset(t) for t in self.targets]
        # Targets onto which any group that may leave p also fits, once its bottom card does.
        self.simple = [
            frozenset(t for t in self.targets[p]
                      if self.run[p] is not None and self.run[p] is self.build[t]
                      and not self.specs[t]["build"]["single_cards"])
            for p in range(len(self.ids))
        ]
        self.max_cards = [None if s["build"] is None else s["build"]["max_cards"]
                          for s in self.specs]
        self.single_cards = [s["build"] is not None and s["build"]["single_cards"]
                             for s in self.specs]
        self.space_fixed = [None if s["spaces"]["from"] else s["spaces"]["accepts"]
                            for s in self.specs]
        self.sources = [p for p, g in enumerate(self.group) if g != "none"]
        self.foundations = self.by_kind["foundation"]
        self.stock = self.by_kind.get("stock", [None])[0]
        self.waste = self.by_kind.get("waste", [None])[0]
        self.total = config["decks"] * 52
        found = config["piles"]["foundation"]
        self.auto_foundation = found.get("automatic", False)
        self.auto_sources = [p for p in self.sources if self.kinds[p] != "foundation"
                             and "foundation" in self.specs[p]["moves"]["to"]]
        self.auto_fill = [p for p, s in enumerate(self.specs) if s["spaces"]["automatic"]]
        self.turn = config["piles"]["stock"]["turn"] if self.stock is not None else None


@cache
def _layout_for(text: str) -> _Layout:
    return _Layout(json.loads(text))


def _layout(config: dict[str, Any]) -> _Layout:
    return _layout_for(json.dumps(check_config(config), sort_keys=True))


class Game:
    """One deal of one variant, with its full undo and redo history."""

    def __init__(self, config: dict[str, Any], deal: int = 0, autoplay: bool = False) -> None:
        self._lay = _layout(config)
        self.config = self._lay.config
        self.deal = deal
        self.autoplay = autoplay
        self._piles: list[list[int]] = [[] for _ in self._lay.ids]
        self._passes = 1
        self._base = 1
        self._history: list[tuple[Move, list[tuple]]] = []
        self._redo: list[Move] = []
        self._deal_cards(shuffled(list(range(52)) * self.config["decks"], deal))
        if autoplay:
            self._automatic([], None)

    # -- dealing ------------------------------------------------------------------------------

    def _deal_cards(self, deck: list[int]) -> None:
        lay, cfg = self._lay, self.config
        found = cfg["piles"]["foundation"]
        base = found["base"]
        self._base = BASE_RANKS.get(base, 0)
        for kind in cfg["deal_order"]:
            piles = lay.by_kind[kind]
            spec = cfg["piles"][kind]
            if kind == "foundation":
                if base == "first-card":
                    self._base = rank_of(deck[0])
                gather = found["gather"]
                if gather == "none":
                    continue
                picked = [i for i, c in enumerate(deck) if rank_of(c) == self._base]
                picked = picked[: 1 if gather == "one" else len(piles)]
                for pile, i in zip(piles, picked, strict=False):
                    self._piles[pile].append(deck[i])
                for i in reversed(picked):
                    del deck[i]
            elif kind == "stock":
                self._piles[piles[0]] = [c | FACE_DOWN for c in deck]
                deck = []
            else:
                for pile, n, up in zip(piles, spec["deal"]["cards"], spec["deal"]["face_up"],
                                       strict=True):
                    cards, deck = deck[:n], deck[n:]
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
        except KeyError:
            raise IllegalMove(
                f"there is no pile {pile_id!r}; piles are {', '.join(self._lay.ids)}"
            ) from None

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
        return None if turn["passes"] is None else turn["passes"] - self._passes

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

    # -- the rules ----------------------------------------------------------------------------

    def _space_rule(self, target: int, source: int) -> str:
        """What an empty target accepts from this source: 'any', 'king', 'base' or 'none'."""
        spaces = self._lay.specs[target]["spaces"]
        accepts = spaces["accepts"]
        allowed = spaces["from"]
        if allowed is None or accepts == "none":
            return accepts
        waiting = spaces["while_cards_in"]
        if any(self._piles[p] for k in waiting for p in self._lay.by_kind.get(k, ())):
            return accepts if self._lay.kinds[source] in allowed else "none"
        return spaces["otherwise"]

    def _accepts(self, source: int, target: int, cards: list[int]) -> str | None:
        """None if `target` takes `cards` from `source`, else the reason it does not."""
        lay = self._lay
        spec = lay.specs[target]
        dest = self._piles[target]
        build = spec["build"]
        n = len(cards)
        if n > 1:
            if build is not None and build["single_cards"]:
                return f"only single cards go onto a {lay.kinds[target]}"
            table = lay.build[target]
            if table is None or any(b not in table[a] for a, b in itertools.pairwise(cards)):
                return f"that group is not built the way a {lay.kinds[target]} builds"
        if dest:
            top = dest[-1]
            table = lay.build[target]
            if table is None:
                return f"nothing may be placed on a {lay.kinds[target]}"
            if top & FACE_DOWN:
                return f"the top card of {lay.ids[target]} is face down"
            if build["max_cards"] is not None and len(dest) + n > build["max_cards"]:
                return f"{lay.ids[target]} is full ({build['max_cards']} cards)"
            if cards[0] not in table[top]:
                return (f"{card_text(cards[0])} cannot go on {card_text(top)}: "
                        f"{lay.kinds[target]} piles build {_rule_words(build)}")
            return None
        rule = self._space_rule(target, source)
        rank = rank_of(cards[0])
        if rule == "none":
            spaces = spec["spaces"]
            if spaces["accepts"] != "none" and spaces["from"]:
                return (f"an empty {lay.kinds[target]} pile may now be filled only from the "
                        f"{' or '.join(spaces['from'])}")
            return f"an empty {lay.kinds[target]} pile may not be filled"
        if rule == "king" and rank != 13:
            return f"only a King may fill an empty {lay.kinds[target]} pile"
        if rule == "base" and rank != self._base:
            return f"an empty {lay.kinds[target]} starts with rank {self._base}"
        return None

    def _movable(self, source: int) -> range | tuple[int, ...]:
        """How many cards may be lifted together from the top of `source` (empty: none)."""
        pile = self._piles[source]
        if not pile or pile[-1] & FACE_DOWN:
            return ()
        group = self._lay.group[source]
        if group == "single":
            return (1,)
        table = self._lay.run[source]
        depth = 1
        size = len(pile)
        while depth < size:
            below = pile[-depth - 1]
            if below & FACE_DOWN or table is None or pile[-depth] not in table[below]:
                break
            depth += 1
        if group == "run":
            return range(1, depth + 1)
        return (1, depth) if depth == size and depth > 1 else (1,)

    def _stock_move(self) -> Move | None:
        lay = self._lay
        if lay.stock is None:
            return None
        stock, turn = self._piles[lay.stock], lay.turn
        if stock:
            if turn["to"] == "waste":
                return Move(lay.ids[lay.stock], lay.ids[lay.waste], min(turn["cards"], len(stock)))
            tableau = lay.by_kind["tableau"]
            n = min(turn["cards"] * len(tableau), len(stock))
            return Move(lay.ids[lay.stock], lay.ids[tableau[0]], n)
        waste = self._piles[lay.waste] if lay.waste is not None else None
        if waste and (turn["passes"] is None or self._passes < turn["passes"]):
            return Move(lay.ids[lay.waste], lay.ids[lay.stock], len(waste))
        return None

    def _fits(self, source: int, target: int, n: int) -> bool:
        """Fast yes/no twin of `_accepts` for the hot paths; tests hold the two in step."""
        lay = self._lay
        dest = self._piles[target]
        build = lay.specs[target]["build"]
        if dest:
            top = dest[-1]
            table = lay.build[target]
            if table is None or top & FACE_DOWN:
                return False
            if self._piles[source][-n] not in table[top]:
                return False
            if build["max_cards"] is not None and len(dest) + n > build["max_cards"]:
                return False
        else:
            rule = self._space_rule(target, source)
            rank = self._piles[source][-n] % 13 + 1
            if rule == "none" or (rule == "king" and rank != 13) or (
                    rule == "base" and rank != self._base):
                return False
        return n == 1 or self._accepts(source, target, self._piles[source][-n:]) is None

    def _group_fits(self, s: int, t: int, n: int) -> bool:
        """Whether `t`'s build rule takes the top `n` > 1 cards of `s` as one group."""
        lay = self._lay
        if t in lay.simple[s]:
            return True
        table = lay.build[t]
        if table is None or lay.single_cards[t]:
            return False
        return all(b in table[a] for a, b in itertools.pairwise(self._piles[s][-n:]))

    def _move_triples(self) -> list[tuple[int, int, int]]:
        """Every legal move as (source, target, count) pile indexes: the hot path of search."""
        lay, piles = self._lay, self._piles
        build, max_cards, kinds, space_fixed = lay.build, lay.max_cards, lay.kinds, lay.space_fixed
        wanted: dict[int, list[int]] = {}
        empty = []
        for t, dest in enumerate(piles):
            if not dest:
                if space_fixed[t] != "none":
                    empty.append(t)
                continue
            table = build[t]
            top = dest[-1]
            if table is not None and not top & FACE_DOWN:
                for code in table[top]:
                    wanted.setdefault(code, []).append(t)
        out: list[tuple[int, int, int]] = []
        rules: dict[tuple[int, str], str] = {}
        for s in lay.sources:
            src = piles[s]
            counts = self._movable(s)
            if not counts:
                continue
            allowed = lay.target_set[s]
            for n in counts:
                for t in wanted.get(src[-n], ()):
                    if t in allowed and (max_cards[t] is None
                                         or len(piles[t]) + n <= max_cards[t]) and (
                            n == 1 or self._group_fits(s, t, n)):
                        out.append((s, t, n))
            for t in empty:
                if t not in allowed:
                    continue
                rule = space_fixed[t]
                if rule is None:
                    rule = rules.get((t, kinds[s]))
                    if rule is None:
                        rule = rules[t, kinds[s]] = self._space_rule(t, s)
                if rule == "none":
                    continue
                for n in counts:
                    if (rule == "king" and src[-n] % 13 != 12) or (
                            rule == "base" and src[-n] % 13 + 1 != self._base):
                        continue
                    if n == 1 or self._group_fits(s, t, n):
                        out.append((s, t, n))
        stock = self._stock_move()
        if stock is not None:
            out.append((lay.index[stock.source], lay.index[stock.target], stock.count))
        return out

    def legal_moves(self) -> list[Move]:
        """Every move the player may make now, the stock's turn or redeal included."""
        ids = self._lay.ids
        return [Move(ids[s], ids[t], n) for s, t, n in self._move_triples()]

    def why_illegal(self, move: Move) -> str | None:
        """None if `move` is legal now, else a sentence saying why not."""
        s = self._pile_index(move.source)
        t = self._pile_index(move.target)
        stock = self._stock_move()
        if stock is not None and move == stock:
            return None
        lay = self._lay
        if lay.stock in (s, t) or (s == lay.waste and t == lay.stock):
            if stock is None:
                return "the stock is empty and no pass through it is left"
            return f"the stock's move now is {stock}"
        if s == t:
            return "a card cannot move onto its own pile"
        if not self._piles[s]:
            return f"{move.source} is empty"
        if lay.group[s] == "none":
            return f"cards never leave a {lay.kinds[s]}"
        if lay.kinds[t] not in lay.specs[s]["moves"]["to"]:
            allowed = " or ".join(lay.specs[s]["moves"]["to"])
            return f"cards from a {lay.kinds[s]} may go only to a {allowed}"
        counts = self._movable(s)
        if move.count not in counts:
            if not counts:
                return f"the top card of {move.source} is face down"
            if lay.group[s] == "single":
                return f"only one card at a time moves from a {lay.kinds[s]}"
            return f"the top {move.count} cards of {move.source} do not form a group that moves"
        return self._accepts(s, t, self._piles[s][-move.count:])

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
        ops: list[tuple] = []
        self._apply(move, ops)
        if self.autoplay:
            back = self._lay.index[move.target] if move.source.startswith("foundation.") else None
            self._automatic(ops, back)
        self._history.append((move, ops))
        self._redo.clear()

    def _apply(self, move: Move, ops: list[tuple]) -> None:
        lay = self._lay
        s, t, n = lay.index[move.source], lay.index[move.target], move.count
        if s == lay.stock and lay.turn["to"] == "tableau":
            for pile in (lay.by_kind["tableau"] * lay.turn["cards"])[:n]:
                self._do(ops, ("turn", s, pile, 1))
            return
        if s == lay.stock or (s == lay.waste and t == lay.stock):
            self._do(ops, ("turn", s, t, n))
            if t == lay.stock:
                self._do(ops, ("pass", 1))
            return
        self._do(ops, ("move", s, t, n))
        src = self._piles[s]
        if src and src[-1] & FACE_DOWN:
            self._do(ops, ("flip", s))

    def _do(self, ops: list[tuple], op: tuple) -> None:
        ops.append(op)
        self._run(op)

    def _run(self, op: tuple) -> None:
        name = op[0]
        if name == "move":
            _, s, t, n = op
            src = self._piles[s]
            self._piles[t].extend(src[-n:])
            del src[-n:]
        elif name == "turn":
            _, s, t, n = op
            src, dest = self._piles[s], self._piles[t]
            for _ in range(n):
                dest.append(src.pop() ^ FACE_DOWN)
        elif name == "flip":
            self._piles[op[1]][-1] ^= FACE_DOWN
        elif name == "pass":
            self._passes += op[1]

    def _undo_op(self, op: tuple) -> None:
        name = op[0]
        if name == "move":
            _, s, t, n = op
            self._run(("move", t, s, n))
        elif name == "turn":
            _, s, t, n = op
            self._run(("turn", t, s, n))
        elif name == "flip":
            self._run(op)
        elif name == "pass":
            self._passes -= op[1]

    def _automatic(self, ops: list[tuple], played_back: int | None) -> None:
        """Make the moves the rules make by themselves until none is left."""
        lay = self._lay
        held = (played_back, len(self._piles[played_back])) if played_back is not None else None
        while self._auto_fill(ops) or (lay.auto_foundation and self._auto_up(ops, held)):
            pass

    def _auto_fill(self, ops: list[tuple]) -> bool:
        lay = self._lay
        for t in lay.auto_fill:
            if self._piles[t]:
                continue
            spaces = lay.specs[t]["spaces"]
            for kind in spaces["from"] or ():
                for s in lay.by_kind.get(kind, ()):
                    if (t in lay.target_set[s] and self._piles[s] and 1 in self._movable(s)
                            and self._fits(s, t, 1)):
                        self._apply(Move(lay.ids[s], lay.ids[t], 1), ops)
                        return True
            waiting = spaces["while_cards_in"] or ()
            if "stock" in waiting and lay.stock is not None and self._piles[lay.stock]:
                turn = self._stock_move()
                if turn is not None:
                    self._apply(turn, ops)
                    return True
        return False

    def _auto_up(self, ops: list[tuple], held: tuple[int, int] | None) -> bool:
        lay, piles = self._lay, self._piles
        wanted: dict[int, int] = {}
        for f in reversed(lay.foundations):
            dest = piles[f]
            if not dest:
                for suit in range(4):
                    wanted[suit * 13 + self._base - 1] = f
            elif lay.max_cards[f] is None or len(dest) < lay.max_cards[f]:
                for code in lay.build[f][dest[-1]]:
                    wanted[code] = f
        for s in lay.auto_sources:
            src = piles[s]
            if src and src[-1] in wanted and (s, len(src)) != held:
                f = wanted[src[-1]]
                if self._fits(s, f, 1):
                    self._apply(Move(lay.ids[s], lay.ids[f], 1), ops)
                    return True
        return False

    def undo(self) -> bool:
        """Take back the last player's move and what followed from it."""
        if not self._history:
            return False
        move, ops = self._history.pop()
        for op in reversed(ops):
            self._undo_op(op)
        self._redo.append(move)
        return True

    def redo(self) -> bool:
        """Play again the last move taken back."""
        if not self._redo:
            return False
        move = self._redo.pop()
        pending = self._redo
        self._redo = []
        self.play(move)
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
        """Rebuild a game saved by `to_json`; raise ValueError saying what is wrong."""
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as exc:
            raise ValueError(f"saved game is not JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError("saved game has no known format")
        try:
            game = cls(data["config"], data["deal"], bool(data["autoplay"]))
            moves = [Move.parse(m) for m in data["moves"]]
            redo = [Move.parse(m) for m in data["redo"]]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"saved game is damaged: {exc}") from None
        for i, move in enumerate(moves):
            try:
                game.play(move)
            except IllegalMove as exc:
                raise ValueError(f"saved game is damaged at move {i + 1}: {exc}") from None
        game._redo = list(reversed(redo))
        return game

    def position_key(self) -> tuple:
        """A hashable key of the position (piles, faces and passes), for search."""
        return (self._passes, *map(tuple, self._piles))

    def codes(self, pile_id: str) -> list[int]:
        """The raw card codes of a pile (a copy), for fast readers such as a solver."""
        return list(self._piles[self._pile_index(pile_id)])

    def __str__(self) -> str:
        from patience.render import render

        return render(self)


def _rule_words(rule: dict) -> str:
    rank = {"up": "up", "down": "down", "same": "by equal rank", "any": "in any rank"}[rule["rank"]]
    suit = {"same-suit": "by suit", "alternate-colour": "in alternate colours",
            "other-suit": "in any other suit", "any-suit": "whatever the suit"}[rule["suit"]]
    return f"{rank} {suit}"


def card(text: str) -> int:
    """The face-up code of a card written like '7H' (for tests and tools)."""
    c = Card.parse(text)
    return code_of(c.rank, c.suit)
