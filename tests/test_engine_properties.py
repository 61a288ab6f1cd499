"""Property tests over random play for every launch variant."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

import patience
from engine_machine import make_machine
from positions import LAUNCH_VARIANTS


@pytest.mark.parametrize("variant", LAUNCH_VARIANTS)
def test_random_play_keeps_every_invariant(variant: str) -> None:
    machine = make_machine(patience.load_variant(variant))
    machine.TestCase.settings = settings(
        max_examples=12, stateful_step_count=40, deadline=None,
        suppress_health_check=[HealthCheck.too_slow])
    machine.TestCase().runTest()
