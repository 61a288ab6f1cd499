"""The engine refuses bad saved games and bad calls with a clear ValueError, never half-loads."""

from __future__ import annotations

import json
from typing import Any

import pytest

import patience
from patience.saves import MAX_SAVE_CHARS


def _game() -> patience.Game:
    game = patience.Game(patience.load_variant("klondike"), deal=4, autoplay=False)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    game.undo()
    game.undo()
    return game


def _save(**changes: Any) -> str:
    data = json.loads(_game().to_json())
    data.update(changes)
    return json.dumps(data)


def _config(edit: Any) -> dict[str, Any]:
    config = json.loads(_game().to_json())["config"]
    edit(config)
    return config


def test_a_good_save_comes_back_exactly() -> None:
    game = _game()
    again = patience.Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert again.position_key() == game.position_key()
    assert again.redo() and again.redo() and not again.redo()


@pytest.mark.parametrize(("text", "words"), [
    ("{", "not JSON"),
    ("[]", "no known format"),
    ('{"format": 2}', "no known format"),
    ("[" * 100_000 + "]" * 100_000, "not JSON"),
    (_save(autoplay="false"), "autoplay must be true or false"),
    (_save(autoplay=0), "autoplay must be true or false"),
    (_save(deal=-1), "deal must be an integer"),
    (_save(deal=2 ** 63), "deal must be an integer"),
    (_save(deal=True), "deal must be an integer"),
    (_save(deal=3.0), "deal must be an integer"),
    (_save(moves="tableau.0>tableau.1"), "moves must be a list"),
    (_save(moves=[1]), "moves must be a list"),
    (_save(redo=None), "redo must be a list"),
    (_save(moves=["tableau.0>tableau.0"]), "damaged at move 1"),
    (_save(moves=["nonsense"]), "damaged at move 1"),
    (_save(redo=["stock.0>waste.0", "foundation.0>tableau.0"]), "damaged at undone move 2"),
    (_save(config=_config(lambda c: c.update(decks=3))), "the stock holds the 128 cards"),
    (_save(config=_config(lambda c: c["piles"]["tableau"]["deal"]["cards"].pop())),
     "piles.tableau.deal.cards"),
    (_save(config=_config(lambda c: c.update(kinds=["foundation", "tableau", "moon"]))),
     "'moon' is not one of"),
    (_save(config=_config(lambda c: c["piles"].pop("tableau"))), "expected exactly the piles"),
    (_save(config=_config(lambda c: c["piles"]["stock"]["deal"].update(cards=[25]))),
     "the stock holds the 24 cards"),
    (_save(config=[[[[[]]]]] * 3), "not a Patience engine config"),
])
def test_a_bad_save_is_refused_with_the_reason(text: str, words: str) -> None:
    with pytest.raises(ValueError) as caught:
        patience.Game.from_json(text)
    assert words in str(caught.value)


def test_a_huge_or_deeply_nested_save_is_refused_before_parsing() -> None:
    with pytest.raises(ValueError, match="too large"):
        patience.Game.from_json(" " * (MAX_SAVE_CHARS + 1))
    nested = '{"format": 1, "config": ' + "[" * 50_000 + "]" * 50_000 + "}"
    with pytest.raises(ValueError, match="nested too deeply"):
        patience.Game.from_json(nested)
    with pytest.raises(ValueError, match="must be text"):
        patience.Game.from_json(None)  # type: ignore[arg-type]


def test_a_failed_redo_leaves_the_redo_list_as_it_was() -> None:
    game = _game()
    waiting = game.to_json()
    game._redo.append(patience.Move("tableau.0", "tableau.0"))
    with pytest.raises(patience.IllegalMove):
        game.redo()
    assert game._redo[-1] == patience.Move("tableau.0", "tableau.0")
    game._redo.pop()
    assert game.to_json() == waiting


@pytest.mark.parametrize("move", [None, 7, "", ("tableau.0", "tableau.1", 1),
                                  patience.Move("tableau.0", "tableau.1", True),
                                  patience.Move("nowhere.0", "tableau.1"),
                                  patience.Move("tableau.0", "tableau.1", 0)])
def test_play_refuses_what_is_not_a_move(move: Any) -> None:
    game = _game()
    before = game.to_json()
    with pytest.raises(patience.IllegalMove):
        game.play(move)
    assert game.to_json() == before


def test_an_unknown_variant_names_the_known_ones() -> None:
    with pytest.raises(LookupError) as caught:
        patience.load_variant("nope")
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert "'nope'" in message and all(v in message for v in patience.variants())
    for bad in ("../wood", "wood.json", ""):
        with pytest.raises(LookupError):
            patience.load_variant(bad)
