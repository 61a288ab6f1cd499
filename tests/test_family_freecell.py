"""FreeCell, its kin and Stronghold's single cell: their rules files' facts, through the engine.

Free cells are reserve piles that start empty or hold one dealt card, take one card when empty
and nothing when full, and give their card to a foundation or the tableau. Tableau groups move
as far as the free cells allow (tests/test_free_cells.py); Eight Off moves single cards only.
"""

from __future__ import annotations

import pytest
from kin_support import arrange, ids, moves, new_game

from patience import IllegalMove, Move

# variant: (tableau cards per pile, cells, cells dealt a card, building suit, what fills a space)
GAMES = {
    "freecell": ([7, 7, 7, 7, 6, 6, 6, 6], 4, [0, 0, 0, 0], "alternate-colour", "any"),
    "bakers-game": ([7, 7, 7, 7, 6, 6, 6, 6], 4, [0, 0, 0, 0], "same-suit", "any"),
    "eight-off": ([6] * 8, 8, [1, 1, 1, 1, 0, 0, 0, 0], "same-suit", "king"),
    "seahaven-towers": ([5] * 10, 4, [0, 1, 1, 0], "same-suit", "king"),
    "fore-cell": ([6] * 8, 4, [1, 1, 1, 1], "alternate-colour", "king"),
    "seven-by-five": ([8, 8, 8, 7, 7, 7, 7], 5, [0] * 5, "alternate-colour", "any"),
    "stronghold": ([7, 7, 7, 7, 6, 6, 6, 6], 1, [0], "any-suit", "any"),
}
FAMILY = sorted(GAMES)


@pytest.mark.parametrize("variant", FAMILY)
@pytest.mark.parametrize("deal", [0, 6])
def test_deal_is_open_with_cells_empty_or_dealt_one_card(variant: str, deal: int) -> None:
    sizes, cells, dealt, _, _ = GAMES[variant]
    game = new_game(variant, deal=deal)
    assert {p.kind for p in game.piles} == {"foundation", "tableau", "reserve"}
    assert all(not game.pile(f).cards for f in ids(game, "foundation"))
    tableau = [game.pile(t).cards for t in ids(game, "tableau")]
    assert [len(p) for p in tableau] == sizes
    assert all(c.face_up for p in tableau for c in p)
    reserve = [game.pile(r).cards for r in ids(game, "reserve")]
    assert [len(r) for r in reserve] == dealt and len(reserve) == cells
    assert all(c.face_up for r in reserve for c in r)


@pytest.mark.parametrize("variant", FAMILY)
def test_a_cell_takes_one_card_and_gives_it_to_a_foundation_or_the_tableau(variant: str) -> None:
    game = new_game(variant)
    cells = ids(game, "reserve")
    arrange(game, {c: "" for c in cells})
    arrange(game, {"tableau.0": "4C 9H", "tableau.1": "TS", "foundation.0": "AD 2D",
                   cells[0]: "3D"})
    legal = moves(game)
    assert "tableau.0>" + cells[0] not in legal  # a full cell takes nothing
    assert "reserve.0>foundation.0" in legal
    if len(cells) > 1:
        assert "tableau.0>" + cells[1] in legal
        assert "reserve.0>" + cells[1] not in legal  # not from cell to cell
        game.play("tableau.0>" + cells[1])
        assert game.pile(cells[1]).cards[-1].rank == 9
        assert game.why_illegal(Move("tableau.0", cells[1])) is not None
    with pytest.raises(IllegalMove):
        game.play(Move("tableau.1", cells[0]))


@pytest.mark.parametrize("variant", FAMILY)
def test_tableau_builds_down_by_its_suit_rule(variant: str) -> None:
    suit = GAMES[variant][3]
    game = new_game(variant)
    arrange(game, {c: "" for c in ids(game, "reserve")})
    arrange(game, {"tableau.0": "9S", "tableau.1": "8S", "tableau.2": "8H", "tableau.3": "8C",
                   "tableau.4": "KC TD 9C"})
    legal = moves(game)
    assert ("tableau.1>tableau.0" in legal) == (suit in ("same-suit", "any-suit"))
    assert ("tableau.2>tableau.0" in legal) == (suit in ("alternate-colour", "any-suit"))
    assert ("tableau.3>tableau.0" in legal) == (suit == "any-suit")


@pytest.mark.parametrize("variant", FAMILY)
def test_what_fills_a_space(variant: str) -> None:
    fills = GAMES[variant][4]
    game = new_game(variant)
    cells = ids(game, "reserve")
    arrange(game, {c: "" for c in cells})
    arrange(game, {"tableau.0": "", "tableau.1": "2C 5H", "tableau.2": "3D KS", cells[0]: "QD"})
    legal = moves(game)
    assert "tableau.2>tableau.0" in legal
    assert ("tableau.1>tableau.0" in legal) == (fills == "any")
    assert ("reserve.0>tableau.0" in legal) == (fills == "any")


@pytest.mark.parametrize("variant", FAMILY)
def test_foundation_cards_stay(variant: str) -> None:
    game = new_game(variant)
    arrange(game, {"foundation.0": "AH 2H", "tableau.0": "3S"})
    assert not any(m.startswith("foundation.") for m in moves(game))


def test_seven_by_five_moves_a_run_as_far_as_its_five_cells_allow() -> None:
    game = new_game("seven-by-five")
    arrange(game, {c: "" for c in ids(game, "reserve")})
    arrange(game, {"tableau.0": "KD", "tableau.1": "QS JH TS 9H 8S 7H",
                   "tableau.2": "2C QC JD TC 9D 8C 7D",
                   **{f"tableau.{i}": "AS" for i in range(3, 7)}})
    assert {"tableau.1>tableau.0x6", "tableau.2>tableau.0x6"} <= moves(game)  # one plus five cells
    arrange(game, {"reserve.0": "5C"})
    assert not {"tableau.1>tableau.0x6", "tableau.2>tableau.0x6"} & moves(game)
