"""Language on the pages: plural forms everywhere, and Brazilian Portuguese kept Brazilian."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from site_support import ROOT
from test_page_claims import write_data

from patience_gen.i18n.catalogs import coverage
from patience_gen.i18n.regional import EUROPEAN_ONLY, regional_problems
from patience_gen.i18n.translate import load_catalog
from patience_gen.text.pages import generate

LOCALES = ROOT / "locales"
# "1" followed by a plural noun, in any of the site's languages: "1 cards", "1 cartes", "1 cartas".
ONE_PLURAL = re.compile(
    r"(?<![\d.,])1[\s\u00a0\u202f]+(cards|decks|piles|fans|deals|moves|cartes|jeux|colonnes|"
    r"donnes|éventails|coups|cartas|baralhos|pilhas|colunas|partidas|leques|jogadas)\b")


def test_brazilian_catalog_says_so_and_has_no_european_forms():
    catalog = load_catalog(LOCALES / "pt.po", "pt")
    assert catalog.locale_identifier == "pt_BR"
    assert regional_problems(catalog, "locales/pt.po") == []
    assert not [p for p in coverage(ROOT, "pt").problems if "European" in p.reason]


@pytest.mark.parametrize("text", ["A carregar o jogo…", "Enter pega numa carta e joga-a.",
                                  "assim que fica destapada", "até ao fim da partida"])
def test_the_check_refuses_european_forms_naming_file_line_and_message(tmp_path: Path, text: str):
    po = tmp_path / "pt.po"
    po.write_text((LOCALES / "pt.po").read_text("utf-8").replace(
        'msgstr "Carregando o jogo…"', f'msgstr "{text}"'), "utf-8")
    problems = regional_problems(load_catalog(po, "pt"), "locales/pt.po")
    assert problems, text
    assert problems[0].line and problems[0].msgid == "Loading the game…"
    assert "European Portuguese" in str(problems[0]) and "locales/pt.po:" in str(problems[0])


def test_each_european_form_is_caught_by_its_pattern():
    samples = ["a carregar", "pega numa", "destapada", "ficheiro", "ecrã", "utilizador",
               "registo", "planeamento", "até ao", "à procura de", "toda a gente", "partilhar",
               "baralhar"]
    for sample in samples:
        assert any(p.search(sample) for p, _ in EUROPEAN_ONLY), sample


def test_a_european_catalog_is_not_held_to_brazilian_forms(tmp_path: Path):
    po = tmp_path / "pt.po"
    po.write_text((LOCALES / "pt.po").read_text("utf-8").replace(
        "Language: pt_BR", "Language: pt_PT").replace(
        'msgstr "Carregando o jogo…"', 'msgstr "A carregar o jogo…"'), "utf-8")
    assert regional_problems(load_catalog(po, "pt"), "pt.po") == []


def test_no_page_says_one_with_a_plural_noun(tmp_path: Path):
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    text = (rules / "wood.yaml").read_text("utf-8")
    (rules / "wood.yaml").write_text(text.replace("count: 1\n    deal: {cards: 10",
                                                  "count: 1\n    deal: {cards: 1"), "utf-8")
    # Counts of one wherever a figure can take them: one deal undecided, one won.
    write_data(tmp_path / "data", rules / "wood.yaml", 1, 0, 1)
    write_data(tmp_path / "data", rules / "westcliff.yaml", 199, 0, 1)
    result = generate(rules, tmp_path / "docs", LOCALES, ["en", "fr", "pt"],
                      data_dir=tmp_path / "data")
    assert not result.problems, result.problems
    for path, page in result.pages.items():
        found = ONE_PLURAL.search(re.sub(r"<svg.*?</svg>", "", page))
        assert not found, (path.name, found.group(0))
    assert "won 1 of 2 deals" in result.pages[tmp_path / "docs" / "wood.md"]
