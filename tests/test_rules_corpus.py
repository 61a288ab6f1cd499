"""A corpus of broken and hostile rules files, each run through `patience compile`.

Every case must fail with a message that names the file, the line and the field, with no
traceback, and must leave the output folder exactly as it was.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rules_edits import RULES, line_of

from patience_gen import cli

# (case, variant, old text, new text, field, marker on the line the error names, words)
EDITS = [
    ("duplicate key", "wood", "decks: 2\n", "decks: 2\ndecks: 1\n",
     "decks", "decks: 1", "written twice (first on line"),
    ("duplicate nested key", "westcliff", "    count: 10\n", "    count: 10\n    count: 9\n",
     "piles.tableau.count", "count: 9", "written twice"),
    ("duplicate key in a flow mapping", "westcliff", "{cards: 3, face_up: 1}",
     "{cards: 3, face_up: 1, cards: 4}", "piles.tableau.deal.cards", "cards: 4}",
     "written twice"),
    ("float where an integer is meant", "wood", "decks: 2\n", "decks: 2.0\n",
     "decks", "decks: 2.0", "not of type 'integer'"),
    ("float pile count", "westcliff", "    count: 10\n", "    count: 10.0\n",
     "piles.tableau.count", "count: 10.0", "not of type 'integer'"),
    ("float cards dealt", "westcliff", "{cards: 3, face_up: 1}", "{cards: 3.0, face_up: 1}",
     "piles.tableau.deal.cards", "cards: 3.0", "not a valid value"),
    ("boolean where an integer is meant", "wood", "decks: 2\n", "decks: true\n",
     "decks", "decks: true", "not of type 'integer'"),
    ("NaN", "westcliff", "value: 99,", "value: .nan,",
     "facts.win_rate.value", "value: .nan", "not a number this file can use"),
    ("infinity", "westcliff", "value: 99,", "value: .inf,",
     "facts.win_rate.value", "value: .inf", "not a number this file can use"),
    ("negative infinity", "wood", "decks: 2\n", "decks: -.Inf\n",
     "decks", "decks: -.Inf", "not a number this file can use"),
    ("integer key", "westcliff", "  stock:\n", "  1: x\n  stock:\n",
     "piles", "1: x", "the key '1' is not text"),
    ("boolean key", "westcliff", "  stock:\n", "  yes: x\n  stock:\n",
     "piles", "yes: x", "the key 'yes' is not text"),
    ("null key", "westcliff", "decks: 1\n", "decks: 1\n~: 2\n",
     "", "~: 2", "is not text"),
    ("collection key", "westcliff", "decks: 1\n", "decks: 1\n? [a, b]\n: 2\n",
     "", "? [a, b]", "is not text"),
    ("alias used", "westcliff", "    count: 10\n", "    count: *four\n",
     "", "count: *four", "aliases (*name) are not allowed"),
    ("merge key", "westcliff", "    deal: {cards: 3, face_up: 1}\n",
     "    <<: {count: 10}\n    deal: {cards: 3, face_up: 1}\n", "piles.tableau", "<<:",
     "merge keys"),
    ("date where text is meant", "willow", "inventor: Thomas Warfield", "inventor: 2001-02-03",
     "facts.inventor", "inventor: 2001", "is read as a timestamp"),
    ("binary tag", "willow", "inventor: Thomas Warfield", "inventor: !!binary aGk=",
     "facts.inventor", "inventor: !!binary", "is read as a binary"),
    ("python tag", "willow", "inventor: Thomas Warfield",
     "inventor: !!python/object/apply:os.system [echo hi]",
     "facts.inventor", "inventor: !!python", "is not allowed"),
    ("custom tag", "willow", "inventor: Thomas Warfield", "inventor: !shout Thomas",
     "facts.inventor", "inventor: !shout", "is read as a !shout"),
    ("set tag", "willow", "kin: [batsford, batsford-again, klondike]",
     "kin: !!set {batsford: null}", "facts.kin", "kin: !!set", "is not allowed"),
    ("control character", "willow", "name: Willow", "name: Wil\x07low",
     "", "name: Wil", "is not allowed in YAML"),
    ("tab indentation", "westcliff", "    count: 10\n", "\tcount: 10\n",
     "", "\tcount: 10", "not valid YAML"),
    ("unclosed flow mapping", "westcliff", "{cards: 3, face_up: 1}", "{cards: 3, face_up: 1",
     "", "build: {rank: down", "not valid YAML"),
    ("text where a mapping is meant", "westcliff", "  waste: {}\n", "  waste: big\n",
     "piles.waste", "waste: big", "not of type 'object'"),
    ("script in the name", "wood", "name: Wood\n", "name: Wood<script>alert(1)</script>\n",
     "name", "name: Wood<script>", "'<' is not allowed in a game's name or hook"),
    ("entity in the name", "wood", "name: Wood\n", "name: Wood &lt;/title&gt;\n",
     "name", "name: Wood &lt;", "'&l' is not allowed"),
    ("quote in the hook", "westcliff", "hook: Ten short piles",
     "hook: Ten\" http-equiv=\"refresh short piles", "hook", "http-equiv",
     "'\"' is not allowed"),
    ("deck count too high", "wood", "decks: 2\n", "decks: 9\n",
     "decks", "decks: 9", "is greater than the maximum"),
    ("pile from which no card can leave", "westcliff", "    moves: {group: run}\n",
     "    moves: {group: none}\n", "piles.tableau.moves.group", "moves: {group: none}",
     "no card can ever leave a tableau pile"),
    ("reserve that only feeds the tableau it cannot reach from", "wood",
     "moves: {to: [foundation]}", "moves: {group: none}", "piles.reserve.moves.group",
     "moves: {group: none}", "no card can ever leave a reserve pile"),
    ("waste whose cards go nowhere", "westcliff", "  waste: {}\n",
     "  waste: {moves: {group: none}}\n", "piles.waste.moves.group", "waste: {moves",
     "no card can ever leave a waste pile"),
    ("foundations that build down from the ace", "westcliff",
     "    build: {rank: up, suit: same-suit}\n    moves",
     "    build: {rank: down, suit: same-suit}\n    moves",
     "piles.foundation.build", "build: {rank: down", "can hold at most 1 card(s)"),
    ("foundations with too little room", "westcliff",
     "    build: {rank: up, suit: same-suit}\n    moves",
     "    build: {rank: up, suit: same-suit, max_cards: 12}\n    moves",
     "piles.foundation.build", "max_cards: 12", "hold 48 of the 52 cards"),
    ("a free-cell limit on single cards", "eight-off", "    moves: {group: single}\n",
     "    moves: {group: single, limit: free-cells}\n", "piles.tableau.moves.limit",
     "limit: free-cells", "it needs group: run, not single"),
    ("a free-cell limit on a run unlike the build", "freecell",
     "    moves: {group: run, limit: free-cells}\n",
     "    moves: {group: run, run: {rank: down, suit: any-suit}, limit: free-cells}\n",
     "piles.tableau.moves.limit", "limit: free-cells", "the pile's own build rule"),
    ("an unknown limit", "freecell", "limit: free-cells", "limit: free-spaces",
     "piles.tableau.moves.limit", "limit: free-spaces", "expected one of 'none', 'free-cells'"),
    ("first-card foundations that cannot wrap", "wood",
     "build: {rank: up, suit: alternate-colour, wrap: true, max_cards: 13}",
     "build: {rank: up, suit: alternate-colour, max_cards: 13}",
     "piles.foundation.build", "build: {rank: up, suit: alternate-colour, max",
     "can hold at most 1 card(s)"),
    ("unknown rearrangement at the deal", "bakers-dozen", "rearrange: kings-to-bottom",
     "rearrange: kings-to-top", "piles.tableau.deal.rearrange", "rearrange: kings-to-top",
     "expected one of 'none', 'kings-to-bottom'"),
    ("rearranging piles of one card", "bakers-dozen", "{cards: 4, rearrange",
     "{cards: 1, rearrange", "piles.tableau.deal.rearrange", "{cards: 1, rearrange",
     "changes nothing where no pile is dealt two cards"),
    ("more cards gathered than foundations", "bakers-dozen", "    base: ace\n",
     "    base: ace\n    deal: {gather: 5}\n", "piles.foundation.deal.gather", "{gather: 5}",
     "gathers 5 cards, one to a foundation, but there are only 4 foundations"),
    ("a number gathered for a first-card base", "wood", "deal: {gather: all}",
     "deal: {gather: 8}", "piles.foundation.deal.gather", "{gather: 8}",
     "gathered only for an ace or king base"),
    ("a gathered count in words", "bakers-dozen", "    base: ace\n",
     "    base: ace\n    deal: {gather: two}\n", "piles.foundation.deal.gather", "{gather: two}",
     "'two' is not a valid value here"),
    ("complete runs on a tableau", "spider", "build: {rank: down, suit: any-suit}",
     "build: {rank: down, suit: any-suit, complete_runs: true}",
     "piles.tableau.build.complete_runs", "suit: any-suit, complete_runs",
     "only foundations take complete runs"),
    ("complete runs up from a king", "spider", "    base: king\n", "    base: ace\n",
     "piles.foundation.build.complete_runs", "suit: same-suit, complete_runs",
     "a complete run is a suit's 13 cards in order"),
    ("complete runs in alternate colours", "spider",
     "build: {rank: down, suit: same-suit, complete_runs: true}",
     "build: {rank: down, suit: alternate-colour, complete_runs: true}",
     "piles.foundation.build.complete_runs", "alternate-colour, complete_runs",
     "a complete run is a suit's 13 cards in order"),
    ("complete runs that no group can bring", "spider",
     "moves: {group: run, run: {rank: down, suit: same-suit}}", "moves: {group: single}",
     "piles.foundation.build.complete_runs", "suit: same-suit, complete_runs",
     "some pile needs moves.group run or face-up"),
    ("a waste-turning stock that waits for spaces", "klondike",
     "turn: {cards: 1, to: waste, passes: unlimited}",
     "turn: {cards: 1, to: waste, passes: unlimited, blocked_by_spaces: true}",
     "piles.stock.turn.blocked_by_spaces", "blocked_by_spaces: true",
     "only a stock that deals to the tableau"),
    ("face-up counts for too few piles", "scorpion", "face_up: [4, 4, 4, 4, 7, 7, 7]",
     "face_up: [4, 4, 4, 7, 7, 7]", "piles.tableau.deal.face_up", "face_up: [4, 4, 4, 7",
     "lists 6 piles, but count is 7"),
    ("more face-up cards than a pile is dealt", "scorpion", "face_up: [4, 4, 4, 4, 7, 7, 7]",
     "face_up: [4, 4, 4, 4, 7, 7, 8]", "piles.tableau.deal.face_up[6]",
     "face_up: [4, 4, 4, 4, 7, 7, 8]", "8 face-up cards is more than the 7 cards dealt"),
    ("three suits", "spider", "decks: 2\n", "decks: 2\nsuits: [clubs, hearts, spades]\n",
     "suits", "suits: [clubs", "is too long"),
    ("a suit that does not exist", "spider", "decks: 2\n", "decks: 2\nsuits: [stars]\n",
     "suits[0]", "suits: [stars]", "expected one of"),
    ("a suit written twice", "spider", "decks: 2\n", "decks: 2\nsuits: [spades, spades]\n",
     "suits", "suits: [spades, spades]", "non-unique"),
    ("a stock turned onto the foundation twice", "golf", "to: foundation, passes: 1",
     "to: foundation, passes: 2", "piles.stock.turn.passes", "passes: 2", "passes must be 1"),
    ("a stock turned onto one of several foundations", "golf",
     "  foundation:\n    count: 1\n", "  foundation:\n    count: 4\n", "piles.stock.turn.to",
     "to: foundation", "there must be exactly one"),
    ("no base rank to gather", "golf", "deal: {gather: one}", "deal: {gather: all}",
     "piles.foundation.deal.gather", "gather: all", "no base rank"),
    ("building both ways misspelt", "golf", "rank: up-or-down", "rank: up-and-down",
     "piles.foundation.build.rank", "rank: up-and-down", "expected one of"),
    ("a start card beside gathered cards", "black-hole", "deal: {start_card: AS}",
     "deal: {start_card: AS, gather: one}", "piles.foundation.deal.start_card",
     "start_card: AS, gather", "deal.gather must be none"),
    ("a start card of another rank than the base", "black-hole", "start_card: AS",
     "start_card: KS", "piles.foundation.deal.start_card", "start_card: KS",
     "cannot start a foundation whose base is ace"),
    ("a start card that is no card", "black-hole", "start_card: AS", "start_card: AX",
     "piles.foundation.deal.start_card", "start_card: AX", "'AX'"),
]

# (case, file name, bytes, line, field, words): whole files, for what an edit cannot show
WHOLE = [
    ("not UTF-8", "wood.yaml", b"id: wood\nname: W\xe9od\n", 2, "", "is not UTF-8"),
    ("UTF-16", "wood.yaml", "id: wood\n".encode("utf-16"), 1, "", "is not UTF-8"),
    ("billion laughs", "wood.yaml",
     b"a: &a [x, x, x, x, x, x, x, x, x]\n"
     + b"".join(b"%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n"
                % ((98 + i,) * 2 + (97 + i,) * 9) for i in range(8)),
     2, "", "aliases (*name) are not allowed"),
    ("deep nesting in flow style", "wood.yaml", b"id: " + b"[" * 5000 + b"]" * 5000 + b"\n",
     1, "", "nested more than"),
    ("deep nesting in block style", "wood.yaml",
     b"".join(b"  " * i + b"k:\n" for i in range(200)), 32, "", "nested more than"),
    ("empty file", "wood.yaml", b"", 1, "", "expected a mapping"),
    ("a list, not a mapping", "wood.yaml", b"- id: wood\n", 1, "", "expected a mapping"),
    ("two documents", "wood.yaml", b"id: wood\n---\nid: wood\n", 2, "", "not valid YAML"),
    ("huge file", "wood.yaml", b"id: wood\n" + b"#" * 1_100_000 + b"\n", None, "",
     "a rules file is at most"),
]


def _folder(tmp_path: Path) -> tuple[Path, Path]:
    rules = tmp_path / "rules"
    rules.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.json").write_text('{"mine": true}\n')
    return rules, out


def _compile_fails(rules: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> str:
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert cli.main(["check", str(rules)]) == 1
    assert cli.main(["compile", str(rules), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    return err


@pytest.mark.parametrize(("case", "variant", "old", "new", "field", "marker", "words"), EDITS,
                         ids=[c[0] for c in EDITS])
def test_broken_rules_are_refused_naming_file_line_and_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, variant: str, old: str,
        new: str, field: str, marker: str, words: str) -> None:
    rules, out = _folder(tmp_path)
    text = (RULES / f"{variant}.yaml").read_text("utf-8")
    assert old in text, old
    path = rules / f"{variant}.yaml"
    path.write_text(text.replace(old, new, 1), "utf-8")
    err = _compile_fails(rules, out, capsys)
    line = line_of(path, marker)
    assert f"{path}:{line}: {field or '(top level)'}: " in err, err
    assert words in err, err


@pytest.mark.parametrize(("case", "name", "data", "line", "field", "words"), WHOLE,
                         ids=[c[0] for c in WHOLE])
def test_hostile_files_are_refused_quickly_naming_the_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, name: str, data: bytes,
        line: int | None, field: str, words: str) -> None:
    rules, out = _folder(tmp_path)
    (rules / name).write_bytes(data)
    err = _compile_fails(rules, out, capsys)
    where = f"{rules / name}:{line}: " if line else f"{rules / name}: "
    assert f"{where}{field or '(top level)'}: " in err, err
    assert words in err, err


def test_yml_file_is_reported_not_skipped(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    rules, out = _folder(tmp_path)
    shutil.copy(RULES / "wood.yaml", rules)
    shutil.copy(RULES / "willow.yaml", rules / "willow.yml")
    err = _compile_fails(rules, out, capsys)
    assert f"{rules / 'willow.yml'}: (top level): rules files end in .yaml" in err, err


def test_empty_rules_folder_is_an_error_and_deletes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules, out = _folder(tmp_path)
    shutil.copy(RULES / "wood.yaml", rules)
    assert cli.main(["compile", str(rules), "--out", str(out)]) == 0
    (rules / "wood.yaml").unlink()
    err = _compile_fails(rules, out, capsys)
    assert f"{rules}: (top level): the folder holds no rules files" in err, err
    assert (out / "wood.json").exists()


def test_every_error_of_a_file_is_reported_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules, out = _folder(tmp_path)
    text = (RULES / "westcliff.yaml").read_text("utf-8")
    text = text.replace("decks: 1\n", "decks: 1\ndecks: 1\n").replace("value: 99", "value: .nan")
    (rules / "westcliff.yaml").write_text(text)
    err = _compile_fails(rules, out, capsys)
    assert "written twice" in err and "not a number" in err, err


def test_check_runs_as_a_command_without_a_traceback(tmp_path: Path) -> None:
    rules, _ = _folder(tmp_path)
    (rules / "wood.yaml").write_bytes(b"a: &a [x]\nb: [*a, *a]\n")
    done = subprocess.run([sys.executable, "-m", "patience_gen", "check", str(rules)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.startswith(f"{rules / 'wood.yaml'}:2: "), done.stderr
    assert "Traceback" not in done.stderr
