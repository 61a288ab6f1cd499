"""The pages are written, not copied: no run of eight words from the launch games' sources.

The sources are plain-text copies of public rules pages under `tests/sources/` (see its
README). Every generated page in every language is compared with them after normalising case,
punctuation and spacing; and Wood's description, whose source is short, must not follow it
sentence by sentence.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml
from site_support import ROOT

from patience_gen.text.pages import generate, paragraphs_of

SOURCES = Path(__file__).parent / "sources"
RUN = 8
LAUNCH = ("westcliff", "thumb-and-pouch", "willow", "wood")


def words(text: str) -> list[str]:
    """Lower-case words, punctuation and accents' spacing normalised, markup dropped."""
    text = re.sub(r"<[^>]+>|\{:[^}]*\}|\[([^\]]*)\]\([^)]*\)", r" \1 ", text)
    text = unicodedata.normalize("NFKC", text).casefold().replace("’", "'")
    return re.findall(r"[\w']+", text)


def runs(tokens: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


def source_texts() -> dict[str, str]:
    """Each stored source, without its address line."""
    out = {}
    for path in sorted(SOURCES.glob("*.txt")):
        lines = path.read_text("utf-8").splitlines()
        assert lines[0].startswith("Source: http"), f"{path.name} must start with its address"
        out[path.name] = "\n".join(lines[1:])
    return out


def test_every_launch_game_has_a_stored_source():
    names = source_texts()
    for vid in LAUNCH:
        assert any(name.startswith(f"{vid}-") for name in names), vid


def test_no_page_repeats_eight_words_of_a_source(tmp_path: Path):
    banned: dict[tuple[str, ...], str] = {}
    for name, text in source_texts().items():
        for run in runs(words(text)):
            banned.setdefault(run, name)
    result = generate(ROOT / "rules", tmp_path, ROOT / "locales", ["en", "fr", "pt"])
    assert len(result.pages) > 3 * len(LAUNCH)
    for path, page in result.pages.items():
        body = re.sub(r"<svg.*?</svg>", " ", page, flags=re.S)
        copied = sorted(runs(words(body)) & banned.keys())
        assert not copied, (path.name, " ".join(copied[0]), banned[copied[0]])


def test_the_check_catches_a_copied_run(tmp_path: Path):
    text = source_texts()["westcliff-gambiter.txt"]
    sample = "Intro. " + " ".join(words(text)[10:20]) + "."
    assert runs(words(sample)) & runs(words(text))


def sentences(text: str) -> list[set[str]]:
    """Each sentence's content words (four letters or more)."""
    return [{w for w in words(s) if len(w) >= 4} for s in re.split(r"(?<=[.!?])\s+", text)
            if s.strip()]


@pytest.mark.parametrize("vid", LAUNCH)
def test_descriptions_do_not_paraphrase_their_source_sentence_by_sentence(vid: str):
    data = yaml.safe_load((ROOT / "rules" / f"{vid}.yaml").read_text("utf-8"))
    ours = [s for p in paragraphs_of(data["description"]) for s in sentences(p)]
    theirs = [s for name, text in source_texts().items() if name.startswith(f"{vid}-")
              for s in sentences(text)]
    close = 0
    for mine in ours:
        best = max((len(mine & other) / len(mine | other) for other in theirs if other),
                   default=0.0)
        close += best >= 0.5
    assert close * 3 < len(ours), f"{vid}: {close} of {len(ours)} sentences follow a source's"
