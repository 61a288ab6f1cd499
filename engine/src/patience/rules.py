"""The rules of a variant as a frozen, typed model, read once from its engine config.

The rules compiler writes each variant as an engine config (JSON, every default filled in).
`Rules.from_config` checks that config field by field and turns it into the dataclasses and
enums below; everything else (the game, the solver, the page generator) asks this model instead
of re-reading the raw dicts. The shape follows Solvitaire's flat rule policies (build order,
suit rule, space rule, stock rule), with what Solvitaire cannot say: "any suit but its own",
"equal rank", "only to the foundations", spaces filled only from certain piles.

A new rule concept is a new enum member or a new field with a default, so configs of this
format stay readable: free cells are piles that hold one card (`PileRules.holds_one`) and
the supermove rule that counts them a field of `MoveRule` (`MoveLimit`), a stock
that deals to every tableau pile is a `TurnTo` already (and one held back while a tableau pile
is empty a field of `StockTurn`), foundations that take only complete runs a field of
`BuildRule`, a deck of fewer suits a field of `Rules`, building both ways a `RankOrder` member
(`up-or-down`), any face-up group moving is a `GroupRule` member, and Kings sent beneath their
piles at the deal a field of `DealRule` (`Rearrange`); a config written before any of these
may leave it out. The enums are string enums: each member equals the word the config uses.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache, lru_cache
from typing import Any, Final

from patience.cards import FACE_DOWN, SUITS, Card, card_text, rank_of

FORMAT = 1
"""The engine config format: the compiler writes it, the engine refuses any other."""

CARDS_PER_DECK: Final = 52
RANKS_PER_SUIT: Final = 13
MAX_DECKS: Final = 8


class PileKind(StrEnum):
    """The kinds of pile, in the order the piles of a game are listed."""

    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    RESERVE = "reserve"
    FAN = "fan"
    STOCK = "stock"
    WASTE = "waste"


class RankOrder(StrEnum):
    """How the rank of a card relates to the rank of the card it goes on."""

    UP = "up"
    DOWN = "down"
    UP_OR_DOWN = "up-or-down"
    SAME = "same"
    ANY = "any"


class SuitRule(StrEnum):
    """How the suit of a card relates to the suit of the card it goes on."""

    SAME_SUIT = "same-suit"
    ALTERNATE_COLOUR = "alternate-colour"
    OTHER_SUIT = "other-suit"
    ANY_SUIT = "any-suit"


class GroupRule(StrEnum):
    """Which cards may leave a pile together."""

    SINGLE = "single"
    RUN = "run"
    WHOLE_PILE = "whole-pile"
    FACE_UP = "face-up"
    NONE = "none"


class MoveLimit(StrEnum):
    """How many cards of a group may move at once: any number, or as many as the free cells
    and empty piles could carry one at a time (see `free_cell_limit`)."""

    NONE = "none"
    FREE_CELLS = "free-cells"


def free_cell_limit(cells: int, spaces: int) -> int:
    """The most cards a group may hold with `cells` empty free cells and `spaces` empty piles
    that take any card (other than the one it goes to): (1 + cells) x 2^spaces.

    Each empty cell holds one card of the group while the rest moves; each empty pile holds
    half of it while the other half moves by the same means, so a move of that size is
    exactly a sequence of single-card moves.
    """
    return (1 + cells) << spaces


class SpaceRule(StrEnum):
    """What an empty pile accepts: any card, a King, the foundations' base rank, or nothing."""

    ANY = "any"
    KING = "king"
    BASE = "base"
    NONE = "none"


class FoundationBase(StrEnum):
    """The rank that starts every foundation: fixed, the first card dealt, or none at all
    (`any`: an empty foundation takes any card)."""

    ACE = "ace"
    KING = "king"
    FIRST_CARD = "first-card"
    ANY = "any"


class Gather(StrEnum):
    """Base cards taken out of the deck onto the foundations before the deal: none, one, one
    for every foundation, or a given number of them (written in the config as that number)."""

    NONE = "none"
    ONE = "one"
    ALL = "all"
    COUNT = "count"


class Rearrange(StrEnum):
    """What the deal does to each pile of a kind once its cards are down."""

    NONE = "none"
    KINGS_TO_BOTTOM = "kings-to-bottom"


class TurnTo(StrEnum):
    """Where a turn of the stock puts its cards."""

    WASTE = "waste"
    TABLEAU = "tableau"
    FOUNDATION = "foundation"


RED_SUITS = (1, 2)  # diamonds and hearts, as suit indexes in "CDHS" order


@dataclass(frozen=True, slots=True)
class Relation:
    """Which card may lie directly on which: a rank order, a suit rule, and wrapping K-A."""

    rank: RankOrder
    suit: SuitRule
    wrap: bool = False

    def ranks_on(self, below: int) -> tuple[int, ...]:
        """Ranks (1-13) that may lie on a card of rank `below`."""
        match self.rank:
            case RankOrder.UP:
                return (below + 1,) if below < 13 else (1,) if self.wrap else ()
            case RankOrder.DOWN:
                return (below - 1,) if below > 1 else (13,) if self.wrap else ()
            case RankOrder.UP_OR_DOWN:
                near = {below - 1, below + 1} & set(range(1, 14))
                if self.wrap and below in (1, 13):
                    near.add(14 - below)
                return tuple(sorted(near))
            case RankOrder.SAME:
                return (below,)
            case _:
                return tuple(range(1, 14))

    def suits_on(self, below: int) -> tuple[int, ...]:
        """Suit indexes (0-3, "CDHS" order) that may lie on a card of suit index `below`."""
        match self.suit:
            case SuitRule.SAME_SUIT:
                return (below,)
            case SuitRule.ALTERNATE_COLOUR:
                red = below in RED_SUITS
                return tuple(s for s in range(4) if (s in RED_SUITS) != red)
            case SuitRule.OTHER_SUIT:
                return tuple(s for s in range(4) if s != below)
            case _:
                return (0, 1, 2, 3)

    @property
    def table(self) -> tuple[frozenset[int], ...]:
        """For each face-up card code below (0-51), the codes that may lie on it."""
        return _table(self.rank, self.suit, self.wrap)

    def allows(self, below: int, above: int) -> bool:
        """Whether card code `above` may lie on card code `below` (faces ignored)."""
        return above & ~FACE_DOWN in _table(self.rank, self.suit, self.wrap)[below & ~FACE_DOWN]

    def holds(self, codes: list[int] | tuple[int, ...]) -> bool:
        """Whether each card of `codes` (bottom to top) may lie on the one before it."""
        table = _table(self.rank, self.suit, self.wrap)
        return all(codes[i] in table[codes[i - 1]] for i in range(1, len(codes)))


@cache
def _table(rank: RankOrder, suit: SuitRule, wrap: bool) -> tuple[frozenset[int], ...]:
    rule = Relation(rank, suit, wrap)
    return tuple(
        frozenset(s * 13 + r - 1 for s in rule.suits_on(below // 13)
                  for r in rule.ranks_on(below % 13 + 1))
        for below in range(CARDS_PER_DECK)
    )


@cache
def space_codes(base: int) -> Mapping[SpaceRule, frozenset[int]]:
    """For each space rule, the card codes (0-51) an empty pile under it takes, when the
    foundations start at rank `base`."""
    every = range(CARDS_PER_DECK)
    return {
        SpaceRule.ANY: frozenset(every),
        SpaceRule.KING: frozenset(c for c in every if c % 13 + 1 == 13),
        SpaceRule.BASE: frozenset(c for c in every if c % 13 + 1 == base),
        SpaceRule.NONE: frozenset(),
    }


@cache
def space_bits(base: int) -> Mapping[SpaceRule, int]:
    """`space_codes` with each set of codes as bits (code c as 1 << c), for move generation."""
    return {rule: sum(1 << c for c in codes) for rule, codes in space_codes(base).items()}


@dataclass(frozen=True, slots=True)
class BuildRule:
    """How cards are built on a pile: the relation to its top card, and limits.

    `complete_runs`: the pile takes cards only as one whole run of 13, from its base rank to
    the other end, moved onto it while it is empty.
    """

    relation: Relation
    max_cards: int | None = None
    single_cards: bool = False
    complete_runs: bool = False


@dataclass(frozen=True, slots=True)
class MoveRule:
    """Which cards may leave a pile together, in what run, to which kinds of pile, and how
    many at once (`limit`)."""

    group: GroupRule
    run: Relation | None
    to: tuple[PileKind, ...]
    limit: MoveLimit = MoveLimit.NONE


@dataclass(frozen=True, slots=True)
class Spaces:
    """What fills an empty pile.

    `accepts` applies to cards from the kinds in `only_from` (every kind when None) while any
    pile of a kind in `while_cards_in` holds cards; after that, `otherwise` applies to cards
    from anywhere. `automatic`: the engine fills the space itself.
    """

    accepts: SpaceRule
    only_from: tuple[PileKind, ...] | None = None
    while_cards_in: tuple[PileKind, ...] | None = None
    otherwise: SpaceRule = SpaceRule.ANY
    automatic: bool = False


@dataclass(frozen=True, slots=True)
class DealRule:
    """Cards dealt to each pile of a kind, how many of them (from the top) face up, and how
    each pile is rearranged once dealt."""

    cards: tuple[int, ...]
    face_up: tuple[int, ...]
    rearrange: Rearrange = Rearrange.NONE

    def arranged(self, codes: list[int]) -> list[int]:
        """One pile's cards (bottom to top) as the deal leaves them: with kings-to-bottom,
        its Kings go beneath its other cards, each group keeping its order."""
        if self.rearrange == Rearrange.NONE:
            return codes
        kings = [c for c in codes if rank_of(c) == 13]
        return kings + [c for c in codes if rank_of(c) != 13]


@dataclass(frozen=True, slots=True)
class StockTurn:
    """A turn of the stock: how many cards, to where, and how many passes (None: no limit).

    `blocked_by_spaces`: a stock that deals to the tableau may not be turned while any tableau
    pile is empty.
    """

    cards: int
    to: TurnTo
    passes: int | None
    blocked_by_spaces: bool = False


@dataclass(frozen=True, slots=True)
class PileRules:
    """Everything about one kind of pile. Foundations add base, gather (with gather_count, the
    number of cards when it is a count), automatic and `start_card` (the code of a card taken
    out of the deck onto the first foundation before the deal, or None); the stock adds its
    turn."""

    kind: PileKind
    count: int
    deal: DealRule
    build: BuildRule | None
    moves: MoveRule
    spaces: Spaces
    base: FoundationBase | None = None
    gather: Gather | None = None
    gather_count: int = 0
    automatic: bool = False
    start_card: int | None = None
    turn: StockTurn | None = None

    def gathered(self) -> int:
        """How many base cards the deal takes to these piles, one to each from the first."""
        match self.gather:
            case Gather.ONE:
                return 1
            case Gather.ALL:
                return self.count
            case Gather.COUNT:
                return self.gather_count
            case _:
                return 0

    @property
    def holds_one(self) -> bool:
        """Whether each pile of this kind is a free cell: it takes any card when empty and
        nothing on a card, and its card may leave it."""
        return (self.build is None and self.spaces.accepts == SpaceRule.ANY
                and self.spaces.only_from is None and self.moves.group != GroupRule.NONE)


@dataclass(frozen=True, slots=True)
class Rules:
    """A variant's rules: decks, deal order, and the rules of each kind of pile it has."""

    id: str
    decks: int
    deal_order: tuple[PileKind, ...]
    piles: tuple[PileRules, ...]
    suits: str = SUITS
    """The suits the cards come in ("CDHS" order): a deck of fewer suits repeats them, so
    that `decks` decks still hold `decks * 52` cards."""

    @property
    def kinds(self) -> tuple[PileKind, ...]:
        """The kinds of pile this variant has, in `PileKind` order."""
        return tuple(p.kind for p in self.piles)

    def __contains__(self, kind: object) -> bool:
        return any(p.kind == kind for p in self.piles)

    def __getitem__(self, kind: str) -> PileRules:
        for pile in self.piles:
            if pile.kind == kind:
                return pile
        raise KeyError(f"{self.id} has no {kind} piles")

    def __iter__(self) -> Iterator[PileRules]:
        return iter(self.piles)

    @property
    def foundation(self) -> PileRules:
        """The foundations' rules (every variant has foundations)."""
        return self.piles[0]

    @property
    def stock(self) -> PileRules | None:
        """The stock's rules, or None for a variant without a stock."""
        return next((p for p in self.piles if p.kind == PileKind.STOCK), None)

    @property
    def cards(self) -> int:
        """How many cards the game holds."""
        return self.decks * CARDS_PER_DECK

    @property
    def copies(self) -> int:
        """How many times each card of the game is in it (each code, in the engine)."""
        return self.decks * len(SUITS) // len(self.suits)

    def deck(self) -> list[int]:
        """Every card code of the game, unshuffled: each suit's 13 ranks, `copies` times."""
        one = [SUITS.index(s) * RANKS_PER_SUIT + r for s in self.suits
               for r in range(RANKS_PER_SUIT)]
        return one * self.copies

    @classmethod
    def from_config(cls, config: Any) -> Rules:
        """Check an engine config and build its model; raise ValueError naming the field."""
        return _parse(config)

    def to_config(self) -> dict[str, Any]:
        """The engine config this model was read from, as plain JSON-ready data (keys sorted,
        as the compiler writes them)."""
        return _sorted_keys_dict({
            "format": FORMAT,
            "id": self.id,
            "decks": self.decks,
            "suits": list(self.suits),
            "deal_order": [str(k) for k in self.deal_order],
            "kinds": [str(k) for k in self.kinds],
            "piles": {str(p.kind): _pile_config(p) for p in self.piles},
        })


def rules_of(config: Mapping[str, Any] | Rules) -> Rules:
    """The model of a config (or the model itself), parsed once per distinct config."""
    if isinstance(config, Rules):
        return config
    try:
        text = json.dumps(config, sort_keys=True)
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"engine config is not JSON data: {exc}") from None
    return _parse_text(text)


@lru_cache(maxsize=64)
def _parse_text(text: str) -> Rules:
    return _parse(json.loads(text))


# -- reading a config ----------------------------------------------------------------------------

class _Reader:
    """Reads one field of a config, naming its path in every error."""

    def __init__(self, data: Any, path: str) -> None:
        self.data, self.path = data, path

    def fail(self, message: str) -> ValueError:
        return ValueError(f"engine config: {self.path or '(top level)'}: {message}")

    def field(self, name: str) -> _Reader:
        if not isinstance(self.data, dict):
            raise self.fail("expected an object")
        if name not in self.data:
            raise _Reader(None, self._join(name)).fail("missing")
        return _Reader(self.data[name], self._join(name))

    def optional(self, name: str, default: Any) -> _Reader:
        """A field added after its format: configs written before it read as `default`."""
        if isinstance(self.data, dict) and name not in self.data:
            return _Reader(default, self._join(name))
        return self.field(name)

    def item(self, index: int) -> _Reader:
        return _Reader(self.data[index], f"{self.path}[{index}]")

    def _join(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def is_null(self) -> bool:
        return self.data is None

    def int(self, low: int, high: int | None = None) -> int:
        value = self.data
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(f"expected an integer, got {value!r}")
        if value < low or (high is not None and value > high):
            top = "" if high is None else f" to {high}"
            raise self.fail(f"{value} is out of range ({low}{top})")
        return value

    def bool(self) -> bool:
        if not isinstance(self.data, bool):
            raise self.fail(f"expected true or false, got {self.data!r}")
        return self.data

    def str(self) -> str:
        if not isinstance(self.data, str) or not self.data:
            raise self.fail(f"expected a non-empty string, got {self.data!r}")
        return self.data

    def enum[E: StrEnum](self, enum: type[E]) -> E:
        try:
            return enum(self.data)
        except (ValueError, TypeError):
            known = ", ".join(m.value for m in enum)
            raise self.fail(f"{self.data!r} is not one of {known}") from None

    def list(self) -> list[_Reader]:
        if not isinstance(self.data, list):
            raise self.fail(f"expected a list, got {self.data!r}")
        return [self.item(i) for i in range(len(self.data))]

    def kinds(self) -> tuple[PileKind, ...]:
        kinds = tuple(r.enum(PileKind) for r in self.list())
        if len(set(kinds)) != len(kinds):
            raise self.fail("a kind of pile is listed twice")
        return kinds


def _relation(r: _Reader) -> Relation:
    return Relation(r.field("rank").enum(RankOrder), r.field("suit").enum(SuitRule),
                    r.field("wrap").bool())


def _build(r: _Reader) -> BuildRule | None:
    if r.is_null():
        return None
    limit = r.field("max_cards")
    return BuildRule(_relation(r), None if limit.is_null() else limit.int(1),
                     r.field("single_cards").bool(), r.optional("complete_runs", False).bool())


def _optional_kinds(r: _Reader) -> tuple[PileKind, ...] | None:
    return None if r.is_null() else r.kinds()


def _pile(kind: PileKind, r: _Reader, decks: int) -> PileRules:
    count = r.field("count").int(1, decks * CARDS_PER_DECK)
    deal_r = r.field("deal")
    cards = tuple(x.int(0, decks * CARDS_PER_DECK) for x in deal_r.field("cards").list())
    face_up = tuple(x.int(0, decks * CARDS_PER_DECK) for x in deal_r.field("face_up").list())
    for name, values in (("cards", cards), ("face_up", face_up)):
        if len(values) != count:
            raise deal_r.field(name).fail(f"has {len(values)} entries for {count} piles")
    for i, (n, up) in enumerate(zip(cards, face_up, strict=True)):
        if up > n:
            raise deal_r.field("face_up").item(i).fail(f"{up} face up of {n} cards dealt")
    moves_r = r.field("moves")
    run_r = moves_r.field("run")
    limit_r = moves_r.optional("limit", str(MoveLimit.NONE))
    moves = MoveRule(moves_r.field("group").enum(GroupRule),
                     None if run_r.is_null() else _relation(run_r), moves_r.field("to").kinds(),
                     limit_r.enum(MoveLimit))
    if moves.group in (GroupRule.RUN, GroupRule.WHOLE_PILE) and moves.run is None:
        raise run_r.fail(f"a {moves.group} group needs a run relation")
    spaces_r = r.field("spaces")
    spaces = Spaces(
        spaces_r.field("accepts").enum(SpaceRule),
        _optional_kinds(spaces_r.field("from")),
        _optional_kinds(spaces_r.field("while_cards_in")),
        spaces_r.field("otherwise").enum(SpaceRule),
        spaces_r.field("automatic").bool(),
    )
    rearrange = Rearrange.NONE
    if isinstance(deal_r.data, dict) and "rearrange" in deal_r.data:
        rearrange = deal_r.field("rearrange").enum(Rearrange)
    build = _build(r.field("build"))
    if moves.limit == MoveLimit.FREE_CELLS:
        _check_free_cells(moves, build, limit_r)
    pile = PileRules(kind, count, DealRule(cards, face_up, rearrange), build, moves, spaces)
    if kind == PileKind.FOUNDATION:
        gather_r = r.field("gather")
        if isinstance(gather_r.data, int) and not isinstance(gather_r.data, bool):
            gather, gather_count = Gather.COUNT, gather_r.int(1, count)
        else:
            gather, gather_count = gather_r.enum(Gather), 0
            if gather == Gather.COUNT:
                raise gather_r.fail("a count of cards is written as that number")
        pile = replace(pile, base=r.field("base").enum(FoundationBase), gather=gather,
                       gather_count=gather_count, automatic=r.field("automatic").bool(),
                       start_card=_start_card(r))
    if kind == PileKind.STOCK:
        turn_r = r.field("turn")
        passes = turn_r.field("passes")
        pile = replace(pile, turn=StockTurn(
            turn_r.field("cards").int(1, decks * CARDS_PER_DECK), turn_r.field("to").enum(TurnTo),
            None if passes.is_null() else passes.int(1),
            turn_r.optional("blocked_by_spaces", False).bool()))
    return pile


def _start_card(r: _Reader) -> int | None:
    """The optional `start_card` of a foundation config: a card written like 'AS'."""
    if not isinstance(r.data, dict) or r.data.get("start_card") is None:
        return None
    field = r.field("start_card")
    try:
        return Card.parse(field.str()).code
    except ValueError as exc:
        raise field.fail(str(exc)) from None


def _check_free_cells(moves: MoveRule, build: BuildRule | None, r: _Reader) -> None:
    """The supermove count holds only for runs that rebuild as they lie: a group built by the
    pile's own build rule, so that its halves stack again wherever its bottom card fits."""
    if moves.group != GroupRule.RUN:
        raise r.fail(f"a free-cells limit needs group run, not {moves.group}")
    if build is None or moves.run != build.relation:
        raise r.fail("a free-cells limit needs a run built by the pile's own build rule")


def _parse(config: Any) -> Rules:
    top = _Reader(config, "")
    if not isinstance(config, dict) or "piles" not in config or "kinds" not in config:
        raise ValueError("not a Patience engine config (no 'piles' or 'kinds')")
    if config.get("format") != FORMAT:
        raise ValueError(f"engine config format {config.get('format')!r} is not {FORMAT}; "
                         "recompile the rules files")
    variant_id = top.field("id").str()
    decks = top.field("decks").int(1, MAX_DECKS)
    suits = _suits(top.optional("suits", list(SUITS)))
    kinds_r = top.field("kinds")
    kinds = kinds_r.kinds()
    if list(kinds) != sorted(kinds, key=list(PileKind).index):
        raise kinds_r.fail(f"kinds must be listed in the order {', '.join(PileKind)}")
    piles_r = top.field("piles")
    if not isinstance(piles_r.data, dict) or set(piles_r.data) != set(kinds):
        raise piles_r.fail(f"expected exactly the piles of {', '.join(kinds) or 'no kinds'}")
    if PileKind.FOUNDATION not in kinds:
        raise kinds_r.fail("a variant needs foundations")
    piles = tuple(_pile(kind, piles_r.field(kind), decks) for kind in kinds)
    order_r = top.field("deal_order")
    deal_order = order_r.kinds()
    rules = Rules(variant_id, decks, deal_order, piles, suits)
    _check_whole(rules, top)
    return rules


def _suits(r: _Reader) -> str:
    """The suits of the deck: letters in "CDHS" order, as many as divide four."""
    letters = [item.str() for item in r.list()]
    if any(s not in SUITS for s in letters) or letters != sorted(set(letters), key=SUITS.index):
        raise r.fail(f"expected suit letters of {SUITS}, each once and in that order")
    if not letters or len(SUITS) % len(letters):
        raise r.fail("a deck of 52 cards is made of 1, 2 or 4 suits")
    return "".join(letters)


def _check_whole(rules: Rules, top: _Reader) -> None:
    """The checks that span fields: targets exist, and the deal uses each card exactly once."""
    piles_r = top.field("piles")
    for pile in rules:
        missing = [k for k in pile.moves.to if k not in rules]
        if missing:
            raise piles_r.field(pile.kind).field("moves").field("to").fail(
                f"no {', '.join(missing)} piles in this variant")
    order_r = top.field("deal_order")
    for kind in rules.deal_order:
        if kind not in rules:
            raise order_r.fail(f"deals to {kind}, which this variant does not have")
    if PileKind.STOCK in rules.deal_order and rules.deal_order[-1] != PileKind.STOCK:
        raise order_r.fail("the stock takes the rest of the deck, so it comes last")
    stock = rules.stock
    if stock is not None and stock.turn is not None:
        turn_to = stock.turn.to
        if turn_to not in rules:
            raise piles_r.field("stock").field("turn").field("to").fail(
                f"no {turn_to} piles in this variant")
        if turn_to == TurnTo.FOUNDATION and rules.foundation.count != 1:
            raise piles_r.field("stock").field("turn").field("to").fail(
                "a stock turned onto the foundation needs exactly one foundation")
    elif stock is not None:
        raise piles_r.field("stock").field("turn").fail("missing")
    if stock is not None and stock.turn is not None and stock.turn.blocked_by_spaces and (
            stock.turn.to != TurnTo.TABLEAU):
        raise piles_r.field("stock").field("turn").field("blocked_by_spaces").fail(
            "only a stock that deals to the tableau waits for its spaces to be filled")
    for pile in rules:
        if pile.build is not None and pile.build.complete_runs and not _runs_fit(pile):
            raise piles_r.field(pile.kind).field("build").field("complete_runs").fail(
                "a pile that takes complete runs builds up from the ace or down from the king, "
                "by suit and without wrapping")
    found = rules.foundation
    dealt = min(found.gathered(), 4 * rules.decks)
    if found.start_card is not None:
        if found.gather != Gather.NONE:
            raise piles_r.field("foundation").field("start_card").fail(
                "a start card and gathered base cards cannot both start the foundations")
        dealt = 1
        if card_text(found.start_card)[1] not in rules.suits:
            raise piles_r.field("foundation").field("start_card").fail(
                f"{card_text(found.start_card)} is not in a deck of the suits {rules.suits}")
        fixed = {"ace": 1, "king": 13}.get(str(found.base))
        if found.base == FoundationBase.FIRST_CARD or (
                fixed is not None and rank_of(found.start_card) != fixed):
            raise piles_r.field("foundation").field("start_card").fail(
                f"{card_text(found.start_card)} does not start a foundation whose base is "
                f"{found.base}")
    for pile in rules:
        if pile.kind in (PileKind.FOUNDATION, PileKind.STOCK):
            continue
        n = sum(pile.deal.cards)
        if n and pile.kind not in rules.deal_order:
            raise order_r.fail(f"{pile.kind} piles are dealt cards but not in the deal order")
        dealt += n
    rest = rules.cards - dealt
    if rest < 0:
        raise piles_r.fail(
            f"the deal needs {dealt} cards; {rules.decks} deck(s) hold {rules.cards}")
    if stock is None and rest:
        raise piles_r.fail(f"{rest} cards are left after the deal and there is no stock")
    if stock is not None and stock.deal.cards != (rest,):
        raise piles_r.field("stock").field("deal").field("cards").fail(
            f"the stock holds the {rest} cards left after the deal")


def _runs_fit(pile: PileRules) -> bool:
    """Whether a pile taking complete runs can take them: a suit's 13 cards in order, from
    the base rank (the foundations' own) to the other end."""
    assert pile.build is not None
    rel = pile.build.relation
    start = {RankOrder.UP: FoundationBase.ACE, RankOrder.DOWN: FoundationBase.KING}.get(rel.rank)
    return (pile.kind == PileKind.FOUNDATION and pile.base == start
            and rel.suit == SuitRule.SAME_SUIT and not rel.wrap)


def _relation_config(rel: Relation) -> dict[str, Any]:
    return {"rank": str(rel.rank), "suit": str(rel.suit), "wrap": rel.wrap}


def _kinds_config(kinds: tuple[PileKind, ...] | None) -> list[str] | None:
    return None if kinds is None else [str(k) for k in kinds]


def _pile_config(pile: PileRules) -> dict[str, Any]:
    build = pile.build
    out: dict[str, Any] = {
        "count": pile.count,
        "deal": {"cards": list(pile.deal.cards), "face_up": list(pile.deal.face_up),
                 "rearrange": str(pile.deal.rearrange)},
        "build": None if build is None else {
            **_relation_config(build.relation), "max_cards": build.max_cards,
            "single_cards": build.single_cards, "complete_runs": build.complete_runs},
        "moves": {"group": str(pile.moves.group),
                  "run": None if pile.moves.run is None else _relation_config(pile.moves.run),
                  "to": _kinds_config(pile.moves.to), "limit": str(pile.moves.limit)},
        "spaces": {"accepts": str(pile.spaces.accepts),
                   "from": _kinds_config(pile.spaces.only_from),
                   "while_cards_in": _kinds_config(pile.spaces.while_cards_in),
                   "otherwise": str(pile.spaces.otherwise),
                   "automatic": pile.spaces.automatic},
    }
    if pile.kind == PileKind.FOUNDATION:
        out["base"] = str(pile.base)
        out["gather"] = pile.gather_count if pile.gather == Gather.COUNT else str(pile.gather)
        out["automatic"] = pile.automatic
        if pile.start_card is not None:
            out["start_card"] = card_text(pile.start_card)
    if pile.turn is not None:
        out["turn"] = {"cards": pile.turn.cards, "to": str(pile.turn.to),
                       "passes": pile.turn.passes,
                       "blocked_by_spaces": pile.turn.blocked_by_spaces}
    return out


def _sorted_keys(data: Any) -> Any:
    return _sorted_keys_dict(data) if isinstance(data, dict) else data


def _sorted_keys_dict(data: dict[str, Any]) -> dict[str, Any]:
    return {key: _sorted_keys(data[key]) for key in sorted(data)}
