"""Deals: the shuffle is fixed, whole decks are dealt, and golden deals do not drift."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import patience
from patience.rng import SplitMix64, shuffled
from positions import LAUNCH_VARIANTS, deck_counts, faces

GOLDEN = Path(__file__).parent / "golden"


def test_splitmix64_matches_reference_outputs() -> None:
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_shuffle_is_a_permutation_and_depends_on_the_deal() -> None:
    items = list(range(104))
    one, two = shuffled(items, 1), shuffled(items, 2)
    assert sorted(one) == items and sorted(two) == items
    assert one != two and one == shuffled(items, 1)


@pytest.mark.parametrize("deal", [-1, 2**63, 1.5, True, "7"])
def test_bad_deal_numbers_are_refused(deal: object) -> None:
    with pytest.raises(ValueError, match="deal must be an integer"):
        patience.Game(patience.load_variant("wood"), deal=deal)


def test_every_card_of_the_decks_is_dealt_once(config: dict) -> None:
    for deal in (0, 1, 99):
        game = patience.Game(config, deal=deal)
        copies = config["decks"] * 4 // len(config["suits"])
        assert deck_counts(game) == Counter(
            {c: copies for c in range(52) if "CDHS"[c // 13] in config["suits"]})


def test_same_deal_same_layout_and_different_deals_differ(variant: str) -> None:
    config = patience.load_variant(variant)
    assert faces(patience.Game(config, 5)) == faces(patience.Game(config, 5))
    assert faces(patience.Game(config, 5)) != faces(patience.Game(config, 6))


@pytest.mark.parametrize("variant", LAUNCH_VARIANTS)
@pytest.mark.parametrize("deal", [1, 1000])
def test_golden_deal(variant: str, deal: int) -> None:
    """Deals 1 and 1000 of each variant are pinned: a change to the shuffle or deal order shows."""
    game = patience.Game(patience.load_variant(variant), deal=deal, autoplay=False)
    got = {p.id: " ".join(f) for p, f in zip(game.piles, faces(game), strict=True)}
    want = json.loads((GOLDEN / f"{variant}-{deal}.json").read_text())
    assert got == want
