"""The engine's interface for search: steps by pile number, apply and revert, typed records."""

from __future__ import annotations

import random

import pytest

import patience
from patience import Flip, NextPass, Shift, TurnOver, Undo
from positions import LAUNCH_VARIANTS, position


def _walk(variant: str, deal: int, steps: int, autoplay: bool = True) -> patience.Game:
    game = patience.Game(patience.load_variant(variant), deal=deal, autoplay=autoplay)
    rng = random.Random(deal)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


@pytest.mark.parametrize("variant", patience.variants())
def test_apply_makes_what_play_makes(variant: str) -> None:
    for deal in range(3):
        game = _walk(variant, deal, 15)
        for step in game.legal_steps():
            searched, played = game.copy(), game.copy()
            searched.apply(step)
            played.play(game.move_of(step))
            assert searched.position_key() == played.position_key()
            assert searched.moves_made == ()


@pytest.mark.parametrize("variant", LAUNCH_VARIANTS)
def test_a_line_of_steps_reverts_to_the_start(variant: str) -> None:
    game = _walk(variant, 5, 5)
    start = game.position_key()
    history = game.moves_made
    rng = random.Random(5)
    records: list[Undo] = []
    for _ in range(40):
        steps = game.legal_steps()
        if not steps:
            break
        records.append(game.apply(rng.choice(steps)))
    assert records
    for record in reversed(records):
        game.revert(record)
    assert game.position_key() == start
    assert game.moves_made == history


def test_the_undo_history_holds_typed_records() -> None:
    game = position("klondike-by-threes", {"tableau.0": "#9C KH", "stock.0": "#2C #3C #4C"})
    game.play("tableau.0>tableau.1")
    game.play("stock.0>waste.0x3")
    game.play("waste.0>stock.0x3")
    records = [record for _, record in game._history]
    assert [type(c) for c in records[0].changes] == [Shift, Flip]
    assert records[0].changes[0] == Shift(game.layout.index["tableau.0"],
                                          game.layout.index["tableau.1"], 1)
    assert [type(c) for c in records[1].changes] == [TurnOver]
    assert [type(c) for c in records[2].changes] == [TurnOver, NextPass]
    assert game.passes == 2


def test_copy_and_set_position_leave_the_original_alone() -> None:
    game = _walk("willow", 2, 6)
    twin = game.copy()
    assert twin.position_key() == game.position_key()
    assert twin.base_rank == game.base_rank and twin.moves_made == ()
    twin.apply(twin.legal_steps()[0])
    assert twin.position_key() != game.position_key()
    twin.set_position(game.stacks, game.passes)
    assert twin.position_key() == game.position_key()
    with pytest.raises(ValueError, match="piles"):
        twin.set_position(game.stacks[:-1])


def test_layout_numbers_the_piles_as_the_game_lists_them() -> None:
    game = patience.Game(patience.load_variant("canfield"), deal=1)
    lay = game.layout
    assert lay.ids == tuple(p.id for p in game.piles)
    assert [lay.kinds[i] for i in lay.foundations] == ["foundation"] * len(lay.foundations)
    for pile in game.piles:
        assert [c.code for c in pile.cards] == game.stacks[lay.index[pile.id]]
