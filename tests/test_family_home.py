"""The home page groups the games by family, with each family's summary, in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from site_support import ROOT

from patience_gen.i18n.translate import Translator
from patience_gen.text.pages import generate, load_variants
from patience_gen.text.sentences import family_heading, family_summary

LANGUAGES = {"en": "", "fr": ".fr", "pt": ".pt"}


@pytest.fixture(scope="module")
def homes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    docs = tmp_path_factory.mktemp("docs")
    result = generate(ROOT / "rules", docs, ROOT / "locales", list(LANGUAGES))
    return {lang: result.pages[docs / f"index{suffix}.md"] for lang, suffix in LANGUAGES.items()}


def _sections(text: str) -> dict[str, str]:
    """Each family section's anchor and its text up to the next section."""
    parts = re.split(r"^## .*\{ #([a-z-]+) \}$", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_game_is_listed_once_under_its_own_family(homes: dict[str, str], lang: str) -> None:
    site = load_variants(ROOT / "rules")
    sections = _sections(homes[lang])
    assert set(sections) == {v.rules["facts"]["family"] for v in site.values()}
    for vid, variant in site.items():
        holders = [f for f, text in sections.items() if f"]({vid}.md)" in text]
        assert holders == [variant.rules["facts"]["family"]], vid


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_section_has_its_heading_and_summary_in_the_page_language(
    homes: dict[str, str], lang: str
) -> None:
    t = Translator.for_language(lang, ROOT / "locales")
    text = homes[lang]
    for family in _sections(text):
        assert f"## {family_heading(t, family)} {{ #{family} }}" in text
        assert family_summary(t, family) in _sections(text)[family]
    if lang != "en":
        english = Translator.for_language("en", ROOT / "locales")
        assert family_summary(english, "forty-thieves") not in text
    assert not t.problems


def test_a_new_family_gets_its_section_from_a_rules_file_alone(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    source = (ROOT / "rules" / "forty-thieves.yaml").read_text("utf-8")
    (rules / "forty-thieves.yaml").write_text(source, "utf-8")
    (rules / "klondike.yaml").write_text((ROOT / "rules" / "klondike.yaml").read_text("utf-8"))
    result = generate(rules, tmp_path / "docs", ROOT / "locales", ["en"])
    sections = _sections(result.pages[tmp_path / "docs" / "index.md"])
    assert list(sections) == ["klondike", "forty-thieves"]
