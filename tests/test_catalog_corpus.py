"""A corpus of broken and hostile catalogs, each run through `i18n check` and the page build.

Every case must be reported by `i18n check` (exit 1) naming the catalog, the line and the
msgid or header, with no traceback and no file written; and the page build must either refuse
the catalog (CatalogError) or record a problem at that line, which fails a strict build and
makes a normal build show the English text.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from site_support import ROOT

from patience_gen.i18n import catalogs
from patience_gen.i18n.translate import CatalogError
from patience_gen.text.pages import generate

DEAL = 'msgid "Deal {n}"\nmsgstr "Donne {n}"'
MOVES = 'msgid "Moves: {n}"\nmsgstr "Coups\u00a0: {n}"'
RELATED = 'msgid "Related games: {games}."\nmsgstr "Jeux apparentés\u00a0: {games}."'
HOW = 'msgctxt "heading"\nmsgid "How to play"\nmsgstr "Comment jouer"'
NAME = 'msgctxt "game name"\nmsgid "Wood"\nmsgstr "Wood"'
PLURALS = '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"'


def _related(text: str) -> tuple[str, str]:
    return RELATED, f'msgid "Related games: {{games}}."\nmsgstr "{text}"'


# (case, old text of fr.po, new text, marker on the line reported, words in the report)
CASES = [
    ("placeholder in capitals", *_related("Jeux\u00a0: {GAMES}."), "Related games",
     "placeholder {GAMES} is not in the source"),
    ("numbered placeholder", *_related("Jeux\u00a0: {0}."), "Related games",
     "placeholder {0} is not in the source"),
    ("empty placeholder", *_related("Jeux\u00a0: {}."), "Related games",
     "placeholder {} is not in the source"),
    ("attribute lookup", *_related("Jeux\u00a0: {games.__class__}."), "Related games",
     "placeholder {games.__class__} is not in the source"),
    ("index lookup", *_related("Jeux\u00a0: {games[0]}."), "Related games",
     "placeholder {games[0]} is not in the source"),
    ("conversion", *_related("Jeux\u00a0: {games!r}."), "Related games",
     "placeholder {games!r} is not in the source"),
    ("format spec", *_related("Jeux\u00a0: {games:>99}."), "Related games",
     "placeholder {games:>99} is not in the source"),
    ("lone opening brace", *_related("Jeux\u00a0: { {games}."), "Related games",
     "the braces do not pair up"),
    ("lone closing brace", *_related("Jeux\u00a0} {games}."), "Related games",
     "the braces do not pair up"),
    ("placeholder left out", *_related("Jeux apparentés."), "Related games",
     "placeholder {games} is missing"),
    ("placeholder in a message that has none", HOW,
     'msgctxt "heading"\nmsgid "How to play"\nmsgstr "Comment {jouer}"', "How to play",
     "placeholder {jouer} is not in the source"),
    ("table string with a wrong placeholder", DEAL, 'msgid "Deal {n}"\nmsgstr "Donne {m}"',
     'msgid "Deal {n}"', "placeholder {m} is not in the source"),
    ("table string with a lone brace", MOVES, 'msgid "Moves: {n}"\nmsgstr "Coups : {n"',
     'msgid "Moves: {n}"', "the braces do not pair up"),
    ("script in a game name", NAME,
     'msgctxt "game name"\nmsgid "Wood"\nmsgstr "Bois<script>alert(1)</script>"',
     'msgid "Wood"', "'<' is not allowed in a game's name or hook"),
    ("entity in a game name", NAME,
     'msgctxt "game name"\nmsgid "Wood"\nmsgstr "Bois &lt;/title&gt;"',
     'msgid "Wood"', "'&l' is not allowed in a game's name or hook"),
    ("quote in a hook", "\"peut combler un vide.\"", "\"peut combler un vide.\\\" x=\\\"\"",
     "Eight foundations climb", "'\"' is not allowed in a game's name or hook"),
    ("broken plural expression", PLURALS, '"Plural-Forms: nplurals=2; plural=(n > ;\\n"',
     "Plural-Forms", "the plural expression '(n >' cannot be evaluated"),
    ("plural header that is not one", PLURALS, '"Plural-Forms: nplurals=two\\n"',
     "Plural-Forms", "is not 'nplurals=N; plural=EXPRESSION;'"),
    ("plural expression picking a missing form", PLURALS,
     '"Plural-Forms: nplurals=2; plural=n;\\n"', "Plural-Forms", "picks form 2"),
    ("plural expression dividing by zero", PLURALS,
     '"Plural-Forms: nplurals=2; plural=n/0;\\n"', "Plural-Forms", "cannot be evaluated"),
    ("no plural forms", PLURALS, '"Plural-Forms: nplurals=0; plural=0;\\n"', "Plural-Forms",
     "1 to 6 plural forms"),
    ("charset other than UTF-8", '"Content-Type: text/plain; charset=utf-8\\n"',
     '"Content-Type: text/plain; charset=latin-1\\n"', "Content-Type",
     "declares charset=latin-1"),
    ("duplicated msgid", DEAL, DEAL + "\n\n" + 'msgid "Deal {n}"\nmsgstr "Partie {n}"',
     'msgid "Deal {n}"', "msgid 'Deal {n}' is written twice"),
    ("duplicated msgid with its context", NAME, NAME + "\n\n" + NAME, 'msgid "Wood"',
     "msgid 'game name|Wood' is written twice"),
    ("unclosed string", DEAL, 'msgid "Deal {n}"\nmsgstr "Donne', 'msgstr "Donne',
     "is neither a comment nor a keyword and string"),
    ("text outside any string", DEAL, DEAL + "\nDonne", "Donne",
     "cannot read the catalog: 'Donne' is neither"),
    ("more plural forms than the header allows", 'msgstr[1] "Cette pile contient au plus', None,
     'msgid "This pile holds at most one card."', "cannot read the catalog"),
]


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / "rules").symlink_to(ROOT / "rules")
    shutil.copy(ROOT / "mkdocs.yml", root)
    shutil.copytree(ROOT / "locales", root / "locales", ignore=shutil.ignore_patterns("*.mo"))
    return root


def _edit(po: Path, old: str, new: str | None) -> None:
    text = po.read_text("utf-8")
    assert old in text, old
    if new is None:  # a form the header does not have, next to an existing one
        line = next(x for x in text.splitlines() if x.startswith(old))
        new = line + "\n" + line.replace("msgstr[1]", "msgstr[5]")
        old = line
    po.write_text(text.replace(old, new, 1), "utf-8")


def _line(po: Path, marker: str) -> int:
    """The last line that is `marker`, or else holds it (the second of two entries, if two)."""
    lines = po.read_text("utf-8").splitlines()
    exact = [i for i, line in enumerate(lines, 1) if line == marker]
    return (exact or [i for i, line in enumerate(lines, 1) if marker in line])[-1]


def _check_fails(root: Path, capsys: pytest.CaptureFixture[str]) -> str:
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    assert catalogs.main(["--root", str(root), "check"]) == 1
    captured = capsys.readouterr()
    report = captured.out + captured.err
    assert "Traceback" not in report
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    return report


@pytest.mark.parametrize(("case", "old", "new", "marker", "words"), CASES,
                         ids=[c[0] for c in CASES])
def test_broken_catalogs_are_refused_naming_file_line_and_msgid(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, old: str,
        new: str | None, marker: str, words: str) -> None:
    root = _project(tmp_path)
    po = root / "locales" / "fr.po"
    _edit(po, old, new)
    line = _line(po, marker)
    report = _check_fails(root, capsys)
    assert f"locales/fr.po:{line}: " in report, report
    assert words in report, report
    try:
        generated = generate(root / "rules", tmp_path / "docs", root / "locales",
                             ["en", "fr"], "en", False)
    except CatalogError as exc:
        assert f"locales/fr.po:{line}: " in str(exc)
        return
    assert any(p.line == line and words in p.reason for p in generated.problems), [
        str(p) for p in generated.problems]


def test_a_non_utf8_catalog_names_its_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path)
    po = root / "locales" / "pt.po"
    raw = po.read_bytes()
    at = raw.index(b'msgstr "', 2000) + len('msgstr "')
    po.write_bytes(raw[:at] + b"\xe9\xe9" + raw[at:])
    line = raw.count(b"\n", 0, at) + 1
    report = _check_fails(root, capsys)
    assert f"locales/pt.po:{line}: byte 0xe9 is not UTF-8" in report, report
    with pytest.raises(CatalogError, match=rf"pt\.po:{line}: byte 0xe9 is not UTF-8"):
        generate(root / "rules", tmp_path / "docs", root / "locales", ["en", "pt"], "en", False)


def test_a_configured_language_without_a_catalog_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path)
    (root / "locales" / "pt.po").unlink()
    report = _check_fails(root, capsys)
    assert "pt: no catalog: mkdocs.yml builds pt, but locales/pt.po does not exist" in report
    generated = generate(root / "rules", tmp_path / "docs", root / "locales", ["en", "pt"],
                         "en", False)
    assert any("pt.po" in p.file and "does not exist" in p.reason for p in generated.problems)


def test_markup_in_translations_reaches_the_page_as_text(tmp_path: Path) -> None:
    root = _project(tmp_path)
    po = root / "locales" / "fr.po"
    _edit(po, HOW, 'msgctxt "heading"\nmsgid "How to play"\nmsgstr "<script>alert(1)</script> '
                   '[x](javascript:alert(1)) {{: .x }} | **Jouer**"')
    docs = tmp_path / "docs"
    generate(root / "rules", docs, root / "locales", ["en", "fr"], "en", False)
    page = (docs / "wood.fr.md").read_text("utf-8")
    assert ("## &lt;script&gt;alert(1)&lt;/script&gt; \\[x\\](javascript:alert(1)) "
            "\\{: .x \\} \\| **Jouer** { #how-to-play }") in page
