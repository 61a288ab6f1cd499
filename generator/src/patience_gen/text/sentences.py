"""Rule sentences: one small template per kind of rule, so a changed rule changes the text.

Each function reads the engine's rules model (`patience.rules`, every default filled in)
and returns finished sentences in the translator's language. Values the launch variants do
not use (king-only spaces, three cards per turn, unlimited passes, dealing to the tableau...)
have their own sentences too, so a new rules file needs no new code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience.cards import card_text
from patience.rules import MoveLimit, PileKind, PileRules, Rules, free_cell_limit, rules_of
from patience_gen.compile.rules import SUIT_LETTERS
from patience_gen.i18n.translate import Translator
from patience_gen.text.cards import card_list, card_name, suit_name
from patience_gen.text.examples import DealExample, Example, deal_example, group_example, rank_of

Config = Mapping[str, Any] | Rules
Found = Mapping[tuple[str, bool], Example]  # the worked examples, by (pile kind, group)
"""An engine config or its rules model: the public functions here take either."""


# -- pile kinds in running text ------------------------------------------------------------------

def kind_label(t: Translator, kind: str) -> str:
    """The heading word of a kind of pile, as in the layout list ("Fans:")."""
    match kind:
        case "foundation":
            return t.p_("pile kind", "Foundations")
        case "tableau":
            return t.p_("pile kind", "Tableau")
        case "reserve":
            return t.p_("pile kind", "Reserve")
        case "fan":
            return t.p_("pile kind", "Fans")
        case "stock":
            return t.p_("pile kind", "Stock")
        case _:
            return t.p_("pile kind", "Waste")


def to_kind(t: Translator, kind: str, own: bool, single: bool = False) -> str:
    """Where a card goes: "a foundation", "another tableau pile" (own: the same kind).

    A kind with a single pile is named as that pile ("the reserve"), never "a reserve pile".
    """
    match kind, own, single:
        case "foundation", _, True:
            return t.p_("destination", "the foundation")
        case "foundation", _, _:
            return t.p_("destination", "a foundation")
        case "tableau", _, True:
            return t.p_("destination", "the tableau pile")
        case "tableau", False, _:
            return t.p_("destination", "a tableau pile")
        case "tableau", True, _:
            return t.p_("destination", "another tableau pile")
        case "reserve", _, True:
            return t.p_("destination", "the reserve")
        case "reserve", False, _:
            return t.p_("destination", "a reserve pile")
        case "reserve", True, _:
            return t.p_("destination", "another reserve pile")
        case "fan", _, True:
            return t.p_("destination", "the fan")
        case "fan", False, _:
            return t.p_("destination", "a fan")
        case _:
            return t.p_("destination", "another fan")


def _single(rules: Rules, kind: str) -> bool:
    return rules[kind].count == 1


def from_kind(t: Translator, kind: str) -> str:
    """Where a card comes from: "from the waste", "from a fan"."""
    match kind:
        case "foundation":
            return t.p_("origin", "from a foundation")
        case "tableau":
            return t.p_("origin", "from the tableau")
        case "reserve":
            return t.p_("origin", "from the reserve")
        case "fan":
            return t.p_("origin", "from a fan")
        case "stock":
            return t.p_("origin", "from the stock")
        case _:
            return t.p_("origin", "from the waste")


def in_kind(t: Translator, kind: str) -> str:
    """Where a card lies: "in the waste", "in the stock"."""
    match kind:
        case "foundation":
            return t.p_("place", "on the foundations")
        case "tableau":
            return t.p_("place", "in the tableau")
        case "reserve":
            return t.p_("place", "in the reserve")
        case "fan":
            return t.p_("place", "in the fans")
        case "stock":
            return t.p_("place", "in the stock")
        case _:
            return t.p_("place", "in the waste")


# -- building ------------------------------------------------------------------------------------

def rank_phrase(t: Translator, rank: str) -> str:
    """How ranks follow one another: "down", "by equal rank"."""
    match rank:
        case "up":
            return t.p_("building order", "up")
        case "down":
            return t.p_("building order", "down")
        case "up-or-down":
            return t.p_("building order", "up or down")
        case "same":
            return t.p_("building order", "by matching rank")
        case _:
            return t.p_("building order", "regardless of rank")


def suit_phrase(t: Translator, suit: str) -> str:
    """How suits follow one another: "in alternate colours", "by suit"."""
    match suit:
        case "same-suit":
            return t.p_("building suits", "by suit")
        case "alternate-colour":
            return t.p_("building suits", "in alternate colours")
        case "other-suit":
            return t.p_("building suits", "on any suit but their own")
        case _:
            return t.p_("building suits", "in any suit")


def suit_detail(t: Translator, suit: str) -> str | None:
    """What a suit rule means in plain cards, where the short phrase needs it."""
    match suit:
        case "alternate-colour":
            return t._("A red card goes on a black card, and a black card on a red one.")
        case "other-suit":
            return t._(
                "A card may go on a card of any other suit: a red card on a red card is fine "
                "as long as the two suits differ."
            )
    return None


def build_sentences(t: Translator, kind: str, spec: PileRules, found: Found) -> list[str]:
    """Everything about placing cards on a pile of this kind, with worked examples."""
    build = spec.build
    if build is None:
        return [t.np_("no building", "No card may be placed on this pile.",
                      "No card may be placed on these piles.", spec.count)]
    rule = build.relation
    out = [t._("Cards build {order} {suits}.", order=rank_phrase(t, rule.rank),
               suits=suit_phrase(t, rule.suit))]
    detail = suit_detail(t, rule.suit)
    if detail:
        out.append(detail)
    example = found.get((kind, False))
    if example:
        out.append(example_sentence(t, example))
    if rule.wrap and rule.rank == "up":
        out.append(t._("The ranks wrap around: an ace may go on a king."))
    elif rule.wrap and rule.rank == "down":
        out.append(t._("The ranks wrap around: a king may go on an ace."))
    elif rule.wrap and rule.rank == "up-or-down":
        out.append(t._("The ranks wrap around: an ace and a king count as neighbours, so either "
                       "may go on the other."))
    elif rule.rank == "up-or-down":
        out.append(t._("Nothing turns the corner between king and ace: a king takes only a "
                       "queen, and an ace only a two."))
    example = found.get((kind, True))
    if example:
        out.append(example_sentence(t, example))
    if build.max_cards is not None and kind == "foundation":
        out.append(t.n_("A foundation is complete when it holds {count} card.",
                        "A foundation is complete when it holds {count} cards.", build.max_cards))
    elif build.max_cards is not None and spec.count == 1:
        out.append(t.n_("This pile holds at most one card.",
                        "This pile holds at most {count} cards.", build.max_cards))
    elif build.max_cards is not None:
        out.append(t.n_("A pile holds at most one card.", "A pile holds at most {count} cards.",
                        build.max_cards))
    if build.single_cards:
        out.append(t._("Only single cards may be placed here, never a group."))
    return out


class ExampleText(str):
    """A sentence that shows a worked example; the page marks it up with the example's data."""

    example: Example


def example_sentence(t: Translator, e: Example) -> str:
    """"For example, on the 7 of clubs you may place the 6 of spades, hearts or diamonds..."."""
    text = ExampleText(_example_text(t, e))
    text.example = e
    return text


def _example_text(t: Translator, e: Example) -> str:
    if not e.below:
        return _run_example_text(t, e)
    below = card_name(t, e.below)
    if e.below in e.allowed:
        return _twin_example_text(t, e, below)
    if len(e.allowed) > 6:
        allowed = t.n_("any of {count} cards, such as {cards}",
                       "any of {count} cards, such as {cards}", len(e.allowed),
                       cards=card_list(t, _sample(e.allowed, 3)))
    else:
        allowed = card_list(t, e.allowed)
    if e.refused and len(e.refused) <= 6:
        return t._("For example, on {below} you may place {allowed}, but not {refused}.",
                   below=below, allowed=allowed, refused=card_list(t, e.refused))
    return t._("For example, on {below} you may place {allowed}.", below=below, allowed=allowed)


def _run_example_text(t: Translator, e: Example) -> str:
    """A complete run going up: named by its bottom card and the card at its other end."""
    last = ("A" if e.card[0] == "K" else "K") + e.card[1]
    return t._("For example, once {first} has every card of its suit down to {last} on it, in "
               "order, those thirteen cards may go to an empty foundation together.",
               first=card_name(t, e.card), last=card_name(t, last))


def _sample(cards: tuple[str, ...], n: int) -> list[str]:
    """At most `n` of the cards: the first of each rank when there are several ranks (so that
    building both ways shows both), else the first `n`."""
    firsts = [c for i, c in enumerate(cards) if rank_of(c) not in map(rank_of, cards[:i])]
    chosen = firsts if len(firsts) > 1 else list(cards)
    return sorted(chosen[:n], key=rank_of)


def _twin_example_text(t: Translator, e: Example, below: str) -> str:
    """An example where the card below may take its own twin (two decks): never "on the king of
    clubs you may place the king of clubs"."""
    others = [c for c in e.allowed if c != e.below]
    if not others:
        return t._("For example, on {below} you may place only its twin from the other deck.",
                   below=below)
    allowed = card_list(t, others[:3])
    if e.refused and len(e.refused) <= 6:
        return t._("For example, on {below} you may place its twin from the other deck or "
                   "{allowed}, but not {refused}.", below=below, allowed=allowed,
                   refused=card_list(t, e.refused))
    return t._("For example, on {below} you may place its twin from the other deck or {allowed}.",
               below=below, allowed=allowed)


# -- moving and filling spaces -------------------------------------------------------------------

def taking_kinds(rules: Rules) -> list[PileKind]:
    """The kinds of pile a card may ever be put on."""
    out = []
    for spec in rules.piles:
        kind = spec.kind
        if kind in ("stock", "waste"):
            continue
        if kind == "foundation" or spec.build is not None or spec.spaces.accepts != "none":
            out.append(kind)
    return out


def move_sentences(t: Translator, rules: Rules, kind: str,
                   example: Example | None = None) -> list[str]:
    """What may leave a pile of this kind, as a group or alone, and where it may go."""
    spec = rules[kind]
    moves = spec.moves
    group = moves.group
    if group == "none":
        return [t.np_("no moves", "Cards never leave this pile.", "Cards never leave these piles.",
                      spec.count)]
    out = []
    run = moves.run
    cells = _cell_kinds(rules, kind)
    if group == "single" and kind not in ("waste", "foundation"):
        out.append(t.np_("single moves", "Cards move one at a time, from the top of the pile.",
                         "Cards move one at a time, each from the top of its pile.",
                         spec.count))
        if cells and spec.build is not None:
            out.append(t._("A run never moves in one go: it is taken apart card by card, "
                           "through the free cells {place} if need be.",
                           place=t.any_of([in_kind(t, k) for k in cells])))
    elif group == "run" and run:
        out.append(t._("The top card may move, or a group of cards built {order} {suits} may "
                       "move together.", order=rank_phrase(t, run.rank),
                       suits=suit_phrase(t, run.suit)))
        if run.suit == "other-suit":
            out.append(t._("No two neighbouring cards in such a group share a suit."))
        if moves.limit == MoveLimit.FREE_CELLS:
            out += free_cell_sentences(t, rules, kind, example)
    elif group == "face-up":
        out.append(t._("Any face-up card may move together with all the cards above it, "
                       "whether or not they are in order; only the card at the bottom of the "
                       "group has to fit where it goes."))
    elif group == "whole-pile":
        if run:
            out.append(t._("The top card may move, or the whole pile at once if it is built "
                           "{order} {suits}.", order=rank_phrase(t, run.rank),
                           suits=suit_phrase(t, run.suit)))
        else:
            out.append(t._("The top card may move, or the whole pile at once."))
    # A card cannot move to its own pile, so a kind with one pile is no target of itself.
    targets = [k for k in taking_kinds(rules) if k in moves.to
               and not (k == kind and _single(rules, k))]
    if kind == "foundation":
        if targets and not play_back_possible(rules, targets):
            out.append(t._("In practice no card ever comes back from a foundation: any card it "
                           "could go on would already have gone up by itself."))
        elif targets:
            out.append(t._("The top card of a foundation may be played back onto {targets} "
                           "when it fits there.",
                           targets=t.any_of([to_kind(t, k, k == kind, _single(rules, k))
                                             for k in targets])))
        return out
    never = [k for k in taking_kinds(rules) if k not in moves.to and k != kind]
    names = t.any_of([to_kind(t, k, k == kind, _single(rules, k)) for k in targets])
    source = from_kind(t, kind)
    if never:
        out.append(t._("Cards {source} may go only to {targets}, never to {excluded}.",
                       source=source, targets=names,
                       excluded=t.any_of([to_kind(t, k, False, _single(rules, k))
                                          for k in never])))
    elif targets:
        out.append(t._("Cards {source} may go to {targets}.", source=source, targets=names))
    return out


def _cell_kinds(rules: Rules, kind: str) -> list[PileKind]:
    """The kinds of free cell (piles that hold one card) a pile of `kind` may use."""
    spec = rules[kind]
    return [c.kind for c in rules.piles if c.holds_one and c.kind != kind
            and c.kind in spec.moves.to and kind in c.moves.to]


def free_cell_sentences(t: Translator, rules: Rules, kind: str,
                        example: Example | None) -> list[str]:
    """The supermove rule: how many cards a group may hold, a worked number, and a position
    where the engine moves a group of that size."""
    place = t.any_of([in_kind(t, k) for k in _cell_kinds(rules, kind)])
    counts_spaces = rules[kind].spaces.accepts == "any" and rules[kind].spaces.only_from is None
    cells_there = sum(rules[k].count for k in _cell_kinds(rules, kind))
    out = []
    if counts_spaces:
        out.append(t._("A group may move at once only if it could have been carried over one "
                       "card at a time: it may hold one card more than there are empty free "
                       "cells {place}, a number that doubles for each empty pile other than "
                       "the one it goes to.", place=place))
        if cells_there >= 2:
            out.append(t._("With two empty free cells and one empty pile, for instance, up to "
                           "{count} cards may move together.",
                           count=t.number(free_cell_limit(2, 1))))
    else:
        out.append(t._("A group may move at once only if it could have been carried over one "
                       "card at a time: it may hold one card more than there are empty free "
                       "cells {place}.", place=place))
        if rules[kind].spaces.accepts == "king":
            out.append(t._("Empty piles add nothing to that, since only a king may fill one."))
        else:
            out.append(t._("Empty piles add nothing to that, since they do not take any card."))
        if cells_there >= 2:
            out.append(t._("With two empty free cells, for instance, up to {count} cards may "
                           "move together.", count=t.number(free_cell_limit(2, 0))))
    if example is not None:
        out.append(group_example_sentence(t, example, counts_spaces))
    return out


def group_example_sentence(t: Translator, e: Example, counts_spaces: bool) -> str:
    """"For example, with 2 empty free cells and 1 empty pile, a group of 6 cards..."."""
    assert e.cells is not None and e.spaces is not None
    count = int(e.move.rsplit("x", 1)[1])
    cells = t.n_("{count} empty free cell", "{count} empty free cells", e.cells)
    values = {"cells": cells, "card": card_name(t, e.card), "below": card_name(t, e.below)}
    if counts_spaces:
        spaces = (t.n_("{count} empty pile", "{count} empty piles", e.spaces) if e.spaces
                  else t._("no empty pile"))
        text = t.n_("For example, with {cells} and {spaces}, a group of {count} card headed by "
                    "{card} may move onto {below}: as many as they allow.",
                    "For example, with {cells} and {spaces}, a group of {count} cards headed by "
                    "{card} may move onto {below}: as many as they allow.",
                    count, spaces=spaces, **values)
    else:
        text = t.n_("For example, with {cells}, a group of {count} card headed by {card} may "
                    "move onto {below}: as many as they allow.",
                    "For example, with {cells}, a group of {count} cards headed by {card} may "
                    "move onto {below}: as many as they allow.", count, **values)
    out = ExampleText(text)
    out.example = e
    return out


def play_back_possible(rules: Rules, targets: list[PileKind]) -> bool:
    """Whether a foundation's top card can ever be played back onto one of `targets`.

    Where foundations build by themselves, a card X that would take a foundation's top card F
    (F one rank below X, with the same symmetric suit rule) itself fits on F, so it went up
    before the player could move. F is then stuck unless a foundation is full and its top card
    could go on a card of the base rank (none is left outside when the deal gathers every such
    card), or an empty pile takes cards from the foundations. Anything else counts as possible,
    so the rule is stated whenever it might apply.
    """
    found = rules.foundation
    if not found.automatic or found.build is None or found.gather != "all":
        return True
    rule = found.build.relation
    for kind in targets:
        spec = rules[kind]
        build, spaces, moves = spec.build, spec.spaces, spec.moves
        inverse = build is not None and build.relation.suit == rule.suit and (
            {build.relation.rank, rule.rank} == {"up", "down"}) and (
            rule.wrap or not build.relation.wrap)
        goes_up = moves.group != "none" and "foundation" in moves.to
        sealed = spaces.accepts == "none" or (
            spaces.only_from is not None and bool(spaces.only_from)
            and "foundation" not in spaces.only_from and spaces.otherwise == "none")
        if kind == "foundation" or not (inverse and goes_up and sealed):
            return True
    return False


def accepts_sentence(t: Translator, accepts: str, groups: bool) -> str:
    """What may fill an empty pile, with no restriction on where it comes from."""
    match accepts, groups:
        case "any", False:
            return t._("Any card may fill an empty pile.")
        case "any", True:
            return t._("Any card, or any group that may move, may fill an empty pile.")
        case "king", False:
            return t._("Only a king may fill an empty pile.")
        case "king", True:
            return t._("Only a king, or a group headed by a king, may fill an empty pile.")
        case "base", _:
            return t._("Only a card of the foundations' base rank may fill an empty pile.")
        case _:
            return t._("An emptied pile stays empty for the rest of the deal.")


def space_sentences(t: Translator, rules: Rules, kind: str) -> list[str]:
    """How an empty pile of this kind is filled: by whom, from where, and what happens after."""
    spec = rules[kind]
    spaces = spec.spaces
    groups = spec.moves.group in ("run", "whole-pile", "face-up")
    sources = spaces.only_from
    if not sources or spaces.accepts == "none":
        return [accepts_sentence(t, spaces.accepts, groups)]
    out = []
    names = t.any_of([from_kind(t, k) for k in sources])
    if spaces.automatic:
        out.append(t._("An empty pile is filled at once, automatically, with the top card "
                       "{sources}.", sources=names))
    else:
        out.append(t._("An empty pile may be filled only with a card {sources}.", sources=names))
    if spaces.accepts != "any":
        out.append(accepts_sentence(t, spaces.accepts, groups))
    while_in = spaces.while_cards_in or sources
    if spaces.automatic and "stock" in while_in and "stock" not in sources:
        out.append(t._("When there is no card there, the stock is turned to provide one."))
    places = t.any_of([in_kind(t, k) for k in while_in])
    match spaces.otherwise:
        case "none":
            out.append(t._("While there is no card {places}, an empty pile stays empty.",
                           places=places))
        case "king":
            out.append(t._("Once there is no card {places}, only a king may fill an empty pile.",
                           places=places))
        case _:
            out.append(t._("Once there is no card {places}, any card may fill an empty pile.",
                           places=places))
    return out


def face_down_sentence(t: Translator, spec: PileRules) -> str | None:
    """Said only where cards are dealt face down."""
    deal = spec.deal
    if any(up < n for n, up in zip(deal.cards, deal.face_up, strict=True)):
        return t._("A face-down card is turned face up as soon as it is uncovered.")
    return None


# -- sections ------------------------------------------------------------------------------------

def foundation_sentences(t: Translator, config: Config, found: Found) -> list[str]:
    """How foundations start, build, finish, and give cards back."""
    rules = rules_of(config)
    spec = rules.foundation
    build = spec.build
    out = []
    if build is not None and build.complete_runs:
        out += complete_run_sentences(t, spec, found)
        out += move_sentences(t, rules, "foundation")
        if spec.moves.group == "none":
            out[-1] = t._("Cards on a foundation stay there: none may be played back.")
        return out
    match spec.base, spec.gather:
        case _ if spec.start_card is not None:
            out.append(t.n_("The foundation is started with {card}, taken out of the deck before "
                            "the deal.",
                            "The first foundation is started with {card}, taken out of the deck "
                            "before the deal.", spec.count,
                            card=card_name(t, card_text(spec.start_card))))
        case "ace", "all":
            out.append(t._("Each foundation is started with an ace: the aces are taken out of "
                           "the deck and put there before the deal."))
        case "king", "all":
            out.append(t._("Each foundation is started with a king: the kings are taken out of "
                           "the deck and put there before the deal."))
        case "ace", "count":
            out.append(t.n_(
                "Each foundation is started with an ace; one ace is taken out of the deck and "
                "put on a foundation before the deal.",
                "Each foundation is started with an ace; {count} aces are taken out of the deck "
                "and put on the foundations, one on each, before the deal.", spec.gather_count))
        case "king", "count":
            out.append(t.n_(
                "Each foundation is started with a king; one king is taken out of the deck and "
                "put on a foundation before the deal.",
                "Each foundation is started with a king; {count} kings are taken out of the deck "
                "and put on the foundations, one on each, before the deal.", spec.gather_count))
        case "ace", _:
            out.append(t._("Each foundation is started with an ace."))
        case "king", _:
            out.append(t._("Each foundation is started with a king."))
        case "first-card", "all":
            out.append(t.n_(
                "The deal picks the base rank at random: the card of that rank goes to the "
                "foundation.",
                "The deal picks the base rank at random: all {count} cards of that rank go to the "
                "foundations, one on each.", spec.count))
        case "first-card", "one":
            out.append(t._("The first card dealt to the foundations sets the base rank; the other "
                           "foundations are started with cards of that rank as they come free."))
        case "any", "one":
            out.append(t.n_("The deal puts one card face up on the foundation to start it, "
                            "whatever its rank.",
                            "The deal puts one card face up on the first foundation, whatever "
                            "its rank; the others may be started with any card.", spec.count))
        case "any", _:
            out.append(t.n_("The foundation starts empty, and any card may be the first to go "
                            "there.",
                            "The foundations start empty, and any card may start each of them.",
                            spec.count))
        case _:
            out.append(t._("The first card played to a foundation sets the base rank; every other "
                           "foundation must be started with a card of that rank."))
    out += build_sentences(t, "foundation", spec, found)
    if build and not build.relation.wrap and build.max_cards is None:
        if spec.base == "ace" and build.relation.rank == "up":
            out.append(t._("A foundation is complete when it reaches the king."))
        elif spec.base == "king" and build.relation.rank == "down":
            out.append(t._("A foundation is complete when it reaches the ace."))
    if spec.automatic:
        out.append(t._("Cards that fit a foundation go up by themselves, without a move from you."))
    out += move_sentences(t, rules, "foundation")
    if spec.moves.group == "none":
        out[-1] = t._("Cards on a foundation stay there: none may be played back.")
    return out


class DealExampleText(str):
    """A sentence that shows a rearrangement at the deal; the page marks it up with its data."""

    deal_example: DealExample


def rearrange_sentences(t: Translator, rules: Rules, kind: str) -> list[str]:
    """What the deal does to each pile once dealt, shown on a pile of a real deal."""
    if rules[kind].deal.rearrange == "none":
        return []
    out = [t._("Once the cards are dealt, every king in a pile is moved beneath its other "
               "cards; kings that share a pile keep their order.")]
    example = deal_example(rules, kind)
    if example:
        text = DealExampleText(t._(
            "For example, a pile dealt as {dealt}, from the bottom up, starts play as "
            "{arranged}.", dealt=t.all_of([card_name(t, c) for c in example.dealt]),
            arranged=t.all_of([card_name(t, c) for c in example.arranged])))
        text.deal_example = example
        out.append(text)
    return out


def complete_run_sentences(t: Translator, spec: PileRules, found: Found) -> list[str]:
    """Foundations that take a whole suit at once, never a single card."""
    assert spec.build is not None
    if spec.build.relation.rank == "down":
        out = [t._("A foundation takes no single cards, only a complete run: the thirteen cards "
                   "of one suit lying in order on a pile, from the king at the bottom down to "
                   "the ace, moved there together.")]
    else:
        out = [t._("A foundation takes no single cards, only a complete run: the thirteen cards "
                   "of one suit lying in order on a pile, from the ace at the bottom up to the "
                   "king, moved there together.")]
    if spec.automatic:
        out.append(t._("Such a run goes to an empty foundation by itself as soon as it is "
                       "complete, without a move from you."))
    else:
        out.append(t._("Sending a complete run to an empty foundation is your move, and you may "
                       "wait before making it."))
    example = found.get(("foundation", False))
    if example:
        out.append(example_sentence(t, example))
    return out


def pile_sentences(t: Translator, config: Config, kind: str, found: Found) -> list[str]:
    """Tableau, reserve and fans: the deal's rearranging, building, moving, empty piles,
    face-down cards."""
    rules = rules_of(config)
    spec = rules[kind]
    out = rearrange_sentences(t, rules, kind)
    out += build_sentences(t, kind, spec, found)
    out += move_sentences(t, rules, kind, group_example(rules, kind))
    out += space_sentences(t, rules, kind)
    face_down = face_down_sentence(t, spec)
    if face_down:
        out.append(face_down)
    return out


def stock_sentences(t: Translator, config: Config) -> list[str]:
    """What a turn of the stock does, how many passes there are, and what the waste gives."""
    rules = rules_of(config)
    turn = rules["stock"].turn
    assert turn is not None
    n, passes = turn.cards, turn.passes
    out = []
    if turn.to == "waste":
        out.append(t.n_("Each turn of the stock puts one card face up on the waste.",
                        "Each turn of the stock puts {count} cards face up on the waste.", n))
        if n > 1:
            out.append(t._("Only the top card of the waste may be played."))
    elif turn.to == "foundation":
        out.append(t.n_("Each turn of the stock puts one card face up on the foundation, "
                        "whatever its rank.",
                        "Each turn of the stock puts {count} cards face up on the foundation, "
                        "whatever their rank.", n))
        out.append(t._("Once the other piles are cleared, the cards left in the stock can all be "
                       "turned onto the foundation, and the game is won."))
    elif turn.blocked_by_spaces:
        out.append(t.n_(
            "Each turn of the stock deals one card face up onto every tableau pile.",
            "Each turn of the stock deals {count} cards face up onto every tableau pile.", n))
        out.append(t._("The stock may not be dealt while any tableau pile is empty: fill every "
                       "space first."))
    else:
        out.append(t.n_(
            "Each turn of the stock deals one card face up onto every tableau pile, empty "
            "ones included.",
            "Each turn of the stock deals {count} cards face up onto every tableau pile, empty "
            "ones included.", n))
    if turn.to == "tableau" and rules["stock"].deal.cards[0] % (n * rules["tableau"].count):
        out.append(t._("When the stock runs short, its last cards go to the first piles only."))
    if passes is None:
        out.append(t._("When the stock is empty, the waste is turned over to make a new stock, "
                       "as often as you like."))
    elif passes == 1:
        out.append(t._("The stock is gone through only once: there is no redeal."))
    elif passes == 2:
        out.append(t._("You may go through the stock twice: when it is empty, the waste is "
                       "turned over once to make a new stock."))
    else:
        out.append(t.n_("You may go through the stock {count} time.",
                        "You may go through the stock {count} times.", passes))
        out.append(t.n_("When the stock is empty, the waste may be turned over to make a new stock "
                        "once.",
                        "When the stock is empty, the waste may be turned over to make a new stock "
                        "up to {count} times.", passes - 1))
    if "waste" in rules:
        out += move_sentences(t, rules, "waste")
    return out


def layout_line(t: Translator, config: Config, kind: str) -> str:
    """One line of the Layout section: how many piles of this kind and what the deal puts there."""
    spec = rules_of(config)[kind]
    count = spec.count
    if kind == "foundation":
        if spec.start_card is not None:
            return t.n_("One foundation, which receives {card} before the deal.",
                        "{count} foundations; the first receives {card} before the deal.",
                        count, card=card_name(t, card_text(spec.start_card)))
        match spec.gather, spec.base:
            case "all", "ace":
                return t.n_("One foundation, which receives an ace at the deal.",
                            "{count} foundations, each of which receives an ace at the deal.",
                            count)
            case "all", "king":
                return t.n_("One foundation, which receives a king at the deal.",
                            "{count} foundations, each of which receives a king at the deal.",
                            count)
            case "all", _:
                return t.n_("One foundation, which receives a card of the base rank at the deal.",
                            "{count} foundations, each of which receives a card of the base rank "
                            "at the deal.", count)
            case "count", _:
                card = t._("an ace") if spec.base == "ace" else t._("a king")
                return t.n_("{foundations}; the deal puts {card} on one of them.",
                            "{foundations}; the deal puts {card} on {count} of them.",
                            spec.gather_count, card=card,
                            foundations=t.n_("One foundation", "{count} foundations", count))
            case "one", _:
                return t.n_("One foundation; the deal puts one card on it.",
                            "{count} foundations; the deal puts one card on the first of them.",
                            count)
            case _:
                return t.n_("One foundation, empty at the start.",
                            "{count} foundations, empty at the start.", count)
    if kind == "stock":
        rest = spec.deal.cards[0]
        return t.n_("{count} card, face down: the rest of the deck.",
                    "{count} cards, face down: the rest of the deck.", rest)
    if kind == "waste":
        return t._("Empty at the start; the stock's cards are turned onto it.")
    piles = pile_count(t, kind, count)
    cards, face_up = list(spec.deal.cards), list(spec.deal.face_up)
    if not any(cards):
        return t.np_("layout", "{piles}, empty at the start.", "{piles}, empty at the start.",
                     count, piles=piles)
    per_pile = t.n_("one card", "{count} cards", cards[0])
    if len(set(cards)) == 1 and kind == "fan":
        dealt = t.np_("layout of fans", "{piles} of {cards}", "{piles} of {cards} each", count,
                      piles=piles, cards=per_pile)
    elif len(set(cards)) == 1:
        dealt = t.np_("layout", "{piles} of {cards}", "{piles} of {cards} each", count,
                      piles=piles, cards=per_pile)
    else:
        # The noun agrees with the number next to it: "2, and 1 card".
        dealt = t.n_("{piles}, dealt {numbers} card from left to right",
                     "{piles}, dealt {numbers} cards from left to right", cards[-1],
                     piles=piles, numbers=t.all_of([t.number(n) for n in cards]))
    return t._("{dealt}, {faces}.", dealt=dealt, faces=faces_phrase(t, cards, face_up))


def pile_count(t: Translator, kind: str, count: int) -> str:
    """"8 piles", "4 fans": the piles of a kind, counted."""
    if kind == "fan":
        return t.n_("one fan", "{count} fans", count)
    return t.n_("one pile", "{count} piles", count)


def faces_phrase(t: Translator, cards: list[int], face_up: list[int]) -> str:
    """Which dealt cards show their face."""
    # Piles shorter than the face-up count show every card; the others say how many show.
    ups = {up for n, up in zip(cards, face_up, strict=False) if n and up < n}
    partial = [i for i, (n, up) in enumerate(zip(cards, face_up, strict=False)) if n and up < n]
    whole = [i for i, (n, up) in enumerate(zip(cards, face_up, strict=False)) if n > 1 and up >= n]
    if whole and len(ups) == 1 and min(ups) > 1 and partial == list(range(len(partial))):
        # Some piles show their top cards, the rest every card.
        return t.n_("the top {up} cards face up on the first pile and every card face up on "
                    "the others", "the top {up} cards face up on the first {count} piles and "
                    "every card face up on the others", len(partial), up=t.number(min(ups)))
    if not ups:
        return t._("all face up")
    if ups == {0}:
        return t._("all face down")
    if ups == {1}:
        return t._("only the top card face up")
    k = min(ups)
    return t.n_("the top {count} card face up", "the top {count} cards face up", k)


# -- facts ---------------------------------------------------------------------------------------

def family_name(t: Translator, family: str) -> str:
    """A family of games, by its best-known member."""
    match family:
        case "klondike":
            return t.p_("family", "Klondike")
        case "canfield":
            return t.p_("family", "Canfield")
        case "spider":
            return t.p_("family", "Spider")
        case "beleaguered-castle":
            return t.p_("family", "Beleaguered Castle")
        case "forty-thieves":
            return t.p_("family", "Forty Thieves")
        case "bakers-dozen":
            return t.p_("family", "Baker's Dozen")
        case "yukon":
            return t.p_("family", "Yukon")
        case "golf":
            return t.p_("family", "Golf")
        case _:
            return t.p_("family", "FreeCell")


def family_heading(t: Translator, family: str) -> str:
    """The home page's heading over one family's games."""
    if family == "other":
        return t._("Other games")
    return t._("The {family} family", family=family_name(t, family))


def family_summary(t: Translator, family: str) -> str:
    """What the games of a family have in common, in one sentence for the home page."""
    match family:
        case "klondike":
            return t._("Games built like Klondike: a tableau that builds down, often over "
                       "face-down cards, and foundations that take each suit up from its Ace.")
        case "canfield":
            return t._("Games built like Canfield: a reserve to empty, and often foundations "
                       "whose starting rank the deal decides.")
        case "spider":
            return t._("Games built like Spider: whole suits are put together in the tableau, "
                       "from King down to Ace.")
        case "freecell":
            return t._("Games built like FreeCell: every card in view, and a few cells that "
                       "each hold one card while the piles are put in order.")
        case "beleaguered-castle":
            return t._("Open games with no stock: every card is dealt face up and only one "
                       "card moves at a time, so empty piles are worth the most.")
        case "forty-thieves":
            return t._("Two-deck games built like Forty Thieves: a wide tableau that builds "
                       "down, mostly one card at a time, and a stock that goes through once.")
        case "bakers-dozen":
            return t._("Games built like Baker's Dozen: the whole deck laid out at once in "
                       "many short piles, no stock, and one card moved at a time.")
        case "yukon":
            return t._("Games built like Yukon: no stock, and any face-up card moves together "
                       "with all the cards above it, in order or not.")
        case "golf":
            return t._("Games built like Golf: cards go one at a time onto a single foundation, "
                       "one rank above or below its top card whatever the suit, and nothing is "
                       "built anywhere else.")
        case _:
            return t._("Games that belong to no large family.")


def deck_sentence(t: Translator, decks: int, suits: list[str] | None) -> str:
    """How many cards, and of which suits where a deck of fewer suits repeats them."""
    cards = t.number(52 * decks)
    if not suits or len(suits) == 4:
        return t.n_("It is played with one deck of 52 cards.",
                    "It is played with {count} decks, {cards} cards in all.", decks, cards=cards)
    copies = decks * 4 // len(suits)
    names = [suit_name(t, SUIT_LETTERS[s]) for s in sorted(suits, key=list(SUIT_LETTERS).index)]
    if len(names) == 1:
        return t.n_("It is played with {cards} cards of one suit, {suit}: each card is there "
                    "once.",
                    "It is played with {cards} cards of one suit, {suit}: each card is there "
                    "{count} times.", copies, cards=cards, suit=names[0])
    return t.n_("It is played with {cards} cards of two suits, {suits}: each card is there once.",
                "It is played with {cards} cards of two suits, {suits}: each card is there "
                "{count} times.", copies, cards=cards, suits=t.all_of(names))


def difficulty_word(t: Translator, difficulty: str) -> str:
    """Easy, medium or hard, for the home page's table."""
    match difficulty:
        case "easy":
            return t.p_("difficulty", "easy")
        case "medium":
            return t.p_("difficulty", "medium")
        case _:
            return t.p_("difficulty", "hard")


def win_rate_phrase(t: Translator, win_rate: Mapping[str, Any] | None) -> str:
    """The claim for the home page, said for what it counts: players' wins or winnable deals."""
    if not win_rate:
        return "—"
    percent = t.percent(win_rate["value"])
    match win_rate["measures"], win_rate.get("qualifier"):
        case "players", "about":
            return t.p_("claimed rate", "players win about {percent}", percent=percent)
        case "players", "over":
            return t.p_("claimed rate", "players win over {percent}", percent=percent)
        case "players", "under":
            return t.p_("claimed rate", "players win under {percent}", percent=percent)
        case "players", _:
            return t.p_("claimed rate", "players win {percent}", percent=percent)
        case _, "about":
            return t.p_("claimed rate", "about {percent} of deals winnable", percent=percent)
        case _, "over":
            return t.p_("claimed rate", "over {percent} of deals winnable", percent=percent)
        case _, "under":
            return t.p_("claimed rate", "under {percent} of deals winnable", percent=percent)
        case _:
            return t.p_("claimed rate", "{percent} of deals winnable", percent=percent)


def claim_sentence(t: Translator, win_rate: Mapping[str, Any]) -> str:
    """The sources' claimed rate, quoted for what it counts and with their own hedge, if any.

    A rate of players' wins ("won about 20 % of the time") is not a share of winnable deals,
    and a plain "95 %" must not gain an "about" on the way.
    """
    percent = t.percent(win_rate["value"])
    match win_rate["measures"], win_rate.get("qualifier"):
        case "players", "about":
            return t._("According to its sources, players win about {percent} of their games.",
                       percent=percent)
        case "players", "over":
            return t._("According to its sources, players win over {percent} of their games.",
                       percent=percent)
        case "players", "under":
            return t._("According to its sources, players win under {percent} of their games.",
                       percent=percent)
        case "players", _:
            return t._("According to its sources, players win {percent} of their games.",
                       percent=percent)
        case _, "about":
            return t._("According to its sources, about {percent} of deals can be won.",
                       percent=percent)
        case _, "over":
            return t._("According to its sources, over {percent} of deals can be won.",
                       percent=percent)
        case _, "under":
            return t._("According to its sources, under {percent} of deals can be won.",
                       percent=percent)
        case _:
            return t._("According to its sources, {percent} of deals can be won.",
                       percent=percent)


def fact_sentences(t: Translator, rules: dict[str, Any], names: list[str]) -> list[str]:
    """Family, decks, difficulty, luck, win rate, inventor and other names, as sentences."""
    facts, decks = rules["facts"], rules["decks"]
    out = []
    if facts["family"] == "other":
        out.append(t._("It belongs to no large family of games."))
    else:
        out.append(t._("It belongs to the {family} family.",
                       family=family_name(t, facts["family"])))
    out.append(deck_sentence(t, decks, rules.get("suits")))
    match facts["difficulty"]:
        case "easy":
            out.append(t._("It is an easy game."))
        case "medium":
            out.append(t._("It is a game of medium difficulty."))
        case _:
            out.append(t._("It is a hard game."))
    match facts.get("luck"):
        case "mostly-luck":
            out.append(t._("The deal decides most games."))
        case "mixed":
            out.append(t._("Luck and skill count about equally."))
        case "mostly-skill":
            out.append(t._("Skill decides most games."))
    if facts.get("win_rate"):
        out.append(claim_sentence(t, facts["win_rate"]))
    if facts.get("inventor"):
        out.append(t._("It was invented by {name}.", name=facts["inventor"]))
    if names:
        out.append(t._("It is also known as {names}.", names=t.any_of(names)))
    return out

