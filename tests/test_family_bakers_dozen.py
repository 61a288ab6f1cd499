"""The Baker's Dozen family: each rules file's facts, checked through the engine, and the
deal's rearranging of each pile (Kings to the bottom)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kin_support import arrange, config, ids, moves, new_game, show
from test_kin_properties import kin_machine

from patience import Game, Move
from patience.cards import Card, rank_of
from patience.rules import DealRule, Rearrange, Rules
from patience_gen.examples import deal_example, unarranged
from patience_gen.i18n import Translator
from patience_gen.sentences import pile_sentences


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

REARRANGED = ("bakers-dozen",)


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


@pytest.mark.parametrize("variant_id", ["bakers-dozen"])
def test_random_play_keeps_every_invariant(variant_id: str) -> None:
    kin_machine(config(variant_id)).TestCase().runTest()
