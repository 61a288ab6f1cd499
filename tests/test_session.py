"""The JSON session a game page's worker drives: requests in, plain JSON out."""

from __future__ import annotations

import importlib
import json

import pytest

import patience
from patience import session, solver
from patience.solver import solve


@pytest.fixture()
def ask():
    """A fresh session; `ask(cmd, **args)` returns the decoded answer."""
    importlib.reload(session)

    def call(cmd: str, **args):
        return json.loads(session.handle(json.dumps({"cmd": cmd, "args": args})))

    return call


def _piles(game: patience.Game) -> dict:
    return {p.id: [[str(c), bool(c.face_up)] for c in p.cards] for p in game.piles}


def test_new_game_is_the_engine_deal(ask):
    answer = ask("new", variant="westcliff", deal=7)
    assert answer["ok"]
    game = patience.Game(patience.load_variant("westcliff"), deal=7, autoplay=True)
    state = answer["result"]
    assert state["deal"] == 7
    assert state["piles"] == _piles(game)
    assert state["legal"] == [str(m) for m in game.legal_moves()]
    assert state["history"] == [] and state["redo"] == [] and not state["won"]


def test_play_undo_redo(ask):
    first = ask("new", variant="willow", deal=3)["result"]
    move = first["legal"][0]
    played = ask("play", move=move)["result"]
    assert played["history"] == [move] and played["piles"] != first["piles"]
    undone = ask("undo")["result"]
    assert undone["piles"] == first["piles"] and undone["redo"] == [move]
    redone = ask("redo")["result"]
    assert redone["piles"] == played["piles"] and redone["history"] == [move]


def test_an_illegal_move_changes_nothing(ask):
    before = ask("new", variant="westcliff", deal=2)["result"]
    game = patience.Game(patience.load_variant("westcliff"), deal=2, autoplay=True)
    legal = {str(m) for m in game.legal_moves()}
    illegal = next(f"tableau.{a}>tableau.{b}" for a in range(10) for b in range(10)
                   if a != b and f"tableau.{a}>tableau.{b}" not in legal)
    answer = ask("play", move=illegal)
    assert not answer["ok"] and answer["kind"] == "illegal"
    assert ask("state")["result"] == before


def test_a_save_replays_exactly(ask):
    ask("new", variant="thumb-and-pouch", deal=11)
    moves = []
    for _ in range(4):
        state = ask("state")["result"]
        if not state["legal"]:
            break
        moves.append(state["legal"][-1])
        ask("play", move=moves[-1])
    ask("undo")
    expected = ask("state")["result"]
    restored = ask("new", variant="thumb-and-pouch", deal=11, moves=moves[:-1],
                   redo=moves[-1:])["result"]
    assert restored == expected


@pytest.mark.parametrize("request_text, words", [
    ("not json", "not a JSON request"),
    ("[1, 2]", "a JSON object"),
    ('{"cmd": "fly"}', "unknown command"),
    ('{"cmd": "play", "args": {"move": "tableau.0>tableau.1"}}', "no game yet"),
    ('{"cmd": "new", "args": {"variant": "nonesuch", "deal": 1}}', "nonesuch"),
    ('{"cmd": "new", "args": {"variant": "westcliff", "deal": -4}}', "not a deal number"),
    ('{"cmd": "new", "args": {"variant": "westcliff", "deal": 1, "moves": ["nowhere"]}}',
     "not a move: 'nowhere'"),
    ('{"cmd": "new", "args": {"variant": "westcliff", "deal": 1, "moves": ["stock>stock"]}}',
     "saved move does not replay"),
])
def test_bad_requests_are_named(ask, request_text, words):
    answer = json.loads(session.handle(request_text))
    assert answer == {"ok": False, "error": answer["error"], "kind": "bad"}
    assert words in answer["error"]


def test_hint_is_a_legal_move(ask):
    state = ask("new", variant="westcliff", deal=5)["result"]
    hint = ask("hint", budget=0.5)["result"]
    assert hint["move"] in state["legal"]


def test_winnable_finds_a_won_deal(ask):
    ask("new", variant="westcliff", deal=1)
    deal = ask("winnable", start=40, budget=5)["result"]["deal"]
    assert deal is not None and deal >= 40
    game = patience.Game(patience.load_variant("westcliff"), deal=deal, autoplay=True)
    assert solve(game, max_seconds=5).status == "won"


def test_a_fresh_deal_is_not_stuck(ask):
    ask("new", variant="willow", deal=9)
    assert ask("status")["result"] == {"stuck": False}


def _position_key(state: dict) -> str:
    return json.dumps(state["piles"], sort_keys=True)


def test_a_winning_move_back_to_an_earlier_position_is_not_hinted(ask, monkeypatch):
    """The solver, which knows no history, may find a win through a position the game has
    been in: that move is not hinted, as a win or otherwise."""
    ask("new", variant="freecell", deal=1)
    state = ask("play", move="tableau.1>reserve.0")["result"]
    back = "reserve.0>tableau.1"  # FreeCell deal 1: the card goes back where it was
    assert back in state["legal"]
    monkeypatch.setattr(session, "_solver_hint", lambda game, budget: (back, True))
    answer = ask("hint", budget=0.2)["result"]
    assert answer["move"] != back and not answer["wins"], answer


@pytest.mark.parametrize(
    ("variant", "deal"), [("chinaman", 1), ("canfield", 2), ("blondes-and-brunettes", 1)]
)
def test_following_suggestions_never_goes_round_in_circles(ask, variant, deal):
    """Hints that are only suggestions (too small a budget to find a win) still never lead
    back to a position already seen: no move and its reverse, no longer loop either."""
    state = ask("new", variant=variant, deal=deal)["result"]
    seen = {_position_key(state)}
    for _ in range(250):
        answer = ask("hint", budget=0.01)["result"]
        if answer["move"] is None or state["won"]:
            break
        assert answer["move"] in state["legal"]
        state = ask("play", move=answer["move"])["result"]
        key = _position_key(state)
        assert key not in seen, f"hint {answer['move']} went back to an earlier position"
        seen.add(key)


def test_a_hint_says_whether_it_wins(ask):
    ask("new", variant="westcliff", deal=3)
    game = patience.Game(patience.load_variant("westcliff"), deal=3, autoplay=True)
    answer = ask("hint", budget=2.0)["result"]
    assert answer["wins"] is (solve(game, max_seconds=5).status == "won")


def _no_search(game, seconds=1.0):
    raise AssertionError("the solver was asked again")


def test_hints_keep_to_a_win_once_one_is_found(ask, monkeypatch):
    """Once a hint has said that its move wins, every hint along that line says so too,
    with no new search (one from each next position could miss the win in its second),
    also after a step off the line and back."""
    state = ask("new", variant="westcliff", deal=3)["result"]
    answer = ask("hint", budget=5.0)["result"]
    assert answer["wins"]
    monkeypatch.setattr(solver, "hint_line", _no_search)
    steps = 0
    while not state["won"]:
        assert answer["wins"] and answer["move"] in state["legal"], (steps, answer)
        if steps == 2:
            aside = next(m for m in state["legal"] if m != answer["move"])
            ask("play", move=aside)
            assert not ask("hint", budget=0.01)["result"]["wins"]  # off the line: no win known
            assert ask("undo")["result"]["piles"] == state["piles"]
        state = ask("play", move=answer["move"])["result"]
        steps += 1
        if not state["won"]:
            answer = ask("hint", budget=0.01)["result"]
    assert steps > 10


def test_a_deal_picked_as_winnable_is_hinted_from_its_first_move(ask, monkeypatch):
    ask("new", variant="westcliff", deal=1)
    deal = ask("winnable", start=40, budget=5)["result"]["deal"]
    monkeypatch.setattr(solver, "hint_line", _no_search)
    state = ask("new", variant="westcliff", deal=deal)["result"]
    answer = ask("hint", budget=0.01)["result"]
    assert answer["wins"] and answer["move"] in state["legal"]
    other = ask("new", variant="westcliff", deal=deal + 1)["result"]
    assert ask("hint", budget=0.01)["result"]["move"] in other["legal"] + [None]


def test_a_hint_asked_again_at_the_same_position_searches_on(ask, monkeypatch):
    """A second hint at a position where the first found no win goes on with the first
    one's search (seeded, it would only find nothing again); after a move, a new one."""
    used = []
    plain = solver.hint_line

    def watched(game, seconds=1.0, search=None):
        used.append(search)
        return plain(game, 0.001, search)

    monkeypatch.setattr(solver, "hint_line", watched)
    state = ask("new", variant="wood", deal=10)["result"]
    ask("hint")
    ask("hint")
    assert used[0] is not None and used[1] is used[0]
    ask("play", move=state["legal"][0])
    ask("hint")
    assert used[2] is not used[0]


def test_thinking_ahead_finds_a_win_that_the_next_hint_gives_at_once(ask, monkeypatch):
    """The page thinks in slices while the player does: they add up to one search (Wood
    deal 11 takes many), and the win it finds is the next hint's, with no search of its own."""
    monkeypatch.setattr(session, "THINK_LIMIT", 120.0)
    state = ask("new", variant="wood", deal=11)["result"]
    slices = 1
    while ask("think", budget=0.01)["result"]["more"]:
        slices += 1
        assert slices < 20_000
    assert slices > 1
    monkeypatch.setattr(solver, "hint_line", _no_search)
    answer = ask("hint", budget=0.01)["result"]
    assert answer["wins"] and answer["move"] in state["legal"]
    assert ask("think", budget=0.01)["result"] == {"more": False}  # nothing left to find


def test_thinking_stops_at_its_limit_and_starts_again_after_a_move(ask, monkeypatch):
    monkeypatch.setattr(session, "THINK_LIMIT", 0.05)
    state = ask("new", variant="wood", deal=1)["result"]  # no win within the limit
    slices = 1
    while ask("think", budget=0.01)["result"]["more"]:
        slices += 1
        assert slices < 100
    assert ask("think", budget=0.01)["result"] == {"more": False}
    searched = session.PENDING[1]
    assert ask("hint", budget=0.01)["ok"]
    assert session.PENDING is None or session.PENDING[1] is searched  # the hint went on with it
    ask("play", move=state["legal"][0])
    assert ask("think", budget=0.01)["result"] == {"more": True}
    assert session.PENDING[1] is not searched


def test_finish_takes_every_card_home_only_when_nothing_else_is_needed(ask):
    state = ask("new", variant="westcliff", deal=3)["result"]
    assert ask("finish")["result"] == {"moves": None}
    game = patience.Game(patience.load_variant("westcliff"), deal=3, autoplay=True)
    line = [str(m) for m in solve(game, max_seconds=5).moves]
    for move in line:
        state = ask("play", move=move)["result"]
        moves = ask("finish")["result"]["moves"]
        if moves is not None:
            break
    assert moves, "a won game ends with only moves to the foundations"
    assert ask("state")["result"] == state  # the player's game is untouched
    for move in moves:
        assert move.split(">")[1].startswith("foundation")
        state = ask("play", move=move)["result"]
    assert state["won"]


def test_configs_held_in_memory_need_no_files(ask, monkeypatch, tmp_path):
    """The site's snapshot holds the engine but not the wheel's files: once held in memory,
    every built-in config is served without its folder."""
    from patience import config

    monkeypatch.setattr(config, "_HELD", {})
    known = patience.variants()
    configs = {variant: patience.load_variant(variant) for variant in known}
    config.hold_in_memory()
    monkeypatch.setattr(config, "FOLDER", str(tmp_path / "gone"))
    assert patience.variants() == known
    assert {variant: patience.load_variant(variant) for variant in known} == configs
    answer = ask("new", variant=known[0], deal=4)
    assert answer["ok"], answer
    with pytest.raises(patience.UnknownVariant):
        patience.load_variant("no-such-game")
