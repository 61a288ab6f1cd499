"""One game at a time, driven by JSON requests: what a game page's worker runs.

A front end sends {"cmd": ..., "args": {...}} as text to `handle` and gets plain JSON text
back, so no Python object crosses into JavaScript. Only the engine's public API is used. The
page keeps the player's moves (and the moves undone, for redo) and saves them; replaying them
on a fresh deal restores a game exactly. It ships in the engine's wheel, so the page loads
nothing but Pyodide's core and that wheel, and this module as bytecode like the rest.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

import patience

if TYPE_CHECKING:
    from patience import solver

CONFIG: dict[str, Any] | None = None
GAME: patience.Game | None = None
DEAL = 0
HISTORY: list[str] = []  # the player's moves, in order (one engine undo step each)
FUTURE: list[str] = []  # moves undone, the next one to redo last

# Kinds whose cards, once moved on, make the game go forward (they never come back).
SOURCES_THAT_PROGRESS = ("stock", "waste", "reserve")

# Every position of the winning lines the solver has found in this visit, with the line's
# next move there: (variant, deal, `Game.position_key`) -> move. A hint at such a position
# keeps to that win at once, so the hints after one that said "this wins" never stop saying
# it (a fresh one-second search from each next position could miss the win), and a deal
# that `winnable` picked is hinted from its first move. Forgotten, all at once, past
# LINES_KEPT positions.
LineKey = tuple[str, int, tuple[Any, ...]]
LINES: dict[LineKey, str] = {}
LINES_KEPT = 50_000
# The last search that found no win (a hint's, or the page's thinking while the player
# does, see `think`), with the position it searches from and the seconds it has thought
# there: a hint asked again there goes on with it, rather than making the very same search
# again.
PENDING: tuple[LineKey, solver.Solver, float] | None = None
# Seconds of thinking at one position at most: enough to find most wins a hint would miss,
# without keeping a phone busy while its player is away.
THINK_LIMIT = 10.0


# A position as a hashable value: each pile's id and its cards (code, face up).
Key = tuple[tuple[str, tuple[tuple[str, bool], ...]], ...]


class BadRequest(Exception):
    """A request that cannot be served (unknown variant, illegal saved move, ...)."""


def _game() -> patience.Game:
    """The game in progress; every request but "new" needs one."""
    if GAME is None:
        raise BadRequest("no game yet")
    return GAME


def _config() -> dict[str, Any]:
    if CONFIG is None:
        raise BadRequest("no game is open")
    return CONFIG


def parse_move(text: str) -> patience.Move:
    """A Move from its text form, "tableau.1>tableau.4x3" or "tableau.3>foundation.0"."""
    try:
        source, rest = text.split(">", 1)
        target, _, count = rest.partition("x")
        return patience.Move(source, target, int(count) if count else 1)
    except (ValueError, AttributeError) as error:
        raise BadRequest(f"not a move: {text!r}") from error


def shown_piles(game: patience.Game) -> dict[str, list[list[Any]]]:
    """Every pile's cards as the page draws them, bottom to top: [code, face up]."""
    return {
        pile.id: [[str(card), bool(card.face_up)] for card in pile.cards] for pile in game.piles
    }


def position() -> dict[str, Any]:
    """The whole position as plain data: piles, legal moves, history and flags."""
    game = _game()
    return {
        "deal": DEAL,
        "piles": shown_piles(game),
        "legal": [str(move) for move in game.legal_moves()],
        "history": list(HISTORY),
        "redo": list(reversed(FUTURE)),
        "won": bool(game.is_won),
    }


def new_game(variant: str, deal: int, moves: list[str] | None = None,
             redo: list[str] | None = None) -> dict[str, Any]:
    """Deal a game, then replay saved moves (and those that were undone) to restore it."""
    global CONFIG, GAME, DEAL, HISTORY, FUTURE
    if CONFIG is None or CONFIG.get("id") != variant:
        try:
            CONFIG = patience.load_variant(variant)
        except KeyError as error:
            raise BadRequest(str(error)) from error
    if not isinstance(deal, int) or isinstance(deal, bool) or deal < 0:
        raise BadRequest(f"not a deal number: {deal!r}")
    game = patience.Game(CONFIG, deal=deal, autoplay=True)
    history: list[str] = []
    future: list[str] = []
    try:
        for text in moves or []:
            game.play(parse_move(text))
            history.append(text)
        for text in redo or []:
            game.play(parse_move(text))
            history.append(text)
        for _ in redo or []:
            game.undo()
            future.append(history.pop())
    except (patience.IllegalMove, ValueError, TypeError) as error:
        raise BadRequest(f"saved move does not replay: {error}") from error
    GAME, DEAL, HISTORY, FUTURE = game, deal, history, future
    return position()


def play(move: str) -> dict[str, Any]:
    _game().play(parse_move(move))
    HISTORY.append(move)
    FUTURE.clear()
    return position()


def undo() -> dict[str, Any]:
    if HISTORY and _game().undo():
        FUTURE.append(HISTORY.pop())
    return position()


def redo() -> dict[str, Any]:
    if FUTURE and _game().redo():
        HISTORY.append(FUTURE.pop())
    return position()


# --- Hints and "no moves left" ------------------------------------------------------------


def _key(game: patience.Game) -> Key:
    return tuple(
        (pile.id, tuple((str(c), bool(c.face_up)) for c in pile.cards)) for pile in game.piles
    )


def _kind(pile_id: str) -> str:
    return pile_id.split(".", 1)[0]


def progress_rank(game: patience.Game, move: patience.Move) -> int:
    """How plainly a move makes progress: higher is better, 0 means it only rearranges."""
    source, target = _kind(move.source), _kind(move.target)
    if source == "foundation":
        return 0
    if target == "foundation":
        return 6
    cards = game.pile(move.source).cards
    below = len(cards) - move.count - 1
    if below >= 0 and not cards[below].face_up:
        return 5
    if source == "reserve":
        return 4
    if source == "waste" and target != "stock":
        return 3
    if source in SOURCES_THAT_PROGRESS:
        return 1  # turning the stock, or the waste going back to it
    return 0


def _search(game: patience.Game, deadline: float, limit: int = 2000,
            seen: set[Key] | None = None) -> tuple[str | None, bool]:
    """Look through rearranging moves, depth first, for a position where progress is possible.

    Returns (the first move of the way there, whether the search covered everything). The game
    is a copy: the player's own undo and redo history is never touched. Positions in `seen`
    (the game's earlier positions) are never passed through.
    """
    seen = {*(seen or ()), _key(game)}
    path: list[patience.Move] = []
    frontier = [list(game.legal_moves())]  # untried moves of each position along the path
    nodes = 0
    while frontier:
        if time.perf_counter() > deadline or nodes > limit:
            _unwind(game, path)
            return None, False
        moves = frontier[-1]
        if not moves:
            frontier.pop()
            if path:
                path.pop()
                game.undo()
            continue
        move = moves.pop()
        rank = progress_rank(game, move)
        game.play(move)
        nodes += 1
        key = _key(game)
        if key in seen:
            game.undo()
            continue
        if rank > 0:
            game.undo()
            first = str(path[0] if path else move)
            _unwind(game, path)
            return first, True
        seen.add(key)
        path.append(move)
        frontier.append(list(game.legal_moves()))
    return None, True


def _unwind(game: patience.Game, path: list[patience.Move]) -> None:
    for _ in path:
        game.undo()


def _line_key(game: patience.Game) -> LineKey:
    return str(_config()["id"]), game.deal, game.position_key()


def _remember(game: patience.Game, line: list[patience.Move]) -> None:
    """Keep every position of a winning line from `game`'s position, with its next move."""
    if len(LINES) + len(line) > LINES_KEPT:
        LINES.clear()
    copy = game.copy()
    for move in line:
        LINES[_line_key(copy)] = str(move)
        copy.play(move)


def _solver_hint(game: patience.Game, budget: float) -> tuple[str | None, bool]:
    """The solver's move and whether it is the first move of a win: one of a line found
    before, else of one found now within budget (and remembered).

    (None, False) if the solver fails: the table never breaks. The solver is imported when
    first asked for, which keeps it off the page's start-up.
    """
    global PENDING
    key = _line_key(game)
    known = LINES.get(key)
    if known is not None:
        return known, True
    from patience import solver

    try:
        search, spent = _pending(game, key)
        line, wins = solver.hint_line(game, budget, search)
        PENDING = None if wins else (key, search, spent)
        if wins:
            _remember(game, line)
    except Exception:
        return None, False
    return (str(line[0]) if line else None), bool(wins)


def _pending(game: patience.Game, key: LineKey) -> tuple[solver.Solver, float]:
    """The search kept for the current position, and the seconds thought there; a new one
    if the search kept is for another position."""
    if PENDING is not None and PENDING[0] == key:
        return PENDING[1], PENDING[2]
    from patience import solver

    return solver.Solver(game, False), 0.0


def think(budget: float = 0.01) -> dict[str, Any]:
    """Search on for a winning line from the current position for a short slice, while the
    player thinks: the page calls it again and again when it has nothing else to do, so that
    the next hint finds a win that a one-second search would miss, at once. A win found is
    kept as a hint's would be. "more" says whether another slice could still find one (not
    once a win is known, the search has run out, or THINK_LIMIT is spent here)."""
    global PENDING
    game = _game()
    key = _line_key(game)
    if game.is_won or key in LINES:
        return {"more": False}
    search, spent = _pending(game, key)
    if spent >= THINK_LIMIT:
        return {"more": False}
    started = time.perf_counter()
    result = search.run(max_seconds=budget)
    spent += time.perf_counter() - started
    if result.status == "won":
        _remember(game, result.moves)
        PENDING = None
        return {"more": False}
    PENDING = (key, search, spent)
    return {"more": not result.decided and not search.idle and spent < THINK_LIMIT}


def _history_positions() -> tuple[patience.Game, set[Key]]:
    """Every position this game has been in, and a scratch copy of the game at the current one.

    Replayed from the deal through the player's moves, so the player's own undo and redo
    history is never touched.
    """
    game = patience.Game(_config(), deal=DEAL, autoplay=True)
    seen = {_key(game)}
    for text in HISTORY:
        game.play(parse_move(text))
        seen.add(_key(game))
    return game, seen


def _goes_back(game: patience.Game, move: patience.Move, seen: set[Key]) -> bool:
    """Whether a move leads to a position the game has already been in (undoing the last
    move, or going round a loop)."""
    game.play(move)
    key = _key(game)
    game.undo()
    return key in seen


def hint(budget: float = 1.0) -> dict[str, Any]:
    """A good next move: the first move of a win when the solver finds one within budget
    ("wins": True); else a suggestion: the plainest progress, or the way to it through
    rearranging moves. No hint leads back to a position the game has been in (a winning line
    through one is offered as neither), so following hints cannot loop; with nothing new to
    suggest, "move" is None."""
    started = time.perf_counter()
    move, wins = _solver_hint(_game(), budget)
    scratch, seen = _history_positions()
    if wins and move is not None and not _goes_back(scratch, parse_move(move), seen):
        return {"move": move, "wins": True}
    fresh = [m for m in scratch.legal_moves() if not _goes_back(scratch, m, seen)]
    ranked = sorted(
        ((progress_rank(scratch, m), i, m) for i, m in enumerate(fresh)),
        key=lambda item: (-item[0], item[1]),
    )
    if ranked and ranked[0][0] > 0:
        return {"move": str(ranked[0][2]), "wins": False}
    left = max(0.05, budget - (time.perf_counter() - started))
    found, _ = _search(scratch, time.perf_counter() + left, seen=seen)
    if found is None and move is not None and move in {str(m) for m in fresh}:
        found = move
    return {"move": found, "wins": False}


def status(budget: float = 0.15) -> dict[str, Any]:
    """Whether the player is stuck: no move at all, or none that ever leads to progress."""
    game = _game()
    if game.is_won:
        return {"stuck": False}
    moves = game.legal_moves()
    if not moves:
        return {"stuck": True}
    if any(progress_rank(game, m) > 0 for m in moves):
        return {"stuck": False}
    copy = patience.Game.from_json(game.to_json())
    move, complete = _search(copy, time.perf_counter() + budget)
    return {"stuck": move is None and complete}


def finish() -> dict[str, Any]:
    """The moves that take every remaining card home when nothing but moves to the
    foundations is needed ("moves": None otherwise): the page plays them for the player.

    Tried on a copy, one move to a foundation at a time, so the player's history is untouched.
    """
    game = patience.Game.from_json(_game().to_json())
    moves: list[str] = []
    while not game.is_won:
        move = next((m for m in game.legal_moves()
                     if _kind(m.target) == "foundation" and _kind(m.source) != "foundation"),
                    None)
        if move is None:
            return {"moves": None}
        game.play(move)
        moves.append(str(move))
    return {"moves": moves}


def winnable(start: int, budget: float = 5.0) -> dict[str, Any]:
    """The first deal from `start` on that the solver wins, trying each for a short while."""
    config = _config()
    from patience import solver

    deadline = time.perf_counter() + budget
    deal = start
    while time.perf_counter() < deadline:
        game = patience.Game(config, deal=deal, autoplay=True)
        left = deadline - time.perf_counter()
        result = solver.solve(game, max_seconds=min(0.5, max(left, 0.01)))
        if result.status == "won":
            _remember(game, result.moves)
            return {"deal": deal}
        deal += 1
    return {"deal": None}


COMMANDS = {
    "new": lambda a: new_game(a["variant"], a["deal"], a.get("moves"), a.get("redo")),
    "play": lambda a: play(a["move"]),
    "undo": lambda a: undo(),
    "redo": lambda a: redo(),
    "hint": lambda a: hint(float(a.get("budget", 1.0))),
    "winnable": lambda a: winnable(int(a["start"]), float(a.get("budget", 5.0))),
    "status": lambda a: status(float(a.get("budget", 0.15))),
    "finish": lambda a: finish(),
    "think": lambda a: think(float(a.get("budget", 0.01))),
    "state": lambda a: position(),
}


def handle(request: str) -> str:
    """Serve one request {"cmd": ..., "args": {...}}; answer {"ok": ..., "result"|"error": ...}."""
    try:
        try:
            message = json.loads(request)
        except ValueError as error:
            raise BadRequest(f"not a JSON request: {error}") from error
        if not isinstance(message, dict):
            raise BadRequest("a request is a JSON object")
        command = COMMANDS.get(str(message.get("cmd")))
        if command is None:
            raise BadRequest(f"unknown command {message.get('cmd')!r}")
        if GAME is None and message.get("cmd") != "new":
            raise BadRequest("no game yet")
        result = command(message.get("args") or {})
        return json.dumps({"ok": True, "result": result})
    except patience.IllegalMove as error:
        return json.dumps({"ok": False, "error": str(error), "kind": "illegal"})
    except BadRequest as error:
        return json.dumps({"ok": False, "error": str(error), "kind": "bad"})
    except Exception as error:  # reported to the page, which keeps running
        return json.dumps({"ok": False, "error": f"{type(error).__name__}: {error}", "kind": "bug"})
