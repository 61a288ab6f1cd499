"""One deal searched on two processes at once, for the command line's time budgets.

On one core, `solve` shares its budget between the search in the usual order (the only one
that proves losses, and one that needs a large table) and the restarts (which find most
wins). With a core to spare, each can have the whole budget instead: the search in the usual
order runs in a child process, the restarts in this one, and the first to decide gives the
verdict. A won line is the line that search found, so it replays like any other.

Only for time budgets: under a node budget, which search decides first would depend on the
machine, where a node budget must give the same verdict on any. And only where processes
exist: the page's Pyodide has none, so nothing the browser runs imports this module.
"""

from __future__ import annotations

import multiprocessing
import time
from multiprocessing.connection import Connection

from patience.game import Game, Move
from patience.solver import Solver, SolveResult, Status

ALONE = 0.5  # seconds searched on one process first: most deals need no more, nor a fork
SLICE = 0.05  # seconds of restarts between two looks at the other process


def _prove(solver: Solver, seconds: float, pipe: Connection) -> None:
    """The child: the search in the usual order alone, its result sent back as plain data."""
    solver.restarts = False
    result = solver.run(max_seconds=seconds)
    pipe.send((result.status, [tuple(m) for m in result.moves], result.nodes))
    pipe.close()


Word = tuple[Status, list[tuple[str, str, int]], int]  # the child's status, line and positions


def _word(pipe: Connection) -> Word | None:
    """What the child sent, or None if it ended without sending anything."""
    try:
        word: Word = pipe.recv()
    except EOFError:
        return None
    return word


def _result(word: Word, nodes: int, start: float) -> SolveResult:
    """The child's result as this process gives it: both processes' positions, wall time."""
    status, moves, proof_nodes = word
    return SolveResult(status, [Move(*m) for m in moves], nodes + proof_nodes,
                       time.perf_counter() - start)


def solve_on_two(game: Game, seconds: float) -> SolveResult:
    """`solve(game, max_seconds=seconds)` with its two kinds of search on two processes.

    The first ALONE seconds are searched as `solve` does, on this process alone. Then a child
    process takes over the search in the usual order where it stands, and this one goes on
    with the restarts. The result's positions are both processes' together, its time the
    wall clock's.
    """
    start = time.perf_counter()
    deadline = start + seconds
    solver = Solver(game)
    first = solver.run(max_seconds=min(seconds, ALONE))
    if first.decided or seconds <= ALONE:
        return first
    nodes = first.nodes
    context = multiprocessing.get_context("fork")  # the child goes on with this very search
    mine, theirs = context.Pipe(duplex=False)
    child = context.Process(target=_prove, args=(solver, deadline - time.perf_counter(),
                                                 theirs), daemon=True)
    child.start()
    theirs.close()
    solver.prove = False  # here: the restarts alone
    try:
        heard = False  # whether the child has sent its result, or ended without one
        # Restarts in short slices while time is left; the child's verdict ends them.
        while not solver.idle and time.perf_counter() < deadline:
            if not heard and mine.poll():
                heard, word = True, _word(mine)
                if word is not None and word[0] != "undecided":
                    return _result(word, nodes, start)
            found = solver.run(max_seconds=min(SLICE, deadline - time.perf_counter()))
            nodes += found.nodes
            if found.status == "won":
                return SolveResult("won", found.moves, nodes, time.perf_counter() - start)
        # The restarts are done: the child's word, waited for until its budget is spent.
        if not heard and mine.poll(max(0.0, deadline - time.perf_counter()) + 1.0):
            word = _word(mine)
            if word is not None:
                return _result(word, nodes, start)
        return SolveResult("undecided", [], nodes, time.perf_counter() - start)
    finally:
        mine.close()
        if child.is_alive():
            child.kill()
        child.join()
