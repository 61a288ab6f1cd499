"""The Spider family: complete runs leaving the table, a stock that waits for its spaces, decks
of fewer suits, and the facts of each rules file."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant
from kin_support import arrange, config, edited_config, ids, moves, new_game, show
from test_solver import _exhaustive, replays_to_win

from engine_machine import make_machine
from patience import Game, IllegalMove, Move
from patience.cards import FACE_DOWN, SUITS
from patience.rules import Rules
from patience.solver import BEST_FIRST_WEIGHTS, _BestFirst, solve
from patience.solver import _copy as clone
from patience_gen.i18n.translate import Translator
from patience_gen.text.examples import examples, find_run_example
from patience_gen.text.sentences import faces_phrase

RANKS_DOWN = "KQJT98765432A"


def run(suit: str, top: str = "A", bottom: str = "K") -> str:
    """The cards of one suit from `bottom` down to `top`, as `arrange` reads them."""
    ranks = RANKS_DOWN[RANKS_DOWN.index(bottom):RANKS_DOWN.index(top) + 1]
    return " ".join(r + suit for r in ranks)


def sends_a_completed_run_up(variant: str, suit: str, under: str, beside: str) -> None:
    """King to 2 of `suit` on a face-down `under`, an empty pile, and the Ace on `beside`:
    the stock waits for the space, and the Ace completes the run, which goes to a foundation
    and turns `under` up."""
    game = new_game(variant, autoplay=True)
    arrange(game, {"tableau.0": f"#{under} " + run(suit, top="2"),
                   "tableau.1": f"{beside} A{suit}", "tableau.2": ""})
    assert game.stock_move() is None
    game.play("tableau.1>tableau.0")
    assert show(game, "foundation.0") == run(suit) and show(game, "tableau.0") == under


# -- Spider's deal and rules ---------------------------------------------------------------------

@pytest.mark.parametrize("deal", [0, 7])
def test_spider_deals_ten_piles_of_six_and_five_with_fifty_in_the_stock(deal: int) -> None:
    game = new_game("spider", deal=deal)
    piles = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in piles] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    for pile in piles:
        assert [c.face_up for c in pile] == [False] * (len(pile) - 1) + [True]
    assert len(game.pile("stock.0").cards) == 50
    assert len(ids(game, "foundation")) == 8
    assert Counter((c.rank, c.suit) for p in game.piles for c in p.cards) == Counter(
        {(r, s): 2 for r in range(1, 14) for s in SUITS})


def test_spider_builds_whatever_the_suit_but_moves_only_runs_of_one_suit() -> None:
    game = new_game("spider")
    arrange(game, {"tableau.0": "#4C 9D 8S 7S", "tableau.1": "TH", "tableau.2": "9C",
                   "tableau.3": "8H", "tableau.4": "9H 8H 7D"})
    legal = moves(game)
    assert "tableau.0>tableau.3" in legal  # 7S on 8H: any suit will do
    assert "tableau.0>tableau.2x2" in legal  # 8S 7S, one suit, on 9C
    assert "tableau.0>tableau.1x3" not in legal  # 9D 8S 7S mixes suits
    assert "tableau.4>tableau.3" in legal and "tableau.4>tableau.2x2" not in legal
    reason = game.why_illegal(Move("tableau.0", "tableau.1", 3))
    assert reason is not None and "group" in reason


def test_a_complete_run_of_one_suit_leaves_by_itself_and_undo_brings_it_back() -> None:
    game = new_game("spider", autoplay=True)
    arrange(game, {"tableau.0": "#4C " + run("S", top="2"), "tableau.1": "#5D AS",
                   "tableau.2": "9H"})
    before = [show(game, p.id) for p in game.piles]
    game.play("tableau.1>tableau.0")
    assert show(game, "foundation.0") == run("S")
    assert show(game, "tableau.0") == "4C" and show(game, "tableau.1") == "5D"
    assert game.undo()
    assert [show(game, p.id) for p in game.piles] == before
    assert game.redo() and show(game, "foundation.0") == run("S")


def test_a_run_leaves_only_when_complete_and_of_one_suit() -> None:
    game = new_game("spider", autoplay=True)
    mixed = run("S", top="2") + " AH"
    arrange(game, {"tableau.0": mixed, "tableau.1": run("H", top="2"), "tableau.2": "9C AD"})
    game.play("tableau.2>tableau.1")  # the ace of diamonds does not finish the hearts
    assert show(game, "tableau.0") == mixed and show(game, "tableau.1") == run("H", "2") + " AD"
    assert not any(game.pile(f).cards for f in ids(game, "foundation"))
    legal = moves(game)
    assert not any(">foundation." in m for m in legal)
    for count in (1, 2, 12, 13, 14):
        reason = game.why_illegal(Move("tableau.0", "foundation.0", count))
        assert reason is not None, count


def test_without_autoplay_a_complete_run_is_a_move_of_thirteen_cards_onto_an_empty_foundation(
) -> None:
    game = new_game("spider", autoplay=False)
    arrange(game, {"tableau.0": "#4C " + run("D"), "tableau.1": "AC"})
    legal = moves(game)
    runs = sorted(m for m in legal if ">foundation." in m)
    assert runs == [f"tableau.0>foundation.{i}x13" for i in range(8)]
    assert game.why_illegal(Move("tableau.1", "foundation.0")) is not None
    game.play("tableau.0>foundation.3x13")
    assert show(game, "foundation.3") == run("D") and show(game, "tableau.0") == "4C"
    arrange(game, {"tableau.2": run("H")})
    reason = game.why_illegal(Move("tableau.2", "foundation.3", 13))
    assert reason is not None and "empty foundation" in reason
    assert "tableau.2>foundation.3x13" not in moves(game)
    assert game.why_illegal(Move("foundation.3", "tableau.1")) is not None  # never back


def test_the_stock_refuses_to_deal_while_a_pile_is_empty() -> None:
    game = new_game("spider", deal=3)
    stock = game.stock_move()
    assert stock == Move("stock.0", "tableau.0", 10)
    cards = show(game, "tableau.9")
    arrange(game, {"tableau.9": ""})
    assert game.stock_move() is None
    assert not any(m.startswith("stock.") for m in moves(game))
    reason = game.why_illegal(stock)
    assert reason is not None and "empty" in reason
    with pytest.raises(IllegalMove, match="while a tableau pile is empty"):
        game.play(stock)
    arrange(game, {"tableau.9": cards})
    game.play(stock)
    assert all(len(game.pile(t).cards) in (6, 7) for t in ids(game, "tableau"))
    assert all(game.pile(t).cards[-1].face_up for t in ids(game, "tableau"))
    assert len(game.pile("stock.0").cards) == 40


def test_a_saved_spider_game_replays_its_runs_and_deals() -> None:
    game = new_game("spider", deal=5, autoplay=True)
    rng = random.Random(5)
    for _ in range(60):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    again = Game.from_json(game.to_json())
    assert again.position_key() == game.position_key()


@pytest.mark.parametrize(("variant", "suits"), [("spider-two-suits", "HS"),
                                                ("spider-one-suit", "S")])
@pytest.mark.parametrize("deal", [0, 11])
def test_fewer_suits_deal_spider_s_layout_from_those_suits_alone(
        variant: str, suits: str, deal: int) -> None:
    game = new_game(variant, deal=deal)
    spider = new_game("spider", deal=deal)
    assert [len(p.cards) for p in game.piles] == [len(p.cards) for p in spider.piles]
    assert [[c.face_up for c in p.cards] for p in game.piles] == [
        [c.face_up for c in p.cards] for p in spider.piles]
    copies = 8 // len(suits)
    assert Counter((c.rank, c.suit) for p in game.piles for c in p.cards) == Counter(
        {(r, s): copies for r in range(1, 14) for s in suits})
    assert game.rules.copies == copies and game.rules.suits == suits


@pytest.mark.parametrize("variant", ["spider-two-suits", "spider-one-suit"])
def test_fewer_suits_play_by_spider_s_rules(variant: str) -> None:
    assert {k: v for k, v in config(variant).items() if k not in ("id", "suits")} == {
        k: v for k, v in config("spider").items() if k not in ("id", "suits")}
    sends_a_completed_run_up(variant, "S", under="4S", beside="#5S")


@pytest.mark.parametrize(("variant", "dealt", "up", "turns"), [
    ("spiderette", [1, 2, 3, 4, 5, 6, 7], 1, [7, 7, 7, 3]),
    ("will-o-the-wisp", [3] * 7, 1, [7, 7, 7, 7, 3]),
])
def test_one_deck_spiders_deal_and_turn_their_stock_as_their_rules_say(
        variant: str, dealt: list[int], up: int, turns: list[int]) -> None:
    game = new_game(variant, deal=4)
    piles = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in piles] == dealt
    for pile in piles:
        assert [c.face_up for c in pile] == [False] * (len(pile) - up) + [True] * up
    assert len(ids(game, "foundation")) == 4 and game.rules.decks == 1
    assert len(game.pile("stock.0").cards) == sum(turns)
    for n in turns:
        assert game.stock_move() == Move("stock.0", "tableau.0", n)
        game.play(game.stock_move())
        assert [len(game.pile(t).cards) for t in ids(game, "tableau")][:n % 7 or 7] == [
            d + 1 for d in dealt[:n % 7 or 7]]
        dealt = [len(game.pile(t).cards) for t in ids(game, "tableau")]
    assert game.stock_move() is None and not game.pile("stock.0").cards


@pytest.mark.parametrize("variant", ["spiderette", "will-o-the-wisp"])
def test_one_deck_spiders_send_a_complete_run_to_one_of_four_foundations(variant: str) -> None:
    sends_a_completed_run_up(variant, "H", under="4C", beside="9D")
    assert config(variant)["piles"]["tableau"]["moves"]["run"]["suit"] == "same-suit"


@pytest.mark.parametrize("deal", [0, 9])
def test_simple_simon_deals_the_whole_deck_face_up_and_has_no_stock(deal: int) -> None:
    game = new_game("simple-simon", deal=deal)
    piles = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in piles] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert all(c.face_up for p in piles for c in p)
    assert {p.kind for p in game.piles} == {"foundation", "tableau"}
    assert len(ids(game, "foundation")) == 4


def test_simple_simon_fills_a_space_with_any_run_and_sends_complete_runs_up() -> None:
    game = new_game("simple-simon", autoplay=True)
    arrange(game, {"tableau.0": "3D " + run("C", top="2"), "tableau.1": "",
                   "tableau.2": "7H 6S 5S", "tableau.3": "8D AC"})
    legal = moves(game)
    assert "tableau.2>tableau.1x2" in legal and "tableau.2>tableau.1x3" not in legal
    game.play("tableau.3>tableau.0")
    assert show(game, "foundation.0") == run("C") and show(game, "tableau.0") == "3D"


@pytest.mark.parametrize("deal", [0, 6])
def test_scorpion_deals_seven_by_seven_with_four_piles_over_three_face_down(deal: int) -> None:
    game = new_game("scorpion", deal=deal)
    piles = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in piles] == [7] * 7
    for i, pile in enumerate(piles):
        down = 3 if i < 4 else 0
        assert [c.face_up for c in pile] == [False] * down + [True] * (7 - down)
    assert len(game.pile("stock.0").cards) == 3
    game.play(game.stock_move())
    assert [len(game.pile(t).cards) for t in ids(game, "tableau")] == [8, 8, 8, 7, 7, 7, 7]
    assert game.stock_move() is None


def test_scorpion_moves_any_face_up_group_by_suit_and_kings_fill_spaces() -> None:
    game = new_game("scorpion", autoplay=True)
    arrange(game, {"tableau.0": "#4C 9H 2S KD 5C", "tableau.1": "TH", "tableau.2": "TS",
                   "tableau.3": "", "tableau.4": "QD 3H", "tableau.5": "#6D " + run("S", "2"),
                   "tableau.6": "9C AS"})
    legal = moves(game)
    assert "tableau.0>tableau.1x4" in legal  # 9H on TH, with whatever lies on it
    assert "tableau.0>tableau.2x4" not in legal  # by suit only
    assert "tableau.0>tableau.3x2" in legal and "tableau.4>tableau.3x2" not in legal
    game.play("tableau.6>tableau.5")
    assert show(game, "foundation.0") == run("S") and show(game, "tableau.5") == "6D"


# -- property tests: cards conserved, undo exact, legal moves exactly the accepted ones ----------

SETTINGS = settings(max_examples=12, stateful_step_count=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def runs_machine(variant_id: str) -> type:
    """The engine machine, started from every card laid out in runs of one suit split at
    random points and stacked on the tableau, so that complete runs form and leave often; with
    `gap`, a dealt game with one pile emptied, so that the stock waits."""
    cfg = config(variant_id)

    class RunsMachine(make_machine(cfg)):  # type: ignore[misc]
        @initialize(seed=st.integers(0, 2**32 - 1), autoplay=st.booleans(), gap=st.booleans())
        def deal(self, seed: int, autoplay: bool, gap: bool) -> None:
            self.game = Game(cfg, deal=seed, autoplay=autoplay)
            self.deck = Counter(self.game.rules.deck())
            rng = random.Random(seed)
            lay = self.game.layout
            stacks = [list(p) for p in self.game.stacks]
            tableau = lay.by_kind["tableau"]
            if gap:
                a, b = rng.sample(tableau, 2)
                stacks[b] += [c & ~FACE_DOWN for c in stacks[a]]
                stacks[a] = []
            else:
                stacks = [[] for _ in stacks]
                pieces = []
                for code in sorted(set(self.deck)):
                    if code % 13 == 12:  # one run per King: the King down to the Ace
                        for _ in range(self.deck[code]):
                            cards = [code - i for i in range(13)]
                            cut = rng.randrange(1, 13)
                            pieces += [cards[:cut], cards[cut:]]
                rng.shuffle(pieces)
                for piece in pieces:
                    stacks[rng.choice(tableau)].extend(piece)
            self.game.set_position(stacks)

        @invariant()
        def json_round_trip(self) -> None:
            """A save replays from the deal, which these hand-made starts are not."""

    RunsMachine.TestCase.settings = SETTINGS
    return RunsMachine


@pytest.mark.parametrize("variant_id", ["spider", "spider-two-suits", "spider-one-suit",
                                        "spiderette", "will-o-the-wisp", "simple-simon",
                                        "scorpion"])
def test_random_play_from_split_runs_keeps_every_invariant(variant_id: str) -> None:
    runs_machine(variant_id).TestCase().runTest()


# -- the solver ----------------------------------------------------------------------------------

def _endgame(rng: random.Random, out: int, autoplay: bool) -> Game:
    """All but `out` runs home; the rest split into pieces over the tableau, some face down."""
    game = new_game("spider", deal=rng.randrange(1000), autoplay=autoplay)
    lay = game.layout
    stacks: list[list[int]] = [[] for _ in game.stacks]
    kings = [code for code in game.rules.deck() if code % 13 == 12]
    rng.shuffle(kings)
    for f, king in zip(lay.foundations, kings[out:], strict=False):
        stacks[f] = [king - i for i in range(13)]
    cards = [king - i for king in kings[:out] for i in range(13)]
    rng.shuffle(cards)
    tableau = list(lay.by_kind["tableau"])[: 3 + out]
    for code in cards:
        pile = rng.choice(tableau)
        stacks[pile].append(code | FACE_DOWN if rng.random() < 0.3 else code)
    for pile in stacks:
        if pile:
            pile[-1] &= ~FACE_DOWN
    game.set_position(stacks)
    return game


def test_spider_verdicts_agree_with_exhaustive_search() -> None:
    rng = random.Random("spider")
    decided = 0
    for i in range(40):
        game = _endgame(rng, out=1 + i % 2, autoplay=i % 2 == 0)
        truth = _exhaustive(clone(game), 3000)
        if truth is None:
            continue
        result = solve(game, max_nodes=100_000)
        assert result.status == ("won" if truth else "lost"), (i, str(game))
        # Best-first search measures such positions by their runs: the verdict is the same.
        weights = [w for w in BEST_FIRST_WEIGHTS if w[1]][i % 5]
        best_first = _BestFirst(game, weights, None).run(None, 60)
        assert best_first.status == result.status, (i, str(game))
        if truth:
            assert replays_to_win(clone(game), result.moves)
            assert replays_to_win(clone(game), best_first.moves)
        decided += 1
        if decided >= 6:
            break
    assert decided >= 3


# -- the pages -----------------------------------------------------------------------------------

@pytest.mark.parametrize("suits", ["S", "HS"])
def test_worked_examples_name_only_cards_of_the_deck_s_suits(suits: str) -> None:
    rules = replace(Rules.from_config(config("spider")), suits=suits)
    example = examples(rules)[("tableau", False)]
    assert example.allowed and {card[1] for card in example.allowed} <= set(suits)
    assert example.below[1] in suits and example.card in example.allowed


def test_a_run_example_is_a_whole_suit_the_engine_sends_up() -> None:
    rules = replace(Rules.from_config(config("spider")), suits="S")
    example = find_run_example(rules)
    assert example is not None and example.below == "" and example.card == "KS"
    game = Game(rules, deal=example.deal, autoplay=False)
    for move in example.prelude:
        game.play(move)
    game.play(example.move)
    target = Move.parse(example.move).target
    assert show(game, target) == run("S")


def test_face_up_counts_may_differ_from_pile_to_pile() -> None:
    compiled = edited_config("yukon", {"piles.tableau.deal": {
        "cards": [7, 7, 7, 7, 8, 8, 8], "face_up": [4, 4, 4, 4, 8, 8, 9]}})
    assert compiled["piles"]["tableau"]["deal"]["face_up"] == [4, 4, 4, 4, 8, 8, 8]
    game = Game(compiled, deal=3)
    assert [sum(c.face_up for c in game.pile(t).cards) for t in ids(game, "tableau")] == [
        4, 4, 4, 4, 8, 8, 8]
    text = faces_phrase(Translator("en"), [7] * 7, [4, 4, 4, 4, 7, 7, 7])
    assert text == ("the top 4 cards face up on the first 4 piles and every card face up on "
                    "the others")
