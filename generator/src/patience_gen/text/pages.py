"""Page models and Markdown for every game and the home page, in every language.

Rules files -> (rules, engine config) -> page model (finished, translated sentences) -> Jinja2
Markdown in `docs/` with mkdocs-static-i18n's suffixes (`<id>.md`, `<id>.fr.md`). Files are
written only when their text changes, so `mkdocs serve` does not rebuild in a loop.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from patience_gen.compile.rules import load_all, schema
from patience_gen.i18n.translate import Problem, Translator
from patience_gen.i18n.ui_strings import UI_STRINGS
from patience_gen.text import markdown_escape
from patience_gen.text.examples import DealExample, Example, examples
from patience_gen.text.reference import render_reference
from patience_gen.text.sentences import (
    difficulty_word,
    fact_sentences,
    family_heading,
    family_summary,
    foundation_sentences,
    kind_label,
    layout_line,
    pile_sentences,
    stock_sentences,
    win_rate_phrase,
)
from patience_gen.text.svg import layout_svg
from patience_gen.text.winrate_text import (
    Figures,
    hides_cards,
    measured_cell,
    measured_figures,
    measured_sentence,
)

TEMPLATES = Path(__file__).parent / "templates"
MARKER = "<!-- Generated from the rules files and catalogs: edit those, not this page. -->"

@dataclass
class Variant:
    """A rules file's data and its compiled engine config."""

    id: str
    rules: dict[str, Any]
    config: dict[str, Any]
    source: str
    measured: Figures | None = None


@dataclass
class Section:
    """One section of How to play: a heading and its sentences."""

    id: str
    heading: str
    lines: list[str]


@dataclass
class GamePage:
    """Everything a game page says, already in its language."""

    id: str
    title: str
    hook: str
    paragraphs: list[str]
    house_rules: list[str]
    facts: str
    measured: str
    kin: str
    how_to_play: str
    sections: list[Section] = field(default_factory=list)
    # The name and hook as plain text, for the front matter (title and description).
    title_text: str = ""
    hook_text: str = ""


def load_variants(rules_dir: Path, data_dir: Path | None = None) -> dict[str, Variant]:
    """Every rules file of the folder, validated and compiled (errors name file and line).

    With `data_dir` (the solver's `data/winrates/`), each variant also gets its measured win
    rate, if measured under the same rules file.
    """
    out = {}
    for vid, (rules, config) in load_all(rules_dir).items():
        figures = measured_figures(vid, rules.path, data_dir)
        out[vid] = Variant(vid, rules.data, config, str(rules.path), figures)
    return out


def paragraphs_of(text: str) -> list[str]:
    """A description's paragraphs, each on one line: the catalogs' msgids."""
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def game_name(t: Translator, name: str) -> str:
    """A game's name in the page's language (most stay as they are)."""
    return t.lookup("game name", name)


def humanized(variant_id: str) -> str:
    """A name for a kin game the site has no rules file for, made from its id alone."""
    words = variant_id.replace("-", " ").replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def heading(t: Translator, key: str) -> str:
    """Section headings of How to play."""
    match key:
        case "layout":
            return t.p_("heading", "Layout")
        case "foundations":
            return t.p_("heading", "Foundations")
        case "tableau":
            return t.p_("heading", "Tableau")
        case "fans":
            return t.p_("heading", "Fans")
        case "reserve":
            return t.p_("heading", "Reserve")
        case "stock":
            return t.p_("heading", "Stock")
        case _:
            return t.p_("heading", "Stock and waste")


def kin_line(t: Translator, variant: Variant, site: dict[str, Variant], suffix: str) -> str:
    """Related games, linked where the site has a page for them."""
    items = []
    for kin in variant.rules["facts"].get("kin", []):
        if kin in site:
            items.append(f"[{game_name(t, site[kin].rules['name'])}]({kin}{suffix}.md)")
        else:
            items.append(f"*{humanized(kin)}*")
    return t._("Related games: {games}.", games=t.all_of(items)) if items else ""


def sentence_case(text: str) -> str:
    """A line that reads as a sentence after its label starts with a capital, in every language."""
    return text[:1].upper() + text[1:]


def house_rule(t: Translator, variant_id: str, text: str) -> str:
    """A departure from the game's published rules, labelled so no reader takes it for theirs."""
    rule = t.lookup(f"{variant_id} house rule", " ".join(text.split()))
    return t._("**House rule:** {rule}", rule=rule)


def game_page(t: Translator, variant: Variant, site: dict[str, Variant], suffix: str) -> GamePage:
    """The model of one game page in the translator's language."""
    rules, config = variant.rules, variant.config
    found = examples(config)
    vid = variant.id
    facts_data = dict(rules["facts"])
    if "inventor" in facts_data:
        facts_data["inventor"] = markdown_escape.plain(facts_data["inventor"])
    names = [markdown_escape.plain(n) for n in facts_data.get("also_called", [])]
    facts = " ".join(fact_sentences(t, {**rules, "facts": facts_data}, names))
    hook = " ".join(rules["hook"].split())
    page = GamePage(
        id=vid,
        title=game_name(t, rules["name"]),
        hook=t.lookup(f"{vid} hook", hook),
        paragraphs=[t.lookup(f"{vid} description", p) for p in paragraphs_of(rules["description"])],
        house_rules=[house_rule(t, vid, rule) for rule in rules.get("house_rules") or []],
        facts=facts,
        measured=measured_sentence(t, variant.measured, hides_cards(config)),
        kin=kin_line(t, variant, site, suffix),
        how_to_play=t.p_("heading", "How to play"),
        title_text=t.lookup_text("game name", rules["name"]),
        hook_text=t.lookup_text(f"{vid} hook", hook),
    )
    kinds = config["kinds"]
    layout = [
        t.p_("layout line", "**{kind}:** {line}", kind=kind_label(t, k),
             line=sentence_case(layout_line(t, config, k)))
        for k in kinds
    ]
    page.sections.append(Section("layout", heading(t, "layout"), layout))
    page.sections.append(
        Section("foundations", heading(t, "foundations"), foundation_sentences(t, config, found))
    )
    for kind, key in (("tableau", "tableau"), ("fan", "fans"), ("reserve", "reserve")):
        if kind in kinds:
            lines = pile_sentences(t, config, kind, found)
            page.sections.append(Section(key, heading(t, key), lines))
    if "stock" in kinds:
        key = "stock-and-waste" if "waste" in kinds else "stock"
        page.sections.append(Section(key, heading(t, key), stock_sentences(t, config)))
    return page


def example_attrs(e: Example) -> str:
    """The example's recipe as HTML attributes, so tests can replay it through the engine."""
    values = {
        "data-kind": e.kind, "data-deal": str(e.deal), "data-prelude": " ".join(e.prelude),
        "data-move": e.move, "data-below": e.below, "data-card": e.card,
        "data-allowed": " ".join(e.allowed), "data-refused": " ".join(e.refused),
    }
    if e.cells is not None and e.spaces is not None:
        values |= {"data-cells": str(e.cells), "data-spaces": str(e.spaces)}
    return " ".join(f'{k}="{v}"' for k, v in values.items())


def deal_example_attrs(e: DealExample) -> str:
    """A rearrangement example's recipe as HTML attributes, for tests to replay it."""
    values = {"data-kind": e.kind, "data-deal": str(e.deal), "data-pile": e.pile,
              "data-dealt": " ".join(e.dealt), "data-arranged": " ".join(e.arranged)}
    return " ".join(f'{k}="{v}"' for k, v in values.items())


def _front_matter(values: dict[str, str]) -> str:
    return "\n".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in values.items())


def environment() -> Environment:
    """Jinja2 for Markdown: no HTML escaping, strict about undefined values."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES), autoescape=False, undefined=StrictUndefined,
        keep_trailing_newline=True, extensions=["jinja2.ext.i18n"],
    )
    env.globals["example_attrs"] = example_attrs
    env.globals["deal_example_attrs"] = deal_example_attrs
    return env


def render_game(env: Environment, page: GamePage, game_template: bool) -> str:
    """A game page's Markdown. With the game template, the template itself writes the title
    and the hook (from the front matter) and the table after them, before this Markdown."""
    front = {"title": page.title_text, "description": page.hook_text, "variant": page.id}
    if game_template:
        front["template"] = "game.html"
    return env.get_template("game.md.j2").render(
        page=page, front_matter=_front_matter(front), marker=MARKER, own_heading=not game_template
    )


def _home_row(t: Translator, vid: str, v: Variant, suffix: str) -> list[str]:
    name = game_name(t, v.rules["name"])
    return [
        f"[{name}]({vid}{suffix}.md)",
        layout_svg(v.config, t._("Layout of {game}", game=name)),
        t.number(v.rules["decks"]),
        difficulty_word(t, v.rules["facts"]["difficulty"]),
        win_rate_phrase(t, v.rules["facts"].get("win_rate")),
        measured_cell(t, v.measured) or "—",
    ]


def render_home(env: Environment, t: Translator, site: dict[str, Variant], suffix: str) -> str:
    """The home page: the games by family, each with its layout, decks, difficulty, claim and
    solver's result.

    Families come in the schema's order, games that belong to none last, so a new family's
    section appears as soon as a rules file names it.
    """
    order = schema()["$defs"]["facts"]["properties"]["family"]["enum"]
    by_name = sorted(site, key=lambda v: game_name(t, site[v].rules["name"]).casefold())
    sections = []
    for family in order:
        members = [vid for vid in by_name if site[vid].rules["facts"]["family"] == family]
        if members:
            sections.append({
                "heading": family_heading(t, family),
                "anchor": family,
                "summary": family_summary(t, family),
                "rows": [_home_row(t, vid, site[vid], suffix) for vid in members],
            })
    page = {
        "heading": t.p_("site", "Patience"),
        "intro": t._("Solitaire games to read about and play in your browser. Every rule on "
                     "these pages is written from the same rules files that the game itself "
                     "plays by."),
        "columns": [t.p_("column", "Game"), t.p_("column", "Layout"), t.p_("column", "Decks"),
                    t.p_("column", "Difficulty"), t.p_("column", "Published win rate"),
                    t.p_("column", "Won by a solver")],
        "sections": sections,
    }
    front = {"title": t.p_("navigation", "Home")}
    return env.get_template("index.md.j2").render(
        page=page, front_matter=_front_matter(front), marker=MARKER
    )


@dataclass
class Generated:
    """What one generation run did."""

    pages: dict[Path, str]
    written: list[Path]
    removed: list[Path]
    problems: list[Problem]
    variants: dict[str, Variant]


def reference_page(rules_dir: Path, site: dict[str, Variant]) -> str:
    """The rules authors' reference (English only), with the richest rules file as its example."""
    richest = max(sorted(site), key=lambda vid: len(site[vid].config["kinds"]), default=None)
    example = rules_dir / f"{richest}.yaml" if richest else None
    return f"{MARKER}\n\n{render_reference(example)}"


def write_if_changed(path: Path, text: str) -> bool:
    """Write only a changed file, so watchers see no change when nothing changed."""
    if path.exists() and path.read_text("utf-8") == text:
        return False
    path.write_text(text, "utf-8")
    return True


def generate(
    rules_dir: Path,
    docs_dir: Path,
    locales_dir: Path,
    languages: list[str],
    default_language: str = "en",
    game_template: bool = False,
    data_dir: Path | None = None,
) -> Generated:
    """Render every page in every language into `docs_dir`; remove generated pages now stale.

    `data_dir` holds the solver's measured win rates; without it the pages show only claims.
    """
    site = load_variants(rules_dir, data_dir)
    env = environment()
    pages: dict[Path, str] = {}
    problems: list[Problem] = []
    for language in languages:
        t = Translator.for_language(language, locales_dir, label=_label(locales_dir, language))
        suffix = "" if language == default_language else f".{language}"
        for vid, variant in site.items():
            page = game_page(t, variant, site, "")
            pages[docs_dir / f"{vid}{suffix}.md"] = render_game(env, page, game_template)
        pages[docs_dir / f"index{suffix}.md"] = render_home(env, t, site, "")
        check_table_strings(t)
        problems += t.problems
    pages[docs_dir / "rules-reference.md"] = reference_page(rules_dir, site)
    docs_dir.mkdir(parents=True, exist_ok=True)
    written = [p for p, text in pages.items() if write_if_changed(p, text)]
    removed = []
    for path in sorted(docs_dir.glob("*.md")):
        if path not in pages and MARKER in path.read_text("utf-8"):
            path.unlink()
            removed.append(path)
    unique = list(dict.fromkeys(problems))
    return Generated(pages, written, removed, unique, site)


def check_table_strings(t: Translator) -> None:
    """Look up the game table's strings too, so that their problems fail a strict build like
    the pages' own (the table shows them as text, through the game page's JSON)."""
    for text in UI_STRINGS.values():
        context = getattr(text, "context", "") or None
        plural = getattr(text, "plural", "") or None
        if plural:  # checked as what it is, a message with plural forms
            t.n_lookup(str(text), plural)
        else:
            t.lookup_text(context if "{" not in text else None, str(text))


def _label(locales_dir: Path, language: str) -> str:
    path = locales_dir / f"{language}.po"
    try:
        return str(path.relative_to(locales_dir.parent))
    except ValueError:
        return str(path)
