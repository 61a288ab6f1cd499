"""Shared fixtures: built-in configs and hand-made positions."""

from __future__ import annotations

import pytest

import patience
from positions import LAUNCH_VARIANTS


@pytest.fixture(params=LAUNCH_VARIANTS)
def variant(request: pytest.FixtureRequest) -> str:
    """Each launch variant id in turn."""
    return request.param


@pytest.fixture
def config(variant: str) -> dict:
    """The built-in engine config of `variant`."""
    return patience.load_variant(variant)
