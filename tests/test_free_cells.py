"""Free cells and the supermove rule (`moves.limit: free-cells`), through the engine.

A tableau group may move at once if it could travel one card at a time through the empty free
cells and the empty piles that take any card: (1 + cells) x 2^piles, the pile moved to not
counted. Each size is checked at its limit and one card over it, onto a card and into a space,
and every supermove is replayed as the single moves it stands for under the same rules.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis.stateful import invariant
from kin_support import ROOT, config
from test_kin_properties import kin_machine

import patience
from patience import Game, Move
from patience.rules import MoveLimit, Rules, free_cell_limit
from patience_gen.i18n.translate import Translator
from patience_gen.text.examples import group_example
from patience_gen.text.sentences import pile_sentences
from positions import position

# Twelve cards in alternate colours; the card `depth` from the top has rank depth + 1.
RUN = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H"
SUIT_RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
RANKS = "A23456789TJQK"
SUPERMOVES = ("freecell", "bakers-game", "seahaven-towers", "fore-cell")


def host(depth: int, same_suit: bool = False) -> str:
    """A card, not in the run, on which the run's card at `depth` from the top fits."""
    rank = RANKS[depth + 1]
    if same_suit:
        return rank + "S"
    return rank + ("C" if (depth + 1) % 2 == 0 else "D")


def table(variant: str, cells: int, spaces: int, piles: dict[str, str]) -> Game:
    """`piles` as given, `cells` free cells empty (the others full), `spaces` of the other
    tableau piles empty and the rest holding a card that takes nothing from the run."""
    game = position(variant, {})
    layout: dict[str, str] = dict(piles)
    cell_ids = [p for p in game.layout.ids if p.startswith("reserve.")]
    for i, cell in enumerate(cell_ids):
        layout[cell] = "" if i < cells else "KD"
    others = [p for p in game.layout.ids if p.startswith("tableau.") and p not in piles]
    for i, pile in enumerate(others):
        layout[pile] = "" if i < spaces else "AC"
    return position(variant, layout)


@pytest.mark.parametrize(("cells", "spaces"), [(0, 0), (1, 0), (2, 0), (4, 0), (0, 1), (2, 1),
                                               (1, 2), (3, 1), (0, 3)])
def test_a_group_onto_a_card_holds_what_the_cells_and_spaces_carry(cells: int, spaces: int):
    most = free_cell_limit(cells, spaces)
    game = table("freecell", cells, spaces,
                 {"tableau.0": RUN, "tableau.1": host(most), "tableau.2": host(most + 1)})
    index = game.layout.index
    assert game.capacity(index["tableau.0"], index["tableau.1"]) == most
    fits = Move("tableau.0", "tableau.1", most)
    over = Move("tableau.0", "tableau.2", most + 1)
    assert fits in game.legal_moves() and over not in game.legal_moves()
    reason = game.why_illegal(over)
    assert reason is not None and "needs 1 more free cell:" in reason
    with pytest.raises(patience.IllegalMove, match="free cell"):
        game.play(over)
    game.play(fits)
    assert [str(c) for c in game.pile("tableau.1").cards[1:]] == RUN.split()[-most:]


@pytest.mark.parametrize(("cells", "spaces"), [(0, 1), (2, 1), (1, 2), (4, 1), (0, 3), (2, 2)])
def test_a_group_into_a_space_does_not_count_that_space(cells: int, spaces: int):
    most = free_cell_limit(cells, spaces - 1)
    game = table("freecell", cells, spaces, {"tableau.0": RUN})
    target = next(p.id for p in game.piles if p.kind == "tableau" and not p.cards)
    assert Move("tableau.0", target, most) in game.legal_moves()
    over = Move("tableau.0", target, most + 1)
    assert over not in game.legal_moves()
    assert "more free cell" in (game.why_illegal(over) or "")


def test_the_reason_counts_the_cells_missing():
    game = table("freecell", 1, 0, {"tableau.0": RUN, "tableau.1": host(5)})
    assert game.why_illegal(Move("tableau.0", "tableau.1", 5)) == (
        "moving 5 cards at once needs 3 more free cells: 1 free cell and 0 empty tableau piles "
        "carry at most 2")


@pytest.mark.parametrize("variant", ["seahaven-towers", "fore-cell"])
def test_spaces_for_kings_only_carry_nothing(variant: str):
    same_suit = variant == "seahaven-towers"
    run = SUIT_RUN if same_suit else RUN
    game = table(variant, 2, 2, {"tableau.0": run, "tableau.1": host(3, same_suit),
                                 "tableau.2": host(4, same_suit)})
    assert Move("tableau.0", "tableau.1", 3) in game.legal_moves()
    assert Move("tableau.0", "tableau.2", 4) not in game.legal_moves()
    target = next(p.id for p in game.piles if p.kind == "tableau" and not p.cards)
    assert Move("tableau.0", target, 12) not in game.legal_moves()  # a King heads 12, not 3


def test_a_group_headed_by_a_king_fills_a_kings_space_as_the_cells_allow():
    game = table("fore-cell", 2, 1, {"tableau.0": "9H " + " ".join(RUN.split()[:3])})
    target = next(p.id for p in game.piles if p.kind == "tableau" and not p.cards)
    assert Move("tableau.0", target, 3) in game.legal_moves()
    game = table("fore-cell", 1, 1, {"tableau.0": "9H " + " ".join(RUN.split()[:3])})
    assert Move("tableau.0", target, 3) not in game.legal_moves()


def test_eight_off_moves_single_cards_only():
    game = table("eight-off", 8, 0, {"tableau.0": SUIT_RUN, "tableau.1": host(1, True)})
    assert game.rules["tableau"].moves.limit == MoveLimit.NONE
    assert Move("tableau.0", "tableau.1", 2) not in game.legal_moves()
    assert "one card at a time" in (game.why_illegal(Move("tableau.0", "tableau.1", 2)) or "")


# -- a supermove is the single moves it stands for -----------------------------------------------

def single_moves_only(cfg: dict[str, Any]) -> dict[str, Any]:
    """The same rules with tableau cards moving one at a time."""
    out = Rules.from_config(cfg).to_config()
    out["piles"]["tableau"]["moves"].update(group="single", run=None, limit="none")
    return out


def carry(game: Game, source: str, target: str, n: int, spaces: list[str]) -> None:
    """Move `n` cards from `source` to `target` one at a time, through the empty cells and
    the empty piles `spaces`: the way the supermove count is reckoned."""
    cells = [p.id for p in game.piles if p.kind == "reserve" and not p.cards]
    if n <= len(cells) + 1:
        used = cells[:n - 1]
        for cell in used:
            game.play(Move(source, cell))
        game.play(Move(source, target))
        for cell in reversed(used):
            game.play(Move(cell, target))
        return
    space, rest = spaces[0], spaces[1:]
    half = n // 2
    carry(game, source, space, half, rest)
    carry(game, source, target, n - half, rest)
    carry(game, space, target, half, rest)


def replay_singly(game: Game, move: Move) -> None:
    """Play `move` on `game` and its single moves on a single-move twin; same position."""
    twin = Game(single_moves_only(game.config), deal=game.deal)
    twin.set_position(game.stacks)
    spaces = [p.id for p in game.piles if p.kind == "tableau" and not p.cards
              and p.id != move.target and game.layout.space_fixed[game.layout.index[p.id]] == "any"]
    carry(twin, move.source, move.target, move.count, spaces)
    game.play(move)
    assert twin.stacks == game.stacks, move


@pytest.mark.parametrize(("cells", "spaces"), [(0, 0), (3, 0), (2, 1), (1, 2), (0, 3)])
def test_a_supermove_is_its_single_moves(cells: int, spaces: int):
    most = free_cell_limit(cells, spaces)
    game = table("freecell", cells, spaces, {"tableau.0": RUN, "tableau.1": host(most)})
    replay_singly(game, Move("tableau.0", "tableau.1", most))


@pytest.mark.parametrize("variant", SUPERMOVES)
def test_every_supermove_of_random_play_is_its_single_moves(variant: str):
    checked = 0
    for deal in range(12):
        rng = random.Random(deal)
        game = Game(config(variant), deal=deal)
        for _ in range(150):
            legal = game.legal_moves()
            if not legal:
                break
            groups = [m for m in legal if m.count > 1 and m.source.startswith("tableau.")]
            for move in groups:
                twin = game.copy()
                replay_singly(twin, move)
                checked += 1
            game.play(rng.choice(groups or legal))
    assert checked >= 5


# -- the rules model ------------------------------------------------------------------------------

def test_a_config_written_before_the_limit_reads_as_no_limit():
    cfg = patience.load_variant("willow")
    del cfg["piles"]["tableau"]["moves"]["limit"]
    assert Rules.from_config(cfg)["tableau"].moves.limit == MoveLimit.NONE


def test_the_model_refuses_a_limit_on_single_cards():
    cfg = patience.load_variant("freecell")
    cfg["piles"]["tableau"]["moves"].update(group="single", run=None)
    with pytest.raises(ValueError, match=r"piles\.tableau\.moves\.limit: .*needs group run"):
        Rules.from_config(cfg)


def test_cells_are_the_piles_that_hold_one_card():
    rules = Rules.from_config(patience.load_variant("freecell"))
    assert rules["reserve"].holds_one and not rules["tableau"].holds_one
    assert not Rules.from_config(patience.load_variant("wood"))["reserve"].holds_one


# -- random play -----------------------------------------------------------------------------------

def supermove_machine(cfg: dict[str, Any]) -> type:
    """The kin games' machine plus: no legal group is over its limit, the next size up is
    refused, and the limit is what the cells and spaces carry."""

    class SupermoveMachine(kin_machine(cfg)):  # type: ignore[misc, valid-type]
        @invariant()
        def groups_stop_at_the_limit(self) -> None:
            game = self.game
            legal = set(game.legal_moves())
            index = game.layout.index
            for move in legal:
                if move.count > 1:
                    most = game.capacity(index[move.source], index[move.target])
                    assert most is not None and move.count <= most, move
                    bigger = Move(move.source, move.target, most + 1)
                    assert bigger not in legal

    SupermoveMachine.__name__ = f"Supermove{cfg['id'].replace('-', '_')}"
    return SupermoveMachine


@pytest.mark.parametrize("variant", SUPERMOVES)
def test_random_play_keeps_every_invariant_with_supermoves(variant: str) -> None:
    supermove_machine(config(variant)).TestCase().runTest()


# -- the page ------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", SUPERMOVES)
def test_the_worked_supermove_replays_at_its_limit(variant: str):
    example = group_example(config(variant), "tableau")
    assert example is not None and example.cells is not None and example.spaces is not None
    game = Game(config(variant), deal=example.deal)
    for move in example.prelude:
        game.play(move)
    move = Move.parse(example.move)
    assert move.count >= 2 and move in game.legal_moves()
    index = game.layout.index
    source, target = index[move.source], index[move.target]
    assert game.capacity(source, target) == move.count
    empty_cells = sum(1 for p in game.piles if p.kind == "reserve" and not p.cards)
    assert example.cells == empty_cells
    assert move.count == free_cell_limit(example.cells, example.spaces)
    assert Move(move.source, move.target, move.count + 1) not in game.legal_moves()


def test_the_page_states_the_rule_with_the_engine_numbers():
    t = Translator.for_language("en", ROOT / "locales")
    lines = pile_sentences(t, config("freecell"), "tableau", {})
    assert any(f"up to {free_cell_limit(2, 1)} cards" in line for line in lines)
    assert any("doubles for each empty pile" in line for line in lines)
    lines = pile_sentences(t, config("seahaven-towers"), "tableau", {})
    assert any(f"up to {free_cell_limit(2, 0)} cards" in line for line in lines)
    assert any("only a king may fill one" in line for line in lines)
    lines = pile_sentences(t, config("eight-off"), "tableau", {})
    assert any("never moves in one go" in line for line in lines)
