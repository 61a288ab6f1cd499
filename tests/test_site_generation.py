"""Page generation without MkDocs: rule sentences follow the rules, in every language."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
import yaml
from site_support import ROOT

from patience import Game
from patience_gen.compile.rules import compile_rules
from patience_gen.i18n.translate import Translator
from patience_gen.text.examples import fits
from patience_gen.text.pages import generate, load_variants

LANGUAGES = ["en", "fr", "pt"]
LOCALES = ROOT / "locales"


def all_variants() -> dict:
    """Every rules file the repository holds, compiled."""
    return load_variants(ROOT / "rules")


def test_changing_a_rule_changes_the_sentence_in_every_language_and_the_deal(tmp_path: Path):
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    before = generate(rules, tmp_path / "before", LOCALES, LANGUAGES)
    wood = rules / "wood.yaml"
    data = yaml.safe_load(wood.read_text("utf-8"))
    old = Game(compile_rules(data), deal=3)
    wood.write_text(wood.read_text("utf-8").replace("deal: {cards: 10, face_up: all}",
                                                    "deal: {cards: 12, face_up: all}"), "utf-8")
    after = generate(rules, tmp_path / "after", LOCALES, LANGUAGES)
    expected = {"": ("One pile of 10 cards", "One pile of 12 cards"),
                ".fr": ("Une pile de 10 cartes", "Une pile de 12 cartes"),
                ".pt": ("Uma pilha com 10 cartas", "Uma pilha com 12 cartas")}
    for suffix, (was, now) in expected.items():
        old_text = before.pages[tmp_path / "before" / f"wood{suffix}.md"]
        new_text = after.pages[tmp_path / "after" / f"wood{suffix}.md"]
        assert was in old_text and now not in old_text
        assert now in new_text and was not in new_text
    assert not after.problems
    new = Game(compile_rules(yaml.safe_load(wood.read_text("utf-8"))), deal=3)
    assert len(old.pile("reserve.0").cards) == 10
    assert len(new.pile("reserve.0").cards) == 12
    assert len(new.pile("stock.0").cards) == len(old.pile("stock.0").cards) - 2


def test_unchanged_inputs_write_nothing(tmp_path: Path):
    first = generate(ROOT / "rules", tmp_path, LOCALES, LANGUAGES)
    second = generate(ROOT / "rules", tmp_path, LOCALES, LANGUAGES)
    assert first.written and not second.written


def test_stale_generated_pages_are_removed_and_hand_written_ones_kept(tmp_path: Path):
    (tmp_path / "guide.md").write_text("# A hand-written page\n", "utf-8")
    generate(ROOT / "rules", tmp_path, LOCALES, LANGUAGES)
    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy2(ROOT / "rules" / "wood.yaml", rules / "wood.yaml")
    result = generate(rules, tmp_path, LOCALES, LANGUAGES)
    assert (tmp_path / "willow.fr.md") in result.removed
    assert (tmp_path / "guide.md").exists() and (tmp_path / "wood.pt.md").exists()


KIN_SENTENCES = {
    # rule values the launch variants do not use, and the English sentence each gives
    "klondike": ["Only a king, or a group headed by a king, may fill an empty pile.",
                 "as often as you like"],
    "klondike-by-threes": ["puts 3 cards face up on the waste",
                           "Only the top card of the waste may be played."],
    "canfield": ["filled at once, automatically, with the top card from the reserve",
                 "the whole pile at once", "The first card dealt to the foundations sets",
                 "none may be played back", "a king may go on an ace"],
    "chinaman": ["You may go through the stock twice: when it is empty, the waste is turned "
                 "over once to make a new stock.", "up to 1 times"],
    "blind-alleys": ["4 foundations, each of which receives an ace at the deal.",
                     "the aces are taken out of the deck and put there before the deal"],
    "easthaven": ["deals one card face up onto every tableau pile"],
    "batsford": ["Cards build by matching rank in any suit.", "This pile holds at most 3 cards.",
                 "Only a king may fill an empty pile.",
                 "Cards move one at a time, from the top of the pile.",
                 "a tableau pile, or the reserve."],
    "blondes-and-brunettes": ["the stock is turned to provide one",
                              "Once there is no card in the waste or in the stock, any card"],
}


@pytest.mark.parametrize("variant", sorted(KIN_SENTENCES))
def test_rule_values_beyond_the_launch_variants_have_sentences(variant: str, tmp_path: Path):
    result = generate(ROOT / "rules", tmp_path, LOCALES, LANGUAGES)
    english = result.pages[tmp_path / f"{variant}.md"]
    for sentence in KIN_SENTENCES[variant]:
        if sentence == "up to 1 times":
            assert sentence not in english
            continue
        assert sentence in english, (variant, sentence)
    assert not result.problems, result.problems


def test_a_kin_game_without_a_rules_file_is_named_from_its_id(tmp_path: Path):
    rules = tmp_path / "rules"
    rules.mkdir()
    text = (ROOT / "rules" / "wood.yaml").read_text("utf-8")
    text = text.replace("kin: [canfield, blondes-and-brunettes]",
                        "kin: [canfield, lady-of-the-manor]")
    (rules / "wood.yaml").write_text(text, "utf-8")
    shutil.copy2(ROOT / "rules" / "canfield.yaml", rules / "canfield.yaml")
    result = generate(rules, tmp_path / "docs", LOCALES, LANGUAGES)
    for suffix in ("", ".fr", ".pt"):
        page = result.pages[tmp_path / "docs" / f"wood{suffix}.md"]
        assert "[Canfield](canfield.md)" in page and "*Lady of the manor*" in page
    assert not result.problems


def test_a_kind_with_one_pile_is_never_called_one_of_several(tmp_path: Path):
    """One reserve is "the reserve": no "another reserve pile", no "a reserve pile"."""
    result = generate(ROOT / "rules", tmp_path, LOCALES, LANGUAGES)
    anywhere = {"": ("another reserve pile", "a reserve pile"),
                ".fr": ("une autre pile de réserve", "une pile de réserve"),
                ".pt": ("outra pilha da reserva", "uma pilha da reserva")}
    in_section = {"": "each from the top of its pile",
                  ".fr": "chacune prise sur le dessus de sa pile",
                  ".pt": "cada uma tirada de cima da sua pilha"}
    single = [vid for vid, v in result.variants.items()
              if v.config["piles"].get("reserve", {}).get("count") == 1]
    assert len(single) >= 4
    for vid in single:
        for suffix, phrases in anywhere.items():
            text = result.pages[tmp_path / f"{vid}{suffix}.md"]
            section = text[text.index("{ #reserve }"):].split("\n### ")[0]
            for phrase in phrases:
                assert phrase not in text, (vid, suffix, phrase)
            assert in_section[suffix] not in section, (vid, suffix)


@pytest.mark.parametrize("n,fr,pt", [
    (1, "une pile", "uma pilha"), (2, "2 piles", "2 pilhas"), (10, "10 piles", "10 pilhas"),
])
def test_plural_forms(n: int, fr: str, pt: str):
    for lang, expected in (("fr", fr), ("pt", pt)):
        t = Translator.for_language(lang, LOCALES)
        assert t.n_("one pile", "{count} piles", n) == expected
        assert not t.problems


def test_numbers_and_percentages_follow_the_locale():
    fr, pt, en = (Translator.for_language(x, LOCALES) for x in ("fr", "pt", "en"))
    assert fr.percent(20) in ("20\u00a0%", "20\u202f%")
    assert en.percent(99.5) == "99.5%"
    assert pt.percent(99.5) == "99,5%"
    assert fr.number(10400) == "10\u202f400"


@pytest.mark.parametrize("variant", sorted(all_variants()))
def test_build_relation_agrees_with_the_engine(variant: str):
    """Every card the engine lets onto a non-empty pile fits the relation the pages state."""
    config = all_variants()[variant].config
    seen = 0
    for deal in range(5):
        game = Game(config, deal=deal, autoplay=False)
        rng = random.Random(deal)
        for _ in range(100):
            moves = game.legal_moves()
            if not moves:
                break
            for move in moves:
                kind = move.target.split(".")[0]
                build = game.rules[kind].build
                target = game.pile(move.target)
                if move.source.startswith("stock.") or not target.cards or build is None:
                    continue
                if kind == "stock":
                    continue
                card = game.pile(move.source).cards[-move.count]
                assert fits(build.relation, str(target.cards[-1]), str(card)), (
                    variant, deal, move)
                seen += 1
            game.play(rng.choice(moves))
    assert seen > 0
