"""Catalogs: complete, extracted from every source, fuzzy on change, strict about problems."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from site_support import ROOT, build, copy_project

from patience_gen.compile.rules import load_all
from patience_gen.i18n import catalogs
from patience_gen.text.pages import paragraphs_of


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_catalogs_are_complete_and_consistent(lang: str):
    report = catalogs.coverage(ROOT, lang)
    assert report.total > 100
    assert (report.fuzzy, report.missing, report.problems) == (0, 0, [])


def test_committed_template_is_up_to_date():
    extracted = {(m.context, m.id) for m in catalogs.extract(ROOT) if m.id}
    with (ROOT / "locales" / "messages.pot").open("rb") as handle:
        committed = {(m.context, m.id) for m in read_po(handle) if m.id}
    assert extracted == committed, "run: python -m patience_gen i18n update"


def test_rules_prose_is_extracted_with_file_and_line():
    template = catalogs.extract(ROOT)
    for vid, (rules, _) in load_all(ROOT / "rules").items():
        data = rules.data
        name = template.get(data["name"], context="game name")
        assert name is not None
        hook = template.get(" ".join(data["hook"].split()), context=f"{vid} hook")
        assert hook is not None
        assert (f"rules/{vid}.yaml", rules.line(("hook",))) in hook.locations
        for paragraph in paragraphs_of(data["description"]):
            assert template.get(paragraph, context=f"{vid} description") is not None


def test_changed_source_becomes_fuzzy(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    project = copy_project(tmp_path / "project")
    wood = project / "rules" / "wood.yaml"
    wood.write_text(wood.read_text("utf-8").replace(
        "only the waste can fill a gap.", "only the waste can fill an empty pile."), "utf-8")
    assert catalogs.main(["--root", str(project), "update"]) == 0
    with (project / "locales" / "fr.po").open("rb") as handle:
        fr = read_po(handle)
    hook = " ".join(re.search(r"^hook: (.*)$", wood.read_text("utf-8"), re.M).group(1).split())
    message = fr.get(hook, context="wood hook")
    assert message is not None and message.fuzzy
    # The previous English text stays in the catalog for the translator to compare.
    text = (project / "locales" / "fr.po").read_text("utf-8")
    assert re.search(r'#\| msgid "Eight foundations[^#]*\n#\| gap\."', text)
    capsys.readouterr()
    assert catalogs.main(["--root", str(project), "check"]) == 1
    out = capsys.readouterr().out
    assert "fr: " in out and "1 fuzzy" in out
    assert re.search(r"locales/fr\.po:\d+: fuzzy: msgid 'wood hook\|", out)


def _set_translation(po: Path, msgid: str, new: str, *, fuzzy: bool = False) -> int:
    """Change one single-line entry of a .po file; return the line of its msgid."""
    lines = po.read_text("utf-8").splitlines()
    i = lines.index(f'msgid "{msgid}"')
    assert lines[i + 1].startswith("msgstr ")
    lines[i + 1] = f'msgstr "{new}"'
    if fuzzy:
        j = i - 1 if lines[i - 1].startswith("msgctxt") else i
        lines.insert(j, "#, fuzzy")
        i += 1
    po.write_text("\n".join(lines) + "\n", "utf-8")
    return i + 1


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A project copy where a translator edited fr.po and left a pt.po entry fuzzy."""
    project = copy_project(tmp_path_factory.mktemp("edited") / "project")
    _set_translation(project / "locales" / "fr.po", "How to play", "Règles du jeu")
    line = _set_translation(project / "locales" / "pt.po", "Cards build {order} {suits}.",
                            "As cartas colocam-se {order}, {suits}.", fuzzy=True)
    return project, line


def test_translators_edit_shows_and_fuzzy_falls_back_with_a_warning(edited: tuple[Path, int]):
    project, line = edited
    result = build(project)
    assert result.returncode == 0, result.stderr[-3000:]
    site = project / "site"
    assert "Règles du jeu" in (site / "fr" / "wood" / "index.html").read_text("utf-8")
    portuguese = (site / "pt" / "wood" / "index.html").read_text("utf-8")
    assert "Cards build down in alternate colours." not in portuguese  # parts still translated
    assert "As cartas colocam-se" not in portuguese
    assert "Cards build em ordem decrescente alternando vermelho e preto." in portuguese
    assert f"locales/pt.po:{line}: fuzzy: msgid 'Cards build {{order}} {{suits}}.'" in result.stderr


def test_strict_build_fails_naming_catalog_line_and_msgid(edited: tuple[Path, int]):
    project, line = edited
    result = build(project, strict=True)
    assert result.returncode != 0
    assert "translation problem(s) in a strict build" in result.stderr
    assert f"locales/pt.po:{line}: fuzzy: msgid 'Cards build {{order}} {{suits}}.'" in result.stderr


def test_placeholder_mismatch_is_reported_and_not_used(tmp_path: Path):
    project = copy_project(tmp_path / "project")
    line = _set_translation(project / "locales" / "fr.po", "Related games: {games}.",
                            "Jeux apparentés\u00a0: {jeux}.")
    report = catalogs.coverage(project, "fr")
    assert [str(p) for p in report.problems] == [
        f"locales/fr.po:{line}: placeholder {{jeux}} is not in the source: "
        "msgid 'Related games: {games}.'"
    ]
    result = build(project, strict=True)
    assert result.returncode != 0
    assert f"locales/fr.po:{line}: placeholder {{jeux}} is not in the source" in result.stderr


def test_unreadable_catalog_fails_the_build_naming_the_file(tmp_path: Path):
    project = copy_project(tmp_path / "project")
    po = project / "locales" / "fr.po"
    po.write_text(po.read_text("utf-8") + '\nmsgid "dangling\n', "utf-8")
    result = build(project)
    assert result.returncode != 0
    assert "fr.po" in result.stderr and "cannot read the catalog" in result.stderr


def test_a_new_language_is_one_catalog_and_one_config_entry(tmp_path: Path):
    project = copy_project(tmp_path / "project")
    assert catalogs.main(["--root", str(project), "init", "de"]) == 0
    _set_translation(project / "locales" / "de.po", "How to play", "Spielanleitung")
    config = project / "mkdocs.yml"
    text = config.read_text("utf-8")
    entry = "        - locale: pt\n"
    assert entry in text
    config.write_text(text.replace(entry, "        - locale: de\n          name: Deutsch\n"
                                          "          build: true\n" + entry), "utf-8")
    result = build(project)
    assert result.returncode == 0, result.stderr[-3000:]
    page = (project / "site" / "de" / "wood" / "index.html").read_text("utf-8")
    assert '<html lang="de"' in page
    assert "Spielanleitung" in page
    assert (project / "site" / "de" / "index.html").exists()
