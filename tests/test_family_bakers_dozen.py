"""The Baker's Dozen family: each rules file's facts, checked through the engine, and the
deal's rearranging of each pile (Kings to the bottom)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kin_support import ROOT, arrange, config, edited_config, ids, moves, new_game, show
from test_kin_properties import kin_machine

from patience import Game, Move
from patience.cards import Card, rank_of
from patience.rules import DealRule, Gather, Rearrange, Rules
from patience_gen.i18n.translate import Translator
from patience_gen.text.examples import deal_example, unarranged
from patience_gen.text.sentences import foundation_sentences, layout_line, pile_sentences


@pytest.mark.parametrize("deal", [0, 5, 29])
def test_portuguese_deal_is_thirteen_open_piles_of_four_left_as_they_fall(deal: int) -> None:
    game = new_game("portuguese-solitaire", deal=deal)
    tableau = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in tableau] == [4] * 13
    assert all(c.face_up for p in tableau for c in p)
    assert {p.kind for p in game.piles} == {"foundation", "tableau"}


def test_portuguese_kings_are_not_moved_at_the_deal() -> None:
    """Some deal leaves a King above the bottom of its pile: nothing rearranges them."""
    assert any(
        any(c.rank == 13 for c in game.pile(t).cards[1:])
        for game in (new_game("portuguese-solitaire", deal=d) for d in range(5))
        for t in ids(game, "tableau")
    )


def test_portuguese_builds_down_whatever_the_suit_one_card_at_a_time() -> None:
    game = new_game("portuguese-solitaire")
    arrange(game, {"tableau.0": "QS", "tableau.1": "4C JS", "tableau.2": "JH", "tableau.3": "TD"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.2>tableau.0", "tableau.3>tableau.2"} <= legal
    arrange(game, {"tableau.4": "KC", "tableau.1": "JS TD"})
    assert "tableau.1>tableau.0x2" not in moves(game)


def test_portuguese_only_a_king_fills_a_space() -> None:
    game = new_game("portuguese-solitaire")
    arrange(game, {"tableau.0": "", "tableau.1": "3C KD", "tableau.2": "5H QS"})
    legal = moves(game)
    assert "tableau.1>tableau.0" in legal
    assert "tableau.2>tableau.0" not in legal
    assert "King" in game.why_illegal(Move("tableau.2", "tableau.0"))


def test_portuguese_foundation_cards_stay() -> None:
    game = new_game("portuguese-solitaire")
    arrange(game, {"foundation.0": "AH 2H 3H", "tableau.0": "4S"})
    assert not any(m.startswith("foundation.") for m in moves(game))


# -- Kings to the bottom at the deal ---------------------------------------------------------

REARRANGED = ("bakers-dozen", "spanish-patience", "good-measure")


def _dealt_and_arranged(variant_id: str, deal: int) -> list[tuple[list[Card], list[Card]]]:
    rules = Rules.from_config(config(variant_id))
    before, after = Game(unarranged(rules), deal=deal), Game(rules, deal=deal)
    return [(list(before.pile(t).cards), list(after.pile(t).cards)) for t in ids(after, "tableau")]


@pytest.mark.parametrize("variant_id", REARRANGED)
@given(deal=st.integers(min_value=0, max_value=2**40))
@settings(max_examples=30, deadline=None)
def test_kings_go_beneath_the_other_cards_of_their_pile_each_keeping_its_order(
        variant_id: str, deal: int) -> None:
    for dealt, arranged in _dealt_and_arranged(variant_id, deal):
        kings = [c for c in arranged if c.rank == 13]
        assert arranged[:len(kings)] == kings
        assert kings == [c for c in dealt if c.rank == 13]
        assert arranged[len(kings):] == [c for c in dealt if c.rank != 13]


@given(codes=st.lists(st.integers(min_value=0, max_value=51), max_size=12))
def test_the_rearrangement_moves_only_kings_and_keeps_every_card(codes: list[int]) -> None:
    rule = DealRule((len(codes),), (len(codes),), Rearrange.KINGS_TO_BOTTOM)
    arranged = rule.arranged(list(codes))
    assert sorted(arranged) == sorted(codes)
    ranks = [rank_of(c) for c in arranged]
    assert ranks == sorted(ranks, key=lambda r: r != 13)
    assert DealRule((1,), (1,)).arranged(list(codes)) == codes


def test_deal_n_is_the_same_layout_in_every_game_of_the_same_rules() -> None:
    first = [str(p.cards) for p in new_game("bakers-dozen", deal=41).piles]
    again = Game.from_json(new_game("bakers-dozen", deal=41).to_json())
    assert [str(p.cards) for p in again.piles] == first


def test_a_config_written_before_rearranging_reads_as_dealt() -> None:
    older = copy.deepcopy(config("portuguese-solitaire"))
    del older["piles"]["tableau"]["deal"]["rearrange"]
    assert Rules.from_config(older)["tableau"].deal.rearrange == Rearrange.NONE


def test_an_unknown_rearrangement_is_refused_naming_the_field() -> None:
    broken = copy.deepcopy(config("bakers-dozen"))
    broken["piles"]["tableau"]["deal"]["rearrange"] = "aces-to-top"
    with pytest.raises(ValueError) as caught:
        Rules.from_config(broken)
    assert str(caught.value) == ("engine config: piles.tableau.deal.rearrange: "
                                 "'aces-to-top' is not one of none, kings-to-bottom")


@pytest.mark.parametrize("variant_id", REARRANGED)
def test_the_worked_example_replays_through_the_engine(variant_id: str) -> None:
    rules = Rules.from_config(config(variant_id))
    example = deal_example(rules, "tableau")
    assert example is not None and example.dealt != example.arranged
    assert show(Game(unarranged(rules), deal=example.deal), example.pile) == " ".join(
        example.dealt)
    assert show(Game(rules, deal=example.deal), example.pile) == " ".join(example.arranged)
    english = Translator("en")
    lines = pile_sentences(english, rules, "tableau", {})
    shown = [line for line in lines if getattr(line, "deal_example", None) == example]
    assert len(shown) == 1 and "the king of" in shown[0]


# -- A number of base cards gathered before the deal ----------------------------------------

def _gathering(count: int) -> dict:
    """Baker's Dozen with `count` Aces taken to the foundations before the deal."""
    rest = 52 - count
    return edited_config("bakers-dozen", {
        "piles.foundation.deal": {"gather": count},
        "deal_order": ["foundation", "tableau"],
        "piles.tableau.deal.cards": [rest // 13 + (i < rest % 13) for i in range(13)],
    })


@pytest.mark.parametrize("count", [1, 2, 3])
@given(deal=st.integers(min_value=0, max_value=2**40))
@settings(max_examples=20, deadline=None)
def test_the_first_aces_of_the_deck_go_to_the_first_foundations(count: int, deal: int) -> None:
    rules = Rules.from_config(_gathering(count))
    assert rules.foundation.gather == Gather.COUNT and rules.foundation.gathered() == count
    game = Game(rules, deal=deal)
    tops = [game.pile(f).cards for f in ids(game, "foundation")]
    assert [len(p) for p in tops] == [1] * count + [0] * (4 - count)
    assert all(p[0].rank == 1 for p in tops[:count])
    left = [c for p in game.piles if p.kind == "tableau" for c in p.cards]
    assert sum(c.rank == 1 for c in left) == 4 - count
    assert sorted(c.code for c in left + [p[0] for p in tops[:count]]) == list(range(52))


def test_a_gathered_count_reads_into_the_model_and_back() -> None:
    cfg = _gathering(2)
    assert cfg["piles"]["foundation"]["gather"] == 2
    assert Rules.from_config(cfg).to_config() == cfg


@pytest.mark.parametrize(("value", "words"), [
    (5, "5 is out of range (1 to 4)"), (0, "0 is out of range"),
    ("count", "a count of cards is written as that number"), (True, "is not one of")])
def test_a_broken_gathered_count_is_refused_naming_the_field(value: object, words: str) -> None:
    cfg = _gathering(2)
    cfg["piles"]["foundation"]["gather"] = value
    with pytest.raises(ValueError) as caught:
        Rules.from_config(cfg)
    assert "engine config: piles.foundation.gather: " in str(caught.value)
    assert words in str(caught.value)


@pytest.mark.parametrize(("lang", "start", "layout"), [
    ("en", "2 aces are taken out of the deck", "4 foundations; the deal puts an ace on 2 of them"),
    ("fr", "2 as sont retirés", "4 fondations ; la donne pose un as sur 2 d’entre elles"),
    ("pt", "2 ases são tirados", "4 fundações; a distribuição põe um ás em 2 delas"),
])
def test_a_gathered_count_has_its_sentences(lang: str, start: str, layout: str) -> None:
    t = Translator.for_language(lang, ROOT / "locales")
    rules = Rules.from_config(_gathering(2))
    assert start in " ".join(foundation_sentences(t, rules, {}))
    assert layout in layout_line(t, rules, "foundation")
    assert not t.problems


def test_random_play_with_gathered_aces_keeps_every_invariant() -> None:
    kin_machine(_gathering(2)).TestCase().runTest()


# -- Baker's Dozen ---------------------------------------------------------------------------

@pytest.mark.parametrize("deal", [0, 5, 29])
def test_bakers_dozen_deal_is_thirteen_open_piles_of_four(deal: int) -> None:
    game = new_game("bakers-dozen", deal=deal)
    tableau = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in tableau] == [4] * 13
    assert all(c.face_up for p in tableau for c in p)
    assert {p.kind for p in game.piles} == {"foundation", "tableau"}
    assert all(not game.pile(f).cards for f in ids(game, "foundation"))


def test_bakers_dozen_no_king_lies_on_a_card_other_than_a_king() -> None:
    for deal in range(20):
        game = new_game("bakers-dozen", deal=deal)
        for t in ids(game, "tableau"):
            cards = game.pile(t).cards
            assert all(cards[i - 1].rank == 13 for i, c in enumerate(cards) if c.rank == 13 and i)


def test_bakers_dozen_builds_down_whatever_the_suit_one_card_at_a_time() -> None:
    game = new_game("bakers-dozen")
    arrange(game, {"tableau.0": "QS", "tableau.1": "4C JS", "tableau.2": "JH", "tableau.3": "TD"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.2>tableau.0", "tableau.3>tableau.2"} <= legal
    assert "tableau.3>tableau.0" not in legal
    arrange(game, {"tableau.1": "JS TD"})
    assert "tableau.1>tableau.0x2" not in moves(game)


def test_bakers_dozen_an_emptied_pile_is_never_filled() -> None:
    game = new_game("bakers-dozen")
    arrange(game, {"tableau.0": "", "tableau.1": "3C KD", "tableau.2": "5H 2S"})
    legal = moves(game)
    assert not any(m.endswith(">tableau.0") for m in legal)
    assert game.why_illegal(Move("tableau.1", "tableau.0"))


def test_bakers_dozen_foundations_build_by_suit_and_cards_stay() -> None:
    game = new_game("bakers-dozen")
    arrange(game, {"foundation.0": "AH 2H", "tableau.0": "3H", "tableau.1": "3S"})
    legal = moves(game)
    assert "tableau.0>foundation.0" in legal and "tableau.1>foundation.0" not in legal
    assert not any(m.startswith("foundation.") for m in legal)


# -- Spanish Patience ------------------------------------------------------------------------

def test_spanish_patience_deals_like_bakers_dozen() -> None:
    for deal in (0, 7, 30):
        ours, theirs = new_game("spanish-patience", deal=deal), new_game("bakers-dozen", deal=deal)
        assert [p.cards for p in ours.piles] == [p.cards for p in theirs.piles]


def test_spanish_patience_any_single_card_fills_an_emptied_pile() -> None:
    game = new_game("spanish-patience")
    arrange(game, {"tableau.0": "", "tableau.1": "3C 5D", "tableau.2": "5H QS", "tableau.3": "2H"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.2>tableau.0", "tableau.3>tableau.0"} <= legal
    assert "tableau.1>tableau.0x2" not in legal


def test_spanish_patience_builds_down_whatever_the_suit_foundations_by_suit_and_stay() -> None:
    game = new_game("spanish-patience")
    arrange(game, {"foundation.0": "AH 2H", "tableau.0": "3H", "tableau.1": "3S",
                   "tableau.2": "4C", "tableau.3": "5C"})
    legal = moves(game)
    assert {"tableau.0>foundation.0", "tableau.1>tableau.2", "tableau.2>tableau.3"} <= legal
    assert "tableau.1>foundation.0" not in legal
    assert not any(m.startswith("foundation.") for m in legal)


# -- Castles in Spain ------------------------------------------------------------------------

@pytest.mark.parametrize("deal", [0, 5, 29])
def test_castles_in_spain_deal_is_thirteen_piles_of_four_with_only_the_top_card_up(
        deal: int) -> None:
    game = new_game("castles-in-spain", deal=deal)
    tableau = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in tableau] == [4] * 13
    assert all([c.face_up for c in p] == [False, False, False, True] for p in tableau)
    assert {p.kind for p in game.piles} == {"foundation", "tableau"}


def test_castles_in_spain_leaves_the_kings_where_they_fall() -> None:
    assert any(
        any(c.rank == 13 for c in game.pile(t).cards[1:])
        for game in (new_game("castles-in-spain", deal=d) for d in range(5))
        for t in ids(game, "tableau")
    )


def test_castles_in_spain_builds_down_in_alternate_colours_one_card_at_a_time() -> None:
    game = new_game("castles-in-spain")
    arrange(game, {"tableau.0": "QS", "tableau.1": "#4C JH", "tableau.2": "#8C JC",
                   "tableau.3": "TS"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.3>tableau.1"} <= legal
    assert "tableau.2>tableau.0" not in legal and "tableau.3>tableau.2" not in legal
    arrange(game, {"tableau.1": "#4C JH TS", "tableau.3": "KD"})
    assert "tableau.1>tableau.0x2" not in moves(game)


def test_castles_in_spain_any_card_fills_a_space_and_an_uncovered_card_turns_up() -> None:
    game = new_game("castles-in-spain")
    arrange(game, {"tableau.0": "", "tableau.1": "#3C 5D", "tableau.2": "#9H QS"})
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.2>tableau.0"} <= legal
    game.play(Move("tableau.1", "tableau.0"))
    assert show(game, "tableau.1") == "3C"


def test_castles_in_spain_foundation_cards_stay() -> None:
    game = new_game("castles-in-spain")
    arrange(game, {"foundation.0": "AH 2H 3H", "tableau.0": "4S"})
    assert not any(m.startswith("foundation.") for m in moves(game))


# -- Good Measure ----------------------------------------------------------------------------

@pytest.mark.parametrize("deal", [0, 5, 29])
def test_good_measure_deals_two_aces_home_and_ten_open_piles_of_five(deal: int) -> None:
    game = new_game("good-measure", deal=deal)
    tableau = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in tableau] == [5] * 10
    assert all(c.face_up for p in tableau for c in p)
    home = [game.pile(f).cards for f in ids(game, "foundation")]
    assert [len(p) for p in home] == [1, 1, 0, 0]
    assert all(p[0].rank == 1 for p in home[:2])
    assert sum(c.rank == 1 for p in tableau for c in p) == 2


def test_good_measure_sends_kings_to_the_bottom() -> None:
    for deal in range(20):
        game = new_game("good-measure", deal=deal)
        for t in ids(game, "tableau"):
            cards = game.pile(t).cards
            assert all(cards[i - 1].rank == 13 for i, c in enumerate(cards) if c.rank == 13 and i)


def test_good_measure_builds_down_whatever_the_suit_and_never_fills_a_space() -> None:
    game = new_game("good-measure")
    arrange(game, {"tableau.0": "", "tableau.1": "4C JS", "tableau.2": "TD", "tableau.3": "QH"})
    legal = moves(game)
    assert {"tableau.2>tableau.1", "tableau.1>tableau.3"} <= legal
    assert not any(m.endswith(">tableau.0") for m in legal)
    arrange(game, {"tableau.1": "JS TD", "tableau.2": "KC"})
    assert "tableau.1>tableau.3x2" not in moves(game)


def test_good_measure_foundation_cards_stay() -> None:
    game = new_game("good-measure")
    assert not any(m.startswith("foundation.") for m in moves(game))


@pytest.mark.parametrize("variant_id", ["bakers-dozen", "spanish-patience", "castles-in-spain",
                                        "good-measure"])
def test_random_play_keeps_every_invariant(variant_id: str) -> None:
    kin_machine(config(variant_id)).TestCase().runTest()
