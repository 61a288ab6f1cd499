"""Hostile text from a rules file and a catalog, built into a site and opened in Chromium.

Each payload must show as the text that was written, or be refused by the checks (and the page
then shows the English source); none may run, add an element, a link, a heading or an
attribute, or break the home page's table.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server import SiteServer
from site_support import ROOT, build, copy_project

# Rules-file text: the description (a new paragraph), the inventor and the other names.
RULES_PARAGRAPH = ("<div onmouseover=\"window.pwned='rules div'\">block</div> "
                   "[link](javascript:window.pwned='rules link') "
                   "<javascript:window.pwned='rules autolink'>")
INVENTOR = "<img src=x onerror=\"window.pwned='inventor'\">"
ALSO_CALLED = ["[x](javascript:window.pwned='also')", "a | b"]
HOOK = ("Eight foundations climb together from a shared random rank, and only the waste can "
        "fill a gap.")

# (msgctxt, msgid, hostile translation as .po text, what the page must show)
TRANSLATIONS = [
    ("heading", "How to play",
     r"<script>window.pwned='heading'</script>Jouer\n\n## Heading",
     "<script>window.pwned='heading'</script>Jouer ## Heading"),
    (None, "Related games: {games}.",
     r"<svg onload=\"window.pwned='svg'\"></svg>Jeux : {games} "
     r"{{: onclick=\"window.pwned='attr'\" }}",
     "<svg onload=\"window.pwned='svg'\"></svg>Jeux"),
    ("game name", "Wood", "Wo|od](javascript:window.pwned='name')", "Wo|od](javascript:"),
    ("heading", "Stock and waste", "&lt;b&gt;Talon", "&lt;b&gt;Talon"),
    (None, "Deal {n}", r"<img src=x onerror=\"window.pwned='deal'\">Donne {n}",
     "<img src=x onerror=\"window.pwned='deal'\">Donne"),
    (None, "Moves: {n}", r"<script>window.pwned='moves'</script>Coups : {n}",
     "<script>window.pwned='moves'</script>Coups : "),
    (None, "Undo", r"<b onmouseover=\"window.pwned='undo'\">Annuler</b>",
     "<b onmouseover=\"window.pwned='undo'\">Annuler</b>"),
    ("wood hook", HOOK, r"<script>window.pwned='hook'</script>Huit", HOOK),
]

SCAN = """() => {
  const content = [...document.querySelectorAll('.md-content *, .md-nav *, head *')];
  return {
    pwned: window.pwned || null,
    handlers: content.filter(e => [...e.attributes].some(a => a.name.startsWith('on')))
                     .map(e => e.outerHTML.slice(0, 80)),
    scripts: [...document.querySelectorAll('.md-content script')]
               .filter(s => s.type !== 'application/json').length,
    javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
    frames: document.querySelectorAll('iframe, svg[onload], img[src="x"]').length,
    headings: [...document.querySelectorAll('h2')].map(h => h.textContent.trim()),
    text: document.body.innerText,
    title: document.title,
  };
}"""


def _poison_rules(project: Path) -> None:
    wood = project / "rules" / "wood.yaml"
    text = wood.read_text("utf-8")
    assert "\nfacts:\n" in text  # the description's block ends there: add a last paragraph
    text = text.replace("\nfacts:\n", f"\n\n  {RULES_PARAGRAPH}\nfacts:\n", 1)
    text = text.replace("  difficulty: hard\n", f"  difficulty: hard\n  inventor: "
                        f"{json.dumps(INVENTOR)}\n  also_called: {json.dumps(ALSO_CALLED)}\n")
    wood.write_text(text, "utf-8")


def _poison_catalog(po: Path) -> None:
    lines = po.read_text("utf-8").splitlines()
    for context, msgid, translation, _ in TRANSLATIONS:
        escaped = msgid.replace('"', '\\"')
        starts = [i for i, line in enumerate(lines) if line == f'msgid "{escaped}"'
                  and (context is None) == (not lines[i - 1].startswith("msgctxt"))
                  and (context is None or lines[i - 1] == f'msgctxt "{context}"')]
        if not starts and context is not None:  # a long msgid, wrapped over lines
            starts = [i for i, line in enumerate(lines) if line == 'msgid ""'
                      and lines[i - 1] == f'msgctxt "{context}"']
        assert starts, msgid
        end = next(j for j in range(starts[0], len(lines)) if lines[j].startswith("msgstr"))
        stop = end + 1
        while stop < len(lines) and lines[stop].startswith('"'):
            stop += 1
        lines[end:stop] = [f'msgstr "{translation}"']
    po.write_text("\n".join(lines) + "\n", "utf-8")


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    project = copy_project(tmp_path_factory.mktemp("hostile") / "project")
    if (ROOT / "build").is_dir():  # the compiled Pyodide files, so they are not made again
        (project / "build").symlink_to(ROOT / "build")
    _poison_rules(project)
    _poison_catalog(project / "locales" / "fr.po")
    strict = build(project, strict=True)
    assert strict.returncode != 0, "a strict build must refuse the hostile translations"
    assert "is not allowed in a game's name or hook" in strict.stderr
    result = build(project)
    assert result.returncode == 0, result.stderr[-3000:]
    with SiteServer(project / "site") as running:
        yield running


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:
    context = browser.new_context()
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def _scan(tab: Any, url: str) -> dict[str, Any]:
    tab.goto(url)
    tab.wait_for_load_state("load")
    tab.mouse.move(200, 300)
    tab.mouse.move(400, 500)  # over the page's text, for any handler that waits for the mouse
    return tab.evaluate(SCAN)


def _harmless(found: dict[str, Any]) -> None:
    assert found["pwned"] is None
    assert found["handlers"] == []
    assert found["scripts"] == 0
    assert found["javascriptLinks"] == 0
    assert found["frames"] == 0
    assert "Heading" not in found["headings"]


def test_hostile_translations_show_as_text_in_the_game_page(
        hostile_site: SiteServer, tab: Any) -> None:
    found = _scan(tab, hostile_site.url + "fr/wood/")
    _harmless(found)
    for _, _, _, shown in TRANSLATIONS:
        assert shown in found["text"], shown
    assert "Wo|od](javascript:window.pwned='name')" in found["title"]
    tab.wait_for_selector("[data-variant][data-state=ready]", timeout=90_000)
    found = tab.evaluate(SCAN)
    _harmless(found)
    assert "<script>window.pwned='moves'</script>Coups : 0" in found["text"]


def test_hostile_rules_text_shows_as_text(hostile_site: SiteServer, tab: Any) -> None:
    for url in ("wood/", "fr/wood/"):
        found = _scan(tab, hostile_site.url + url)
        _harmless(found)
        for text in (RULES_PARAGRAPH, INVENTOR, *ALSO_CALLED):
            assert text in found["text"], (url, text)


def test_hostile_names_keep_the_home_table_whole(hostile_site: SiteServer, tab: Any) -> None:
    found = _scan(tab, hostile_site.url + "fr/")
    _harmless(found)
    cells = tab.evaluate("""() => [...document.querySelectorAll('.md-content table tr')]
        .map(row => row.children.length)""")
    assert len(cells) > 5 and len(set(cells)) == 1, cells  # every row as wide as the header
    assert "Wo|od](javascript:window.pwned='name')" in found["text"]
