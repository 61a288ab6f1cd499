"""Built-in engine configs, compiled from the rules files at build time."""

from __future__ import annotations

import json
import os
from typing import Any

from patience.rules import rules_of

# A plain folder next to this file: the package is always installed unpacked, and
# importlib.resources would cost the browser a noticeable share of its start-up.
FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "variants")


class UnknownVariant(KeyError, ValueError):
    """No built-in variant has this id; the message lists the known ones."""

    def __str__(self) -> str:
        return str(self.args[0])


def variants() -> list[str]:
    """Ids of the built-in variants, sorted."""
    if not os.path.isdir(FOLDER):
        return []
    return sorted(name[: -len(".json")] for name in os.listdir(FOLDER) if name.endswith(".json"))


def load_variant(variant_id: str) -> dict[str, Any]:
    """The engine config of a built-in variant, checked against the rules model."""
    known = variants()
    if variant_id not in known:
        names = ", ".join(known) or "none (run the setup to compile rules/)"
        raise UnknownVariant(f"no built-in variant {variant_id!r}; known: {names}")
    with open(os.path.join(FOLDER, f"{variant_id}.json"), encoding="utf-8") as file:
        config: dict[str, Any] = json.load(file)
    rules_of(config)  # checked once; the game made from it finds the model in the cache
    return config
