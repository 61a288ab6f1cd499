"""Figures on the pages say what they count: a claim by its kind, a measurement by what happened.

Claims come from the rules files (`facts.win_rate.measures`: players' wins or winnable deals);
measurements come from the solver's data files, which these tests write themselves.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from pathlib import Path

import pytest
import yaml
from site_support import ROOT

from patience import Game
from patience.rules import rules_of
from patience_gen.i18n.translate import Translator
from patience_gen.text.pages import generate, load_variants
from patience_gen.text.sentences import claim_sentence, play_back_possible, taking_kinds
from patience_gen.text.winrate_text import hides_cards

LANGUAGES = ["en", "fr", "pt"]
LOCALES = ROOT / "locales"
# Words that tie a claim to its kind, in each language; the other kind's words must be absent.
KIND_WORDS = {
    "en": {"players": "players win", "deals": "deals can be won"},
    "fr": {"players": "joueurs gagnent", "deals": "donnes peuvent être gagnées"},
    "pt": {"players": "jogadores ganham", "deals": "partidas podem ser ganhas"},
}
HEDGES = {"en": ("about", "over", "under"), "fr": ("environ", "plus de", "moins de"),
          "pt": ("cerca de", "mais de", "menos de")}


def rules_with_claims() -> dict[str, dict]:
    """Every rules file that claims a win rate, as data."""
    out = {}
    for path in sorted((ROOT / "rules").glob("*.yaml")):
        data = yaml.safe_load(path.read_text("utf-8"))
        if data["facts"].get("win_rate"):
            out[data["id"]] = data
    return out


def test_both_kinds_of_claim_are_in_use():
    kinds = {d["facts"]["win_rate"]["measures"] for d in rules_with_claims().values()}
    assert kinds == {"players", "deals"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("measures", ["players", "deals"])
@pytest.mark.parametrize("qualifier", [None, "about", "over", "under"])
def test_each_claim_is_phrased_by_its_kind_and_keeps_its_hedge(language, measures, qualifier):
    t = Translator.for_language(language, LOCALES)
    claim = {"value": 37, "measures": measures}
    if qualifier:
        claim["qualifier"] = qualifier
    text = claim_sentence(t, claim).casefold()
    assert not t.problems, t.problems
    other = "deals" if measures == "players" else "players"
    assert KIND_WORDS[language][measures] in text and KIND_WORDS[language][other] not in text
    assert "37" in text
    hedges = dict(zip(("about", "over", "under"), HEDGES[language], strict=True))
    for name, word in hedges.items():
        assert (word in text) == (name == qualifier), (language, qualifier, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_launch_pages_quote_each_claim_for_what_it_counts(language, tmp_path: Path):
    result = generate(ROOT / "rules", tmp_path, LOCALES, [language])
    t = Translator.for_language(language, LOCALES)
    suffix = "" if language == "en" else f".{language}"
    for vid, data in rules_with_claims().items():
        page = result.pages[tmp_path / f"{vid}{suffix}.md"]
        claim = data["facts"]["win_rate"]
        other = {**claim, "measures": "deals" if claim["measures"] == "players" else "players"}
        assert claim_sentence(t, claim) in page, (vid, language)
        assert claim_sentence(t, other) not in page, (vid, language)
    assert not result.problems, result.problems


def write_data(data_dir: Path, rules_file: Path, won: int, lost: int, undecided: int) -> None:
    """A data file in the format `patience winrate` writes, measured under the rules as they are."""
    vid = rules_file.stem
    deals = won + lost + undecided
    data_dir.mkdir(parents=True, exist_ok=True)
    data = {
        "format": 1, "variant": vid, "solver": "thoughtful",
        "rules_sha256": hashlib.sha256(rules_file.read_bytes()).hexdigest(),
        "date": "2026-12-01", "budget": {"nodes": 1000, "seconds": None}, "first_deal": 1,
        "deals": deals, "won": won, "lost": lost, "undecided": undecided,
        "rate_low": won / deals, "rate_high": (won + undecided) / deals,
        "interval": {"confidence": 0.95, "method": "wilson", "low": 0.5, "high": 0.9},
    }
    (data_dir / f"{vid}.json").write_text(json.dumps(data), "utf-8")


@pytest.fixture
def measured_project(tmp_path: Path) -> Path:
    """Wood mostly undecided, Westcliff settled with a few undecided, Willow (no hidden cards)."""
    rules = tmp_path / "rules"
    rules.mkdir()
    for vid in ("wood", "westcliff", "willow"):
        shutil.copy2(ROOT / "rules" / f"{vid}.yaml", rules / f"{vid}.yaml")
    data = tmp_path / "data"
    write_data(data, rules / "wood.yaml", 38, 0, 162)
    write_data(data, rules / "westcliff.yaml", 993, 4, 3)
    write_data(data, rules / "willow.yaml", 700, 300, 0)
    return tmp_path


def test_an_unsettled_sample_gives_counts_not_a_rate(measured_project: Path):
    docs = measured_project / "docs"
    result = generate(measured_project / "rules", docs, LOCALES, ["en"],
                      data_dir=measured_project / "data")
    wood = result.pages[docs / "wood.md"]
    assert "won 38 of 200 deals (19%)" in wood
    assert "could not decide 162 deals" in wood and "not a win rate yet" in wood
    assert "confidence interval" not in wood
    home = result.pages[docs / "index.md"]
    row = next(line for line in home.splitlines() if line.startswith("| [Wood]"))
    assert "won: 38 of 200; undecided: 162" in row and "%" not in row.split("</svg>")[-1]


def test_a_settled_sample_gives_the_rate_and_its_interval(measured_project: Path):
    docs = measured_project / "docs"
    result = generate(measured_project / "rules", docs, LOCALES, ["en"],
                      data_dir=measured_project / "data")
    westcliff = result.pages[docs / "westcliff.md"]
    assert "won 993 of 1,000 deals (99.3%; 95% confidence interval: 50% to 90%)" in westcliff
    assert "could not decide 3 deals" in westcliff and "not a win rate" not in westcliff
    home = result.pages[docs / "index.md"]
    row = next(line for line in home.splitlines() if line.startswith("| [Westcliff]"))
    assert "99.3% of 1,000 deals" in row


def why_sentences(t: Translator) -> tuple[str, str]:
    """Why players win less often than a settled figure: with hidden cards, then without."""
    return (t.gettext("Players win less often: the solver tries every line of play and sees "
                      "the face-down cards, which a player cannot."),
            t.gettext("Players win less often: the solver tries every line of play before it "
                      "moves."))


def measured_pages(project: Path, language: str) -> tuple[Translator, dict[str, str]]:
    """The project's game pages in one language, by variant id, with that language's words."""
    docs = project / "docs"
    result = generate(project / "rules", docs, LOCALES, [language], data_dir=project / "data")
    assert not result.problems, result.problems
    suffix = "" if language == "en" else f".{language}"
    pages = {vid: result.pages[docs / f"{vid}{suffix}.md"] for vid in result.variants}
    return Translator.for_language(language, LOCALES), pages


def measured_paragraph(page: str) -> str:
    """The page's paragraph of measured figures (the one marked `.measured`)."""
    before = page.split("\n{: .measured }")[0]
    return before.rsplit("\n\n", 1)[-1].strip()


@pytest.mark.parametrize("language", LANGUAGES)
def test_face_down_cards_are_mentioned_only_where_a_game_has_them(measured_project: Path,
                                                                 language: str):
    t, pages = measured_pages(measured_project, language)
    hidden, shown = why_sentences(t)
    variants = load_variants(measured_project / "rules")
    for vid, hides in (("westcliff", True), ("willow", False)):  # settled samples
        assert hides_cards(variants[vid].config) == hides
        expected, absent = (hidden, shown) if hides else (shown, hidden)
        assert expected in pages[vid] and absent not in pages[vid], (vid, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unsettled_sample_says_only_what_its_counts_prove(measured_project: Path,
                                                             language: str):
    """Wood's 38 won and 162 undecided of 200 put the share of winnable deals between 19 % and
    100 %; nothing compares players with a rate that is not one."""
    write_data(measured_project / "data", measured_project / "rules" / "willow.yaml", 50, 30, 120)
    t, pages = measured_pages(measured_project, language)
    wood, willow = measured_paragraph(pages["wood"]), measured_paragraph(pages["willow"])
    for paragraph in (wood, willow):
        assert not any(why in paragraph for why in why_sentences(t))
    seeing = t.gettext("Still, the counts show that between {low} and {high} of these deals can "
                       "be won by someone who sees every card.")
    plain = t.gettext("Still, the counts show that between {low} and {high} of these deals can "
                      "be won.")
    assert seeing.format(low=t.percent(19), high=t.percent(100)) in wood
    assert plain.format(low=t.percent(25), high=t.percent(85)) in willow
    assert seeing.format(low=t.percent(25), high=t.percent(85)) not in willow


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_sample_with_nothing_decided_gives_no_figure(measured_project: Path, language: str):
    write_data(measured_project / "data", measured_project / "rules" / "wood.yaml", 0, 0, 1000)
    t, pages = measured_pages(measured_project, language)
    wood = measured_paragraph(pages["wood"])
    none = t.ngettext("Measured: a solver could not decide the one deal it tried within its "
                      "search budget, so there is no figure for this game yet.",
                      "Measured: a solver could not decide any of the {count} deals it tried "
                      "within its search budget, so there is no figure for this game yet.", 1000)
    assert wood == none.format(count=t.number(1000))
    docs = measured_project / "docs"
    suffix = "" if language == "en" else f".{language}"
    home = generate(measured_project / "rules", docs, LOCALES, [language],
                    data_dir=measured_project / "data").pages[docs / f"index{suffix}.md"]
    row = next(line for line in home.splitlines() if line.startswith("| [Wood]"))
    cell = t.ngettext("no figure yet: {count} deal undecided",
                      "no figure yet: {count} deals undecided", 1000)
    assert cell.format(count=t.number(1000)) in row
    counts = t.gettext("won: {won} of {deals}; undecided: {undecided}")
    assert counts.split("{won}")[0] not in row


def foundation_moves_seen(config: dict, games: int, seed: int) -> int:
    """How many legal moves off a foundation random play meets, with the page's autoplay on."""
    rng = random.Random(seed)
    seen = 0
    for deal in range(games):
        game = Game(config, deal=deal, autoplay=True)
        for _ in range(400):
            moves = game.legal_moves()
            if not moves or game.is_won:
                break
            seen += sum(m.source.startswith("foundation") for m in moves)
            # Favour moves to the foundations, so that foundations grow and play-backs could arise.
            up = [m for m in moves if m.target.startswith("foundation")]
            game.play(rng.choice(up) if up and rng.random() < 0.7 else rng.choice(moves))
    return seen


@pytest.mark.parametrize("vid", sorted(load_variants(ROOT / "rules")))
def test_a_play_back_rule_is_stated_only_where_the_engine_can_do_it(vid: str):
    variant = load_variants(ROOT / "rules")[vid]
    config = variant.config
    rules = rules_of(config)
    found = rules.foundation
    targets = [k for k in taking_kinds(rules) if k in found.moves.to]
    if found.moves.group == "none" or not targets:
        pytest.skip("no play-back rule to state")
    seen = foundation_moves_seen(config, games=30, seed=7)
    if not play_back_possible(rules, targets):
        assert seen == 0, f"{vid}: the page says no card comes back, but {seen} moves could"
    elif vid in ("westcliff", "klondike", "thumb-and-pouch", "willow"):
        assert seen > 0, f"{vid}: the page states a play-back rule that random play never met"
