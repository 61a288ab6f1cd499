"""The Golf family: one foundation built up or down whatever the suit, from piles that only give.

The concepts (a rank order both ways, with or without wrap; a foundation with no base rank, one
started by a named card, and a stock turned onto it) are checked on their own.
"""

from __future__ import annotations

import pytest

from patience.rules import RankOrder, Relation, SuitRule

# -- the concepts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("wrap", [False, True])
def test_up_or_down_gives_both_neighbours_and_wraps_only_when_asked(wrap: bool) -> None:
    rule = Relation(RankOrder.UP_OR_DOWN, SuitRule.ANY_SUIT, wrap)
    up = Relation(RankOrder.UP, SuitRule.ANY_SUIT, wrap)
    down = Relation(RankOrder.DOWN, SuitRule.ANY_SUIT, wrap)
    for rank in range(1, 14):
        assert set(rule.ranks_on(rank)) == set(up.ranks_on(rank)) | set(down.ranks_on(rank))
    assert rule.ranks_on(7) == (6, 8)
    assert rule.ranks_on(13) == ((1, 12) if wrap else (12,))
    assert rule.ranks_on(1) == ((2, 13) if wrap else (2,))
    for below in range(52):
        for above in range(52):
            assert rule.allows(below, above) == rule.allows(above, below)


def test_up_or_down_keeps_its_suit_rule() -> None:
    rule = Relation(RankOrder.UP_OR_DOWN, SuitRule.SAME_SUIT, False)
    on_seven = {c for c in range(52) if rule.allows(6, c)}  # the 7 of clubs
    assert on_seven == {5, 7}  # the 6 and 8 of clubs
