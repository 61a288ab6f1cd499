"""Built-in engine configs, compiled from the rules files at build time."""

from __future__ import annotations

import json
import os
from typing import Any

from patience.rules import rules_of

# A plain folder next to this file: the package is always installed unpacked, and
# importlib.resources would cost the browser a noticeable share of its start-up.
FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "variants")

# Each config's text by variant id, once hold_in_memory() has read them: then no file is read.
_HELD: dict[str, str] = {}


class UnknownVariant(KeyError, ValueError):
    """No built-in variant has this id; the message lists the known ones."""

    def __str__(self) -> str:
        return str(self.args[0])


def hold_in_memory() -> None:
    """Read every built-in config now and serve them from memory from then on.

    The site saves the browser's interpreter after this call (its snapshot): that memory holds
    the imported engine but none of the files of the wheel it came from.
    """
    for variant_id in variants():
        _HELD[variant_id] = _read(variant_id)


def _read(variant_id: str) -> str:
    """A built-in config's file, as text."""
    with open(os.path.join(FOLDER, f"{variant_id}.json"), encoding="utf-8") as file:
        return file.read()


def variants() -> list[str]:
    """Ids of the built-in variants, sorted."""
    if _HELD:
        return sorted(_HELD)
    if not os.path.isdir(FOLDER):
        return []
    return sorted(name[: -len(".json")] for name in os.listdir(FOLDER) if name.endswith(".json"))


def load_variant(variant_id: str) -> dict[str, Any]:
    """The engine config of a built-in variant, checked against the rules model."""
    known = variants()
    if variant_id not in known:
        names = ", ".join(known) or "none (run the setup to compile rules/)"
        raise UnknownVariant(f"no built-in variant {variant_id!r}; known: {names}")
    config: dict[str, Any] = json.loads(_HELD.get(variant_id) or _read(variant_id))
    rules_of(config)  # checked once; the game made from it finds the model in the cache
    return config
