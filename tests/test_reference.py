"""The rules reference page covers every key of the schema."""

from __future__ import annotations

from pathlib import Path

from patience_gen.compile.rules import schema
from patience_gen.text.reference import render_reference


def keys(node: dict, root: dict, seen: set[str]) -> set[str]:
    """Every property name reachable in the schema."""
    out = set()
    for key, prop in node.get("properties", {}).items():
        out.add(key)
        out |= keys(prop, root, seen)
    for sub in node.get("$defs", {}).values():
        out |= keys(sub, root, seen)
    return out


def test_every_schema_key_is_documented_with_its_values() -> None:
    page = render_reference()
    root = schema()
    for key in keys(root, root, set()):
        assert f"| `{key}` |" in page, key
    for word in ("alternate-colour", "other-suit", "whole-pile", "first-card", "unlimited"):
        assert f"`{word}`" in page, word


def test_reference_shows_a_whole_rules_file() -> None:
    path = Path(__file__).parents[1] / "rules" / "westcliff.yaml"
    page = render_reference(path)
    assert path.read_text().strip() in page
