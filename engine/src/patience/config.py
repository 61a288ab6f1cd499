"""Built-in engine configs, compiled from the rules files at build time."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

CONFIG_FORMAT = 1


def _folder():
    return resources.files("patience").joinpath("variants")


def variants() -> list[str]:
    """Ids of the built-in variants, sorted."""
    folder = _folder()
    if not folder.is_dir():
        return []
    return sorted(p.name[: -len(".json")] for p in folder.iterdir() if p.name.endswith(".json"))


def load_variant(variant_id: str) -> dict[str, Any]:
    """The engine config of a built-in variant."""
    path = _folder().joinpath(f"{variant_id}.json")
    if not path.is_file():
        known = ", ".join(variants()) or "none (run the setup to compile rules/)"
        raise KeyError(f"no built-in variant {variant_id!r}; known: {known}")
    return check_config(json.loads(path.read_text("utf-8")))


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
