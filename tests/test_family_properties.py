"""Random play keeps every engine invariant in the games added by family.

The kin games' machine (cards conserved, illegal moves refused, legal moves accepted, undo and
redo exact, JSON round-trips, long groups judged alike) runs on each rules file below.
"""

from __future__ import annotations

import pytest
from kin_support import config
from test_kin_properties import kin_machine

FAMILY_IDS = (
    "beleaguered-castle", "streets-and-alleys", "portuguese-solitaire", "forty-thieves",
    "lucas", "maria", "streets", "rank-and-file", "indian", "freecell", "bakers-game",
    "eight-off", "seahaven-towers", "fore-cell", "stronghold", "yukon", "russian-solitaire",
    "spider", "spider-two-suits", "spider-one-suit", "spiderette",
    "will-o-the-wisp", "simple-simon", "scorpion",
)


@pytest.mark.parametrize("variant_id", FAMILY_IDS)
def test_random_play_keeps_every_invariant(variant_id: str) -> None:
    kin_machine(config(variant_id)).TestCase().runTest()
