"""Built-in engine configs, compiled from the rules files at build time."""

from __future__ import annotations

import json
import os
from typing import Any

CONFIG_FORMAT = 1


# A plain folder next to this file: the package is always installed unpacked, and
# importlib.resources would cost the browser a noticeable share of its start-up.
FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "variants")


def variants() -> list[str]:
    """Ids of the built-in variants, sorted."""
    if not os.path.isdir(FOLDER):
        return []
    return sorted(name[: -len(".json")] for name in os.listdir(FOLDER) if name.endswith(".json"))


def load_variant(variant_id: str) -> dict[str, Any]:
    """The engine config of a built-in variant."""
    path = os.path.join(FOLDER, f"{variant_id}.json")
    if "/" in variant_id or os.sep in variant_id or not os.path.isfile(path):
        known = ", ".join(variants()) or "none (run the setup to compile rules/)"
        raise KeyError(f"no built-in variant {variant_id!r}; known: {known}")
    with open(path, encoding="utf-8") as file:
        return check_config(json.load(file))


def check_config(config: Any) -> dict[str, Any]:
    """Reject configs of another format early, with a message that says what to do."""
    if not isinstance(config, dict) or "piles" not in config or "kinds" not in config:
        raise ValueError("not a Patience engine config (no 'piles' or 'kinds')")
    if config.get("format") != CONFIG_FORMAT:
        raise ValueError(
            f"engine config format {config.get('format')!r} is not {CONFIG_FORMAT}; "
            "recompile the rules files"
        )
    return config
