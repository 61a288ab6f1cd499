"""The typed rules model: read once from every built-in config, refused field by field."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience
from patience.cards import FACE_DOWN, Card
from patience.rules import (
    FORMAT,
    GroupRule,
    PileKind,
    RankOrder,
    Relation,
    Rules,
    SpaceRule,
    SuitRule,
    space_codes,
)


def code(text: str) -> int:
    return Card.parse(text).code


@pytest.mark.parametrize("variant", patience.variants())
def test_every_config_reads_into_the_model_and_back(variant: str) -> None:
    config = patience.load_variant(variant)
    rules = Rules.from_config(config)
    assert rules.to_config() == config
    assert rules.kinds == tuple(PileKind(k) for k in config["kinds"])
    assert list(rules.kinds) == sorted(rules.kinds, key=list(PileKind).index)
    assert patience.Game(rules).config == config


def test_the_model_answers_in_types_not_dicts() -> None:
    rules = Rules.from_config(patience.load_variant("wood"))
    tableau = rules[PileKind.TABLEAU]
    assert tableau.build is not None
    assert tableau.build.relation == Relation(RankOrder.DOWN, SuitRule.ALTERNATE_COLOUR, False)
    assert tableau.moves.group is GroupRule.SINGLE
    assert tableau.spaces.only_from == (PileKind.WASTE,)
    assert rules.foundation.spaces.accepts is SpaceRule.BASE
    assert rules.stock is not None and rules.stock.turn is not None


@pytest.mark.parametrize(("below", "above", "rule", "fits"), [
    ("7H", "6S", Relation(RankOrder.DOWN, SuitRule.ALTERNATE_COLOUR), True),
    ("7H", "6D", Relation(RankOrder.DOWN, SuitRule.ALTERNATE_COLOUR), False),
    ("7H", "8S", Relation(RankOrder.DOWN, SuitRule.ALTERNATE_COLOUR), False),
    ("KC", "AC", Relation(RankOrder.UP, SuitRule.SAME_SUIT, wrap=True), True),
    ("KC", "AC", Relation(RankOrder.UP, SuitRule.SAME_SUIT), False),
    ("AD", "KD", Relation(RankOrder.DOWN, SuitRule.SAME_SUIT, wrap=True), True),
    ("5S", "4S", Relation(RankOrder.DOWN, SuitRule.OTHER_SUIT), False),
    ("5S", "4H", Relation(RankOrder.DOWN, SuitRule.OTHER_SUIT), True),
    ("9C", "9D", Relation(RankOrder.SAME, SuitRule.ANY_SUIT), True),
    ("9C", "2D", Relation(RankOrder.ANY, SuitRule.ANY_SUIT), True),
])
def test_relation(below: str, above: str, rule: Relation, fits: bool) -> None:
    assert rule.allows(code(below), code(above)) is fits
    assert rule.allows(code(below) | FACE_DOWN, code(above)) is fits
    assert rule.holds([code(below), code(above)]) is fits


relations = st.builds(Relation, st.sampled_from(RankOrder), st.sampled_from(SuitRule),
                      st.booleans())


@given(relations, st.integers(0, 51), st.integers(0, 51))
def test_relation_table_is_its_rank_and_suit_parts(rule: Relation, below: int,
                                                   above: int) -> None:
    by_parts = (above % 13 + 1 in rule.ranks_on(below % 13 + 1)
                and above // 13 in rule.suits_on(below // 13))
    assert rule.allows(below, above) is by_parts
    assert (above in rule.table[below]) is by_parts


@given(st.integers(1, 13))
def test_space_codes(base: int) -> None:
    codes = space_codes(base)
    assert codes[SpaceRule.ANY] == frozenset(range(52))
    assert codes[SpaceRule.NONE] == frozenset()
    assert {c % 13 + 1 for c in codes[SpaceRule.KING]} == {13}
    assert {c % 13 + 1 for c in codes[SpaceRule.BASE]} == {base}
    assert len(codes[SpaceRule.BASE]) == len(codes[SpaceRule.KING]) == 4


def _broken(edit: Any) -> dict[str, Any]:
    config = copy.deepcopy(patience.load_variant("klondike"))
    edit(config)
    return config


@pytest.mark.parametrize(("edit", "field", "words"), [
    (lambda c: c["piles"]["tableau"]["build"].update(rank="sideways"),
     "piles.tableau.build.rank", "is not one of up, down, up-or-down, same, any"),
    (lambda c: c.update(decks=2.0), "decks", "expected an integer"),
    (lambda c: c.update(decks=True), "decks", "expected an integer"),
    (lambda c: c.update(decks=0), "decks", "out of range"),
    (lambda c: c["piles"]["tableau"]["spaces"].update(automatic="false"),
     "piles.tableau.spaces.automatic", "expected true or false"),
    (lambda c: c["piles"]["tableau"]["deal"]["cards"].append(1),
     "piles.tableau.deal.cards", "entries for 7 piles"),
    (lambda c: c["piles"]["tableau"]["deal"]["face_up"].__setitem__(0, 5),
     "piles.tableau.deal.face_up[0]", "5 face up of 1 cards"),
    (lambda c: c["piles"]["stock"]["deal"]["cards"].__setitem__(0, 30),
     "piles.stock.deal.cards", "the stock holds the 24 cards"),
    (lambda c: c["piles"]["tableau"]["deal"]["cards"].__setitem__(0, 40),
     "piles", "the deal needs 67 cards"),
    (lambda c: c["piles"]["tableau"]["moves"].update(to=["fan"]),
     "piles.tableau.moves.to", "no fan piles"),
    (lambda c: c["piles"]["tableau"]["moves"].update(to=["tableau", "tableau"]),
     "piles.tableau.moves.to", "listed twice"),
    (lambda c: c["piles"]["tableau"].pop("spaces"), "piles.tableau.spaces", "missing"),
    (lambda c: c.update(kinds=list(reversed(c["kinds"]))), "kinds", "order"),
    (lambda c: c.update(deal_order=["stock", "tableau"]), "deal_order", "comes last"),
    (lambda c: c["piles"]["stock"]["turn"].update(passes=0),
     "piles.stock.turn.passes", "out of range"),
    (lambda c: c["piles"]["stock"]["turn"].update(to="foundation"),
     "piles.stock.turn.to", "needs exactly one foundation"),
    (lambda c: c["piles"]["foundation"].update(start_card="AX"),
     "piles.foundation.start_card", "not a card"),
    (lambda c: c["piles"]["foundation"].update(start_card="KS"),
     "piles.foundation.start_card", "KS does not start a foundation whose base is ace"),
    (lambda c: c["piles"]["foundation"].update(start_card="AS", gather="one"),
     "piles.foundation.start_card", "cannot both start"),
])
def test_a_broken_config_is_refused_naming_the_field(edit: Any, field: str, words: str) -> None:
    with pytest.raises(ValueError) as caught:
        patience.Game(_broken(edit))
    assert f"engine config: {field}: " in str(caught.value)
    assert words in str(caught.value)


def test_a_config_of_another_format_says_to_recompile() -> None:
    with pytest.raises(ValueError, match="recompile"):
        Rules.from_config(_broken(lambda c: c.update(format=FORMAT + 1)))
    with pytest.raises(ValueError, match="not a Patience engine config"):
        Rules.from_config([1, 2])
