"""Broken rules files: each kind of mistake gives an error naming the file, line and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rules_edits import broken, line_of

from patience_gen import cli
from patience_gen.compile.rules import RulesErrors, load_all, load_rules

RULES = Path(__file__).parents[1] / "rules"


CASES = [
    # (kind of mistake, variant, old text, new text, field, line marker, words in the message)
    ("unknown value", "wood", "suit: alternate-colour, wrap", "suit: red-black, wrap",
     "piles.foundation.build.suit", "suit: red-black", "expected one of"),
    ("unknown field", "willow", "    base: ace", "    base: ace\n    colour: red",
     "piles.foundation.colour", "colour: red", "unknown field"),
    ("missing field", "westcliff", "    count: 10\n", "",
     "piles.tableau", "  tableau:", "'count' is a required property"),
    ("wrong type", "thumb-and-pouch", "decks: 1", "decks: one",
     "decks", "decks: one", "not of type 'integer'"),
    ("id differs from file name", "wood", "id: wood", "id: woods",
     "id", "id: woods", "must equal the file name"),
    ("more cards than the decks hold", "willow", "deal: {cards: 6, face_up: all}",
     "deal: {cards: 9, face_up: all}", "piles", "piles:", "the deal asks for 64 cards"),
    ("cards left without a stock", "willow", "deal: {cards: 6, face_up: all}",
     "deal: {cards: 5, face_up: all}", "piles", "piles:", "leaves 4 of 52 cards undealt"),
    ("unknown pile in moves.to", "wood", "moves: {to: [foundation]}",
     "moves: {to: [fan]}", "piles.reserve.moves.to[0]", "moves: {to: [fan]}",
     "the variant has no fan piles"),
    ("unknown pile in spaces.from", "wood", "from: [waste]", "from: [reserve, fan]",
     "piles.tableau.spaces.from[1]", "from: [reserve, fan]", "no fan piles"),
    ("per-pile list of the wrong length", "thumb-and-pouch", "cards: [1, 2, 3, 4, 5, 6, 7]",
     "cards: [1, 2, 3, 4, 5, 6]", "piles.tableau.deal.cards", "cards: [1, 2, 3, 4, 5, 6]",
     "lists 6 piles, but count is 7"),
    ("more face-up cards than dealt", "westcliff", "deal: {cards: 3, face_up: 1}",
     "deal: {cards: 3, face_up: 4}", "piles.tableau.deal.face_up", "face_up: 4",
     "more than the 3 cards dealt"),
    ("dealt kind missing from deal_order", "willow", "deal_order: [tableau, fan]",
     "deal_order: [tableau]", "deal_order", "deal_order:", "must list 'fan'"),
    ("deal_order names a missing kind", "westcliff", "deal_order: [tableau, stock]",
     "deal_order: [reserve, tableau, stock]", "deal_order[0]", "deal_order:",
     "no reserve piles"),
    ("stock not last", "wood", "deal_order: [foundation, reserve, tableau, stock]",
     "deal_order: [foundation, reserve, stock, tableau]", "deal_order", "deal_order:",
     "comes last"),
    ("gather all with the wrong count", "wood", "    count: 8\n    base", "    count: 4\n    base",
     "piles.foundation.count", "count: 4", "count must be 8"),
    ("stock turning to a missing waste", "westcliff", "  waste: {}\n", "",
     "piles.stock.turn.to", "to: waste", "there is none"),
    ("YAML syntax error", "wood", "piles:\n", "piles: [\n",
     "", "    count: 8", "not valid YAML"),
]


@pytest.mark.parametrize(("kind", "variant", "old", "new", "field", "marker", "words"), CASES,
                         ids=[c[0] for c in CASES])
def test_broken_rules_file_names_file_line_and_field(
        tmp_path: Path, kind: str, variant: str, old: str, new: str, field: str, marker: str,
        words: str) -> None:
    path = broken(tmp_path, variant, old, new)
    with pytest.raises(ValueError) as caught:
        load_rules(path)
    message = str(caught.value)
    line = line_of(path, marker)
    assert f"{path}:{line}: " in message, message
    if field:
        assert f": {field}: " in message, message
    assert words in message, message


def test_all_errors_of_a_folder_are_reported_together(tmp_path: Path) -> None:
    broken(tmp_path, "wood", "decks: 2", "decks: many")
    broken(tmp_path, "willow", "count: 4\n    base", "count: 0\n    base")
    with pytest.raises(RulesErrors) as caught:
        load_all(tmp_path)
    assert {e.file for e in caught.value.errors} == {
        str(tmp_path / "wood.yaml"), str(tmp_path / "willow.yaml")}


def test_check_command_fails_and_compile_writes_nothing(tmp_path: Path, capsys) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    for name in ("wood", "willow"):
        shutil.copy(RULES / f"{name}.yaml", rules)
    (rules / "willow.yaml").write_text((rules / "willow.yaml").read_text().replace(
        "rank: same", "rank: equal"))
    out = tmp_path / "out"
    assert cli.main(["check", str(rules)]) == 1
    assert cli.main(["compile", str(rules), "--out", str(out)]) == 1
    assert "willow.yaml:" in capsys.readouterr().err
    assert not out.exists()


def test_check_command_accepts_the_real_rules(capsys) -> None:
    assert cli.main(["check", str(RULES)]) == 0
    assert "wood" in capsys.readouterr().out
