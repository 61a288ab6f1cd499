"""docs/design.md facts for Canfield and Blondes and Brunettes, against the engine."""

from __future__ import annotations

import pytest
from kin_support import arrange, ids, moves, new_game, show

from patience import IllegalMove, Move

# -- Canfield -------------------------------------------------------------------------------


@pytest.mark.parametrize("deal", [0, 1, 7, 123])
def test_canfield_deal(deal: int) -> None:
    game = new_game("canfield", deal=deal)
    reserve = game.pile("reserve.0").cards
    assert len(reserve) == 13
    assert reserve[-1].face_up and not any(c.face_up for c in reserve[:-1])
    first = game.pile("foundation.0").cards
    assert len(first) == 1 and first[0].face_up
    assert game.base_rank == first[0].rank
    assert all(not game.pile(f).cards for f in ids(game, "foundation")[1:])
    assert [len(game.pile(t).cards) for t in ids(game, "tableau")] == [1, 1, 1, 1]
    assert all(game.pile(t).cards[0].face_up for t in ids(game, "tableau"))
    assert len(game.pile("stock.0").cards) == 34
    assert not game.pile("waste.0").cards


def test_canfield_base_rank_comes_from_the_deal() -> None:
    assert len({new_game("canfield", deal=d).base_rank for d in range(40)}) > 5


def test_canfield_foundations_start_at_the_base_rank_and_wrap() -> None:
    game = new_game("canfield")
    base = game.base_rank
    ranks = "A23456789TJQK"
    below = ranks[base - 2]  # the rank under the base, reached last by wrapping
    arrange(game, {"foundation.1": "", "tableau.0": f"{ranks[base - 1]}D",
                   "tableau.1": f"{below}D", "tableau.2": f"{ranks[base % 13]}C"})
    legal = moves(game)
    assert "tableau.0>foundation.1" in legal
    assert "tableau.1>foundation.1" not in legal
    assert "tableau.2>foundation.1" not in legal
    full = " ".join(f"{ranks[(base - 1 + i) % 13]}S" for i in range(12))
    arrange(game, {"foundation.2": full, "tableau.3": f"{below}S"})
    assert "tableau.3>foundation.2" in moves(game)
    game.play("tableau.3>foundation.2")
    assert len(game.pile("foundation.2").cards) == 13


def test_canfield_foundation_cards_are_not_played_back() -> None:
    game = new_game("canfield")
    arrange(game, {"foundation.0": "5S 6S", "tableau.0": "7D"})
    assert not any(m.startswith("foundation.") for m in moves(game))
    assert "never leave" in game.why_illegal(Move("foundation.0", "tableau.0"))


def test_canfield_reserve_plays_to_tableau_or_foundation_and_takes_nothing() -> None:
    game = new_game("canfield")
    arrange(game, {"reserve.0": "#2C #3C 6H", "tableau.0": "7S", "tableau.1": "5C",
                   "waste.0": "5S"})
    legal = moves(game)
    assert "reserve.0>tableau.0" in legal
    assert "tableau.1>reserve.0" not in legal
    assert "waste.0>reserve.0" not in legal
    game.play("reserve.0>tableau.0")
    assert show(game, "reserve.0") == "#2C 3C"


def test_canfield_tableau_builds_down_in_alternate_colours_wrapping() -> None:
    game = new_game("canfield")
    arrange(game, {"tableau.0": "AS", "tableau.1": "KH", "tableau.2": "KC", "tableau.3": "QD"})
    legal = moves(game)
    assert "tableau.1>tableau.0" in legal  # a King on an Ace
    assert "tableau.2>tableau.0" not in legal
    assert "tableau.3>tableau.2" in legal


def test_canfield_moves_the_top_card_or_the_whole_pile() -> None:
    game = new_game("canfield")
    arrange(game, {"tableau.0": "9C 8H 7S", "tableau.1": "8D", "tableau.2": "TD",
                   "tableau.3": "KS"})
    legal = moves(game)
    assert "tableau.0>tableau.2x3" in legal
    assert "tableau.0>tableau.1x2" not in legal
    assert "group that moves" in game.why_illegal(Move("tableau.0", "tableau.2", 2))
    arrange(game, {"tableau.1": "9S"})  # 8H fits on 9S, yet 8H 7S is not the whole pile
    assert "tableau.0>tableau.1x2" not in moves(game)


def test_canfield_space_is_filled_from_the_reserve_automatically() -> None:
    game = new_game("canfield", deal=3, autoplay=True)
    arrange(game, {"tableau.0": "5C", "tableau.1": "6H", "reserve.0": "#2C #9S JD"})
    game.play("tableau.0>tableau.1")
    assert show(game, "tableau.0") == "JD"
    assert show(game, "reserve.0") == "#2C 9S"
    assert game.undo()
    assert show(game, "tableau.0") == "5C" and show(game, "reserve.0") == "#2C #9S JD"


def test_canfield_space_fill_is_the_players_move_without_autoplay() -> None:
    game = new_game("canfield", deal=3)
    arrange(game, {"tableau.0": "", "reserve.0": "#2C JD", "waste.0": "QS"})
    legal = moves(game)
    assert "reserve.0>tableau.0" in legal
    assert "waste.0>tableau.0" not in legal
    assert "only from the reserve" in game.why_illegal(Move("waste.0", "tableau.0"))


def test_canfield_once_the_reserve_is_empty_any_card_fills_a_space() -> None:
    game = new_game("canfield", deal=3, autoplay=True)
    arrange(game, {"tableau.0": "5C", "tableau.1": "6H", "tableau.2": "9D 8S",
                   "reserve.0": "", "waste.0": "QS"})
    game.play("tableau.0>tableau.1")
    assert show(game, "tableau.0") == ""
    legal = moves(game)
    assert {"waste.0>tableau.0", "tableau.1>tableau.0", "tableau.2>tableau.0x2"} <= legal


def test_canfield_stock_three_at_a_time_unlimited_passes() -> None:
    game = new_game("canfield", deal=9)
    assert game.passes_left is None
    order = show(game, "stock.0")
    for _ in range(3):
        turned = []
        while game.pile("stock.0").cards:
            move = next(m for m in game.legal_moves() if m.source == "stock.0")
            turned.append(move.count)
            game.play(move)
        assert turned == [3] * 11 + [1]
        game.play("waste.0>stock.0x34")
        assert show(game, "stock.0") == order


# -- Blondes and Brunettes ------------------------------------------------------------------


@pytest.mark.parametrize("deal", [0, 2, 31])
def test_blondes_deal(deal: int) -> None:
    game = new_game("blondes-and-brunettes", deal=deal)
    assert len(ids(game, "foundation")) == 8
    reserve = game.pile("reserve.0").cards
    assert len(reserve) == 10 and all(c.face_up for c in reserve)
    assert [len(game.pile(t).cards) for t in ids(game, "tableau")] == [1] * 9
    assert all(game.pile(t).cards[0].face_up for t in ids(game, "tableau"))
    first = game.pile("foundation.0").cards
    assert len(first) == 1 and game.base_rank == first[0].rank
    assert all(not game.pile(f).cards for f in ids(game, "foundation")[1:])
    assert len(game.pile("stock.0").cards) == 84
    assert game.passes_left == 0


def test_blondes_base_card_is_the_first_after_the_tableau() -> None:
    """The deck order is reserve, tableau, then one card to the foundations."""
    from patience.rng import shuffled
    from patience_gen.compile.rules import CARDS_PER_DECK

    game = new_game("blondes-and-brunettes", deal=5)
    deck = shuffled(list(range(CARDS_PER_DECK)) * 2, 5)
    assert game.codes("foundation.0") == [deck[19]]


def test_blondes_foundations_build_up_alternate_colours_wrapping_to_13() -> None:
    game = new_game("blondes-and-brunettes")
    arrange(game, {"foundation.0": "QS", "tableau.0": "KH", "tableau.1": "KC",
                   "foundation.1": "", "tableau.2": "AD"})
    legal = moves(game)
    assert "tableau.0>foundation.0" in legal
    assert "tableau.1>foundation.0" not in legal
    game.play("tableau.0>foundation.0")
    assert "tableau.2>foundation.0" not in moves(game)  # AD on KH: same colour
    arrange(game, {"tableau.2": "AC"})
    assert "tableau.2>foundation.0" in moves(game)  # King then Ace
    ranks = "A23456789TJQK"
    base = game.base_rank
    full = " ".join(f"{ranks[(base - 1 + i) % 13]}{'SH'[i % 2]}" for i in range(13))
    nxt = f"{ranks[(base - 1) % 13]}D"
    arrange(game, {"foundation.3": full, "tableau.3": nxt})
    assert "tableau.3>foundation.3" not in moves(game)
    assert "full" in game.why_illegal(Move("tableau.3", "foundation.3"))


def test_blondes_no_play_back() -> None:
    game = new_game("blondes-and-brunettes")
    assert not any(m.source.startswith("foundation") for m in game.legal_moves())


def test_blondes_reserve_goes_only_to_a_foundation() -> None:
    game = new_game("blondes-and-brunettes")
    arrange(game, {"reserve.0": "2C 8D", "tableau.0": "9S", "foundation.1": "7C"})
    legal = moves(game)
    assert "reserve.0>tableau.0" not in legal
    assert "reserve.0>foundation.1" in legal
    assert "only to a foundation" in game.why_illegal(Move("reserve.0", "tableau.0"))
    assert "tableau.0>reserve.0" not in legal


def test_blondes_tableau_one_card_at_a_time_wrapping() -> None:
    game = new_game("blondes-and-brunettes")
    arrange(game, {"tableau.0": "AS", "tableau.1": "KH", "tableau.2": "TC 9D", "tableau.3": "JH"})
    legal = moves(game)
    assert "tableau.1>tableau.0" in legal
    assert "tableau.2>tableau.3x2" not in legal
    with pytest.raises(IllegalMove):
        game.play("tableau.2>tableau.3x2")


def test_blondes_space_filled_from_the_waste_automatically() -> None:
    game = new_game("blondes-and-brunettes", autoplay=True)
    arrange(game, {"tableau.0": "5C", "tableau.1": "6H", "waste.0": "2S QD"})
    game.play("tableau.0>tableau.1")
    assert show(game, "tableau.0") == "QD"
    assert show(game, "waste.0") == "2S"


def test_blondes_space_turns_the_stock_when_the_waste_is_empty() -> None:
    game = new_game("blondes-and-brunettes", autoplay=True)
    arrange(game, {"tableau.0": "5C", "tableau.1": "6H", "waste.0": "", "stock.0": "#3D #JS"})
    game.play("tableau.0>tableau.1")
    assert show(game, "tableau.0") == "JS"
    assert show(game, "stock.0") == "#3D"
    assert show(game, "waste.0") == ""
    assert game.undo()
    assert show(game, "stock.0") == "#3D #JS" and show(game, "tableau.0") == "5C"


def test_blondes_space_waits_for_the_waste_without_autoplay() -> None:
    game = new_game("blondes-and-brunettes")
    arrange(game, {"tableau.0": "", "waste.0": "", "stock.0": "#3D #JS", "tableau.1": "6H"})
    legal = moves(game)
    assert "tableau.1>tableau.0" not in legal
    assert "stock.0>waste.0" in legal
    game.play("stock.0>waste.0")
    assert "waste.0>tableau.0" in moves(game)


def test_blondes_once_waste_and_stock_are_empty_any_single_card_fills() -> None:
    game = new_game("blondes-and-brunettes", autoplay=True)
    arrange(game, {"tableau.0": "5C", "tableau.1": "6H", "waste.0": "", "stock.0": "",
                   "tableau.2": "8S"})
    game.play("tableau.0>tableau.1")
    assert show(game, "tableau.0") == ""
    legal = moves(game)
    assert {"tableau.1>tableau.0", "tableau.2>tableau.0"} <= legal
    assert "reserve.0>tableau.0" not in legal


def test_blondes_stock_one_card_one_pass() -> None:
    game = new_game("blondes-and-brunettes", deal=8)
    for _ in range(84):
        game.play("stock.0>waste.0")
    assert not game.pile("stock.0").cards
    assert not any(m.source == "waste.0" and m.target == "stock.0" for m in game.legal_moves())
