"""The rules authors' reference page, generated from the rules schema.

The schema is what validation enforces, so a page written from it cannot promise a key that
the compiler rejects or miss one that it accepts.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from patience_gen.compile.rules import schema

# The objects of the schema, in the order a rules author meets them.
SECTIONS = [
    ("Top level", "#", "A rules file is one YAML mapping with these keys."),
    ("facts", "#/$defs/facts", "Facts for the game page; they do not change play."),
    ("piles.foundation", "#/$defs/foundation", "The foundations, where the game is won."),
    ("piles.tableau, piles.reserve, piles.fan", "#/$defs/pile",
     "Every other kind of pile a player builds on or plays from."),
    ("deal", "#/$defs/deal", "What each pile of a kind receives at the deal."),
    ("build", "#/$defs/build", "Which card may go on the top card of a pile."),
    ("moves", "#/$defs/moves", "What may leave a pile, and where it may go."),
    ("spaces", "#/$defs/spaces", "What may fill an empty pile."),
    ("piles.stock", "#/$defs/stock", "The stock: the cards not dealt elsewhere."),
    ("piles.stock.turn", "#/$defs/stock/properties/turn", "What a click on the stock does."),
    ("piles.waste", "#/$defs/waste", "The waste, where the stock turns its cards."),
]


def _resolve(root: dict[str, Any], ref: str) -> dict[str, Any]:
    node: Any = root
    for part in ref.lstrip("#/").split("/") if ref != "#" else []:
        node = node[part]
    resolved: dict[str, Any] = node
    return resolved


def _values(root: dict[str, Any], prop: dict[str, Any]) -> str:
    """The values a key takes, in words a rules author reads quickly."""
    if "$ref" in prop:
        name = prop["$ref"].rsplit("/", 1)[-1]
        target = _resolve(root, prop["$ref"])
        if "enum" in target:
            return _values(root, target)
        return f"a mapping (see [{name}](#{name}))" if name != "kind" else _values(root, target)
    if "enum" in prop:
        return ", ".join(f"`{v}`" for v in prop["enum"])
    if "const" in prop:
        return f"`{prop['const']}`"
    if "oneOf" in prop:
        return " or ".join(_values(root, p) for p in prop["oneOf"])
    kind = prop.get("type")
    if kind == "array":
        return f"a list of {_values(root, prop.get('items', {}))}"
    if kind == "integer":
        low, high = prop.get("minimum"), prop.get("maximum")
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}"
        return f"a whole number, at least {low}" if low is not None else "a whole number"
    if kind == "number":
        return "a number"
    if kind == "boolean":
        return "`true` or `false`"
    if kind == "string":
        return "text" + (f" matching `{prop['pattern']}`" if "pattern" in prop else "")
    if kind == "object":
        return "a mapping"
    return "any value"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _example(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _table(root: dict[str, Any], node: dict[str, Any]) -> list[str]:
    """One object's keys as a Markdown table, then their examples."""
    required = set(node.get("required", []))
    out = ["| key | values | required | meaning |", "| --- | --- | --- | --- |"]
    examples = []
    for key, prop in node.get("properties", {}).items():
        meaning = prop.get("description", "")
        if not meaning and "$ref" in prop:
            meaning = _resolve(root, prop["$ref"]).get("description", "")
        if "default" in prop:
            meaning += f" Default: `{_example(prop['default'])}`."
        out.append(f"| `{key}` | {_cell(_values(root, prop))} | "
                   f"{'yes' if key in required else 'no'} | {_cell(meaning)} |")
        examples += [f"{key}: {_example(value)}" for value in prop.get("examples", [])]
    if examples:
        out += ["", "Examples:", "", "```yaml", *examples, "```"]
    out.append("")
    return out


def render_reference(example_rules: Path | None = None) -> str:
    """The whole reference page as Markdown."""
    root = schema()
    out = [
        "# Rules reference",
        "",
        "Every variant of Patience is one YAML file in `rules/`. This page lists every key such",
        "a file may hold, the values each takes and what it means. It is generated from the",
        "schema that every rules file is checked against, so it is always complete. Check your",
        "file with `.venv/bin/patience check rules/`: each mistake is reported with its file,",
        "line and key.",
        "",
    ]
    for title, ref, intro in SECTIONS:
        node = _resolve(root, ref)
        anchor = ref.rsplit("/", 1)[-1] if ref != "#" else "top-level"
        out += [f"## {title} {{#{anchor}}}", "", intro, ""]
        out += _table(root, node)
        for key, prop in node.get("properties", {}).items():
            if prop.get("type") == "object" and "properties" in prop:
                out += [f"### {title.split(',')[0]}.{key}", "", prop.get("description", ""), ""]
                out += _table(root, prop)
    if example_rules is not None:
        text = example_rules.read_text("utf-8").rstrip()
        fence = code_fence(text)
        out += ["## A whole file", "",
                f"`rules/{example_rules.name}`, as the site's game page for it is built from:",
                "", f"{fence}yaml", text, fence, ""]
    return "\n".join(out)


def code_fence(text: str) -> str:
    """A fence longer than any run of backticks in `text`, so the text cannot close it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)
