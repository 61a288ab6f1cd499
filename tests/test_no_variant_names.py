"""No engine, generator or UI code names a variant: every rule must come from the rules files.

Adding a variant is one rules file plus its catalog entries; a variant's id or English name
written into code would mean a special case that the next variant cannot get the same way.
Rules files, catalogs, docs and tests may name variants; the code folders below may not.

One overlap is allowed: a family of games is named after its best-known member (the schema's
`facts.family` values such as `klondike`), and the generator must name families to print them.
So family words are not searched for in the generator; they still are everywhere else.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from patience_gen.compile.rules import schema

ROOT = Path(__file__).resolve().parents[1]
CODE_FOLDERS = ("engine", "generator", "site_overrides", "hooks")
CODE_SUFFIXES = {".py", ".js", ".mjs", ".html", ".css"}
SKIPPED_PARTS = {"node_modules", "__pycache__", ".venv", "build", "dist"}
FAMILY_FOLDERS = ("generator",)

# Code that still names variants, with what has to change; each entry must fail, so that it is
# removed as soon as the code is fixed.
KNOWN: dict[str, str] = {}


def _families() -> set[str]:
    return set(schema()["$defs"]["facts"]["properties"]["family"]["enum"])


def _variant_words() -> dict[str, re.Pattern[str]]:
    """Each variant id and English name, as a case-insensitive whole-word pattern."""
    words: dict[str, re.Pattern[str]] = {}
    for path in sorted((ROOT / "rules").glob("**/*.yaml")):
        data = yaml.safe_load(path.read_text("utf-8"))
        for word in (data["id"], data["name"]):
            if any(w.lower() == word.lower() for w in words):
                continue
            parts = [re.escape(p) for p in re.split(r"[\s-]+", word.strip())]
            body = r"[\s_-]+".join(parts)
            words[word] = re.compile(rf"(?<![\w-]){body}(?![\w-])", re.IGNORECASE)
    return words


def _code_files() -> list[Path]:
    files = []
    for folder in CODE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            rel = path.relative_to(ROOT).parts
            if path.suffix in CODE_SUFFIXES and path.is_file() and not SKIPPED_PARTS & set(rel):
                files.append(path)
    return files


def _named(path: Path) -> list[str]:
    rel = path.relative_to(ROOT)
    skip = _families() if rel.parts[0] in FAMILY_FOLDERS else set()
    text = path.read_text("utf-8", errors="replace")
    found = []
    for word, pattern in _variant_words().items():
        # "Forty Thieves" is forty-thieves, "Baker's Dozen" bakers-dozen
        if re.sub(r"[\s_]+", "-", word.lower().replace("'", "")) in skip:
            continue
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{rel}:{line}: names the variant {word!r} ({match.group()!r})")
    return found


def test_the_scan_sees_variants_and_code() -> None:
    words = _variant_words()
    assert {"wood", "klondike", "Blondes and Brunettes", "klondike-by-threes"} <= set(words)
    assert words["Blondes and Brunettes"].search("blondes and\nBrunettes")
    assert words["klondike-by-threes"].search('if vid == "Klondike_by_threes":')
    assert not words["wood"].search("woodland firewood")
    assert not words["klondike"].search("klondike-by-threes")
    assert words["thumb-and-pouch"].search("'thumb-and-pouch'")
    assert any(p.name == "game.py" for p in _code_files())


def _cases() -> list:
    out = []
    for path in _code_files():
        rel = str(path.relative_to(ROOT))
        marks = [pytest.mark.xfail(reason=KNOWN[rel], strict=True)] if rel in KNOWN else []
        out.append(pytest.param(path, id=rel, marks=marks))
    return out


@pytest.mark.parametrize("path", _cases())
def test_code_names_no_variant(path: Path) -> None:
    found = _named(path)
    assert not found, "\n".join(found)
