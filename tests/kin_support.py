"""Shared helpers for the kin games' tests: load a rules file, set up a position, read piles.

The kin games' rules files live in `rules/` with the launch variants'.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

from patience import Game
from patience_gen.compile.rules import compile_rules, load_rules
from positions import codes

ROOT = Path(__file__).resolve().parents[1]
KIN_IDS = (
    "klondike", "klondike-by-threes", "canfield", "easthaven", "blind-alleys", "chinaman",
    "batsford", "batsford-again", "blondes-and-brunettes",
)


def rules_path(variant_id: str) -> Path:
    """The rules file of a variant."""
    path = ROOT / "rules" / f"{variant_id}.yaml"
    if not path.is_file():
        raise FileNotFoundError(f"no rules file for {variant_id!r}")
    return path


@cache
def _config(variant_id: str) -> dict[str, Any]:
    return compile_rules(load_rules(rules_path(variant_id)).data)


def config(variant_id: str) -> dict[str, Any]:
    """The engine config compiled from a variant's rules file."""
    return _config(variant_id)


def edited_config(variant_id: str, changes: dict[str, Any]) -> dict[str, Any]:
    """The engine config of a variant's rules file with some fields set anew, each named by
    its path as the errors name it: {"piles.tableau.deal.cards": [...]}."""
    data = copy.deepcopy(load_rules(rules_path(variant_id)).data)
    for path, value in changes.items():
        *parents, key = path.split(".")
        node = data
        for name in parents:
            node = node[name]
        node[key] = value
    return compile_rules(data)


def new_game(variant_id: str, deal: int = 0, autoplay: bool = False) -> Game:
    """A fresh game of a variant compiled from its rules file."""
    return Game(config(variant_id), deal=deal, autoplay=autoplay)


def arrange(game: Game, layout: dict[str, str]) -> None:
    """Put exact cards on piles ('#' marks a face-down card): 'tableau.0': '#5C 6D'.

    Piles not named keep their cards; the test decides whether the position is a whole deck.
    """
    stacks = [list(cards) for cards in game.stacks]
    for pile_id, text in layout.items():
        stacks[game.layout.index[pile_id]] = codes(text)
    game.set_position(stacks)


def show(game: Game, pile_id: str) -> str:
    """A pile as text, bottom to top, '#' before face-down cards."""
    return " ".join(str(c) if c.face_up else f"#{c}" for c in game.pile(pile_id).cards)


def ids(game: Game, kind: str) -> list[str]:
    """The ids of every pile of one kind, in order."""
    return [p.id for p in game.piles if p.kind == kind]


def moves(game: Game) -> set[str]:
    """The legal moves as strings, for readable assertions."""
    return {str(m) for m in game.legal_moves()}
