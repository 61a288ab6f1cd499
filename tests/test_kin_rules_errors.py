"""Broken rules files around the kin games' features: each error names file, line and field.

These are the checks that keep a rules file from asking for a fill or a deal that the engine
could never carry out (an automatic fill with nowhere to fill from, a base rank with no card to
take it from, a stock dealt to the tableau but meant to be gone through again).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from kin_support import config, edited_config
from rules_edits import broken, line_of

from patience import Game
from patience_gen.compile.rules import RulesErrors, load_rules

CASES = [
    # (kind of mistake, variant, old text, new text, field, line marker, words in the message)
    ("automatic fill without from", "canfield",
     "spaces: {accepts: any, from: [reserve], automatic: true, otherwise: any}",
     "spaces: {accepts: any, automatic: true}",
     "piles.tableau.spaces.automatic", "automatic: true", "only has a meaning with from"),
    ("while_cards_in without from", "blondes-and-brunettes",
     "spaces: {accepts: any, from: [waste], while_cards_in: [waste, stock], automatic: true}",
     "spaces: {accepts: any, while_cards_in: [waste, stock]}",
     "piles.tableau.spaces.while_cards_in", "while_cards_in", "only has a meaning with from"),
    ("fill from a pile whose cards never go there", "blondes-and-brunettes",
     "from: [waste], while_cards_in", "from: [reserve], while_cards_in",
     "piles.tableau.spaces.from[0]", "from: [reserve]",
     "cards from a reserve never go to a tableau"),
    ("fill from the stock", "blondes-and-brunettes",
     "from: [waste], while_cards_in", "from: [stock], while_cards_in",
     "piles.tableau.spaces.from[0]", "from: [stock]", "stock cards are only turned"),
    ("more cards dealt than a pile holds", "batsford",
     "    count: 1\n    build: {rank: same, suit: any-suit, max_cards: 3",
     "    count: 1\n    deal: {cards: 4}\n    build: {rank: same, suit: any-suit, max_cards: 3",
     "piles.reserve.build.max_cards", "max_cards: 3", "holds at most 3 cards, but 4"),
    ("first-card base with nothing gathered", "canfield",
     "    deal: {gather: one}\n", "",
     "piles.foundation.base", "base: first-card", "deal.gather must be one or all"),
    ("stock dealt to the tableau with a waste", "easthaven",
     "    turn: {cards: 1, to: tableau, passes: 1}\n",
     "    turn: {cards: 1, to: tableau, passes: 1}\n  waste: {}\n",
     "piles.waste", "waste: {}", "would never receive a card"),
    ("stock dealt to the tableau with a redeal", "easthaven",
     "turn: {cards: 1, to: tableau, passes: 1}", "turn: {cards: 1, to: tableau, passes: 2}",
     "piles.stock.turn.passes", "passes: 2", "passes must be 1"),
    ("gather all with the wrong count", "blind-alleys",
     "    count: 4\n    base: ace", "    count: 2\n    base: ace",
     "piles.foundation.count", "count: 2", "count must be 4"),
    ("unknown turn target", "easthaven", "to: tableau", "to: reserve",
     "piles.stock.turn.to", "to: reserve", "expected one of"),
    ("unknown space rule", "klondike", "spaces: {accepts: king}", "spaces: {accepts: queen}",
     "piles.tableau.spaces.accepts", "accepts: queen", "expected one of"),
    ("unknown group rule", "canfield", "moves: {group: whole-pile}", "moves: {group: all}",
     "piles.tableau.moves.group", "group: all", "expected one of"),
]


@pytest.mark.parametrize(("kind", "variant", "old", "new", "field", "marker", "words"), CASES,
                         ids=[c[0] for c in CASES])
def test_broken_kin_rules_name_file_line_and_field(
        tmp_path: Path, kind: str, variant: str, old: str, new: str, field: str, marker: str,
        words: str) -> None:
    path = broken(tmp_path, variant, old, new)
    with pytest.raises(RulesErrors) as caught:
        load_rules(path)
    matching = [e for e in caught.value.errors if e.field == field]
    assert matching, f"no error on {field}: {caught.value}"
    error = matching[0]
    assert error.file == str(path)
    assert error.line == line_of(path, marker)
    assert words in error.message
    assert f"{path}:{error.line}: {field}: " in str(caught.value)


def test_automatic_fill_takes_no_card_that_may_not_go_there() -> None:
    """The engine also holds to a source's `moves.to` when it fills a space by itself."""
    cfg = edited_config("canfield", {"piles.reserve.moves": {"to": ["foundation"]}})
    game = Game(cfg, deal=3, autoplay=True)
    game._piles[game._pile_index("tableau.0")] = []
    game._automatic([], None)
    assert not game.pile("tableau.0").cards
    ok = Game(config("canfield"), deal=3, autoplay=True)
    ok._piles[ok._pile_index("tableau.0")] = []
    ok._automatic([], None)
    assert len(ok.pile("tableau.0").cards) == 1
