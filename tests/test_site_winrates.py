"""Measured win rates on the pages: shown if measured under the same rules, else none and a warning.

The data files are written here, in throwaway copies, in the format `patience winrate` writes
(`winrates.measured` reads it), so the tests do not depend on which variants were measured.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
from pathlib import Path

import pytest
from site_support import ROOT, build, copy_project

from patience_gen.text.pages import generate

LANGUAGES = ["en", "fr", "pt"]
MEASURED = {
    # the figures written below (27 of 500 undecided: not settled), as each page must show them
    "": ("a solver won 471 of 500 deals (94.2%)", "could not decide 27 deals"),
    ".fr": ("un solveur a gagné 471 donnes sur 500 (94,2\u00a0%)", "trancher 27 donnes"),
    ".pt": ("um solucionador venceu 471 de 500 partidas (94,2%)", "decidir 27 partidas"),
}
HOME = {"": "won: 471 of 500", ".fr": "471 sur 500", ".pt": "vencidas: 471 de 500"}


def write_data(data_dir: Path, variant: str, rules_file: Path) -> None:
    """A win-rate data file for the variant, measured under the rules file as it is now."""
    data_dir.mkdir(parents=True, exist_ok=True)
    data = {
        "format": 1, "variant": variant, "solver": "thoughtful",
        "command": f"patience winrate {variant} --deals 500",
        "rules_sha256": hashlib.sha256(rules_file.read_bytes()).hexdigest(),
        "date": "2026-11-30", "budget": {"nodes": 200000, "seconds": None},
        "first_deal": 1, "deals": 500, "won": 471, "lost": 2, "undecided": 27,
        "rate_low": 0.942, "rate_high": 0.996,
        "interval": {"confidence": 0.95, "method": "wilson", "low": 0.917944, "high": 0.998902},
    }
    (data_dir / f"{variant}.json").write_text(json.dumps(data), "utf-8")


def normalize(text: str) -> str:
    """Babel may put a narrow or a plain no-break space in French numbers; compare either."""
    return text.replace("\u202f", "\u00a0")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """Two variants' rules, both measured; then one rules file changes, so its data is stale."""
    rules = tmp_path / "rules"
    rules.mkdir()
    for vid in ("wood", "willow"):
        shutil.copy2(ROOT / "rules" / f"{vid}.yaml", rules / f"{vid}.yaml")
        write_data(tmp_path / "data" / "winrates", vid, rules / f"{vid}.yaml")
    willow = rules / "willow.yaml"
    willow.write_text(willow.read_text("utf-8") + "# edited after it was measured\n", "utf-8")
    return tmp_path


def test_pages_show_matching_data_and_not_stale_data(project: Path,
                                                     caplog: pytest.LogCaptureFixture):
    docs = project / "docs"
    with caplog.at_level(logging.WARNING):
        result = generate(project / "rules", docs, ROOT / "locales", LANGUAGES,
                          data_dir=project / "data" / "winrates")
    assert not result.problems, result.problems
    for suffix, phrases in MEASURED.items():
        wood = normalize(result.pages[docs / f"wood{suffix}.md"])
        assert "{: .measured }" in wood
        for phrase in phrases:
            assert normalize(phrase) in wood, (suffix, phrase)
        home = normalize(result.pages[docs / f"index{suffix}.md"])
        assert HOME[suffix] in home
        willow = result.pages[docs / f"willow{suffix}.md"]
        assert "{: .measured }" not in willow and phrases[0] not in willow
    stale = [r.getMessage() for r in caplog.records if "willow" in r.getMessage()]
    assert stale and "other rules" in stale[0]
    assert not [r for r in caplog.records if "wood" in r.getMessage()]


def test_without_a_data_file_a_page_shows_only_the_claim(tmp_path: Path,
                                                          caplog: pytest.LogCaptureFixture):
    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy2(ROOT / "rules" / "willow.yaml", rules / "willow.yaml")
    with caplog.at_level(logging.WARNING):
        result = generate(rules, tmp_path / "docs", ROOT / "locales", LANGUAGES,
                          data_dir=tmp_path / "data" / "winrates")
    text = result.pages[tmp_path / "docs" / "willow.md"]
    assert "players win about 20% of their games" in text and "a solver won" not in text
    assert not caplog.records, "a variant not measured yet is no warning"


def test_the_built_site_shows_the_figure_and_warns_on_stale_data(tmp_path: Path):
    site_project = copy_project(tmp_path / "project")
    for vid in ("wood", "willow"):
        write_data(site_project / "data" / "winrates", vid, site_project / "rules" / f"{vid}.yaml")
    willow = site_project / "rules" / "willow.yaml"
    willow.write_text(willow.read_text("utf-8") + "# edited after it was measured\n", "utf-8")
    result = build(site_project)
    assert result.returncode == 0, result.stderr[-3000:]
    warnings = [line for line in result.stderr.splitlines() if "WARNING" in line]
    assert any("willow" in line and "other rules" in line for line in warnings), warnings
    assert not any("wood" in line for line in warnings), warnings
    site = site_project / "site"
    for lang, suffix in (("en", ""), ("fr", ".fr"), ("pt", ".pt")):
        folder = site if lang == "en" else site / lang
        wood = normalize((folder / "wood" / "index.html").read_text("utf-8"))
        assert 'class="measured"' in wood
        assert all(normalize(p) in wood for p in MEASURED[suffix]), lang
        assert 'class="measured"' not in (folder / "willow" / "index.html").read_text("utf-8")
        assert HOME[suffix] in normalize((folder / "index.html").read_text("utf-8"))
