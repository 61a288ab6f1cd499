"""Nested rollout policy adaptation: wins that depth-first orders find only by luck.

Some deals are won by one long line that few orders of the moves follow: a single pass through
a long stock of two decks, where each card turned must find its place at once. Depth-first
searches sink their budget under early moves there, and short shuffled
restarts win only when a shuffle happens to follow the line. NRPA (Rosin, "Nested Monte-Carlo
Search with Policy Adaptation", 2011) plays whole games instead, each move drawn with a weight
that a policy gives it; after each game it moves the policy towards the best game played so
far, and a second level does the same with the best of each round of games. Moves are known by
the card moved and where it goes (the card it lands on, or the kind of empty pile), so that
what one game learns carries over to other positions.

It looks for wins only: it never proves a deal lost. A game never comes back to a position it
has been in, and every position a game reaches counts as one node, so that a node budget
stops it at the same place on any machine and runs in slices play the games one run plays.
"""

from __future__ import annotations

import math
import random
import time
from typing import Final, Protocol

from patience.records import Undo

ROUNDS: Final = 40  # games a level plays, and rounds of them the level above, before starting anew
STEP: Final = 1.0  # how far one best game moves the policy


class Position[Opt](Protocol):
    """What a rollout needs of a search's position (the solver's `_Search`): its moves and
    how to make and take them back, its key, and how many cards are home."""

    peeks: bool

    def won(self) -> bool: ...

    def hopeless(self) -> bool: ...

    def options(self) -> list[Opt]: ...

    def peek(self, option: Opt) -> bytes | None: ...

    def play(self, option: Opt) -> Undo: ...

    def undo(self, record: Undo) -> None: ...

    def key(self) -> bytes: ...

    def home(self) -> int: ...

    def code(self, option: Opt) -> int: ...


Step = tuple[list[int], int]  # the codes of the moves a game could make, and the one it made


class Rollouts[Opt]:
    """Level-two NRPA from one position, run in slices: `run` plays on from where the last
    call stopped, in the middle of a game if need be."""

    def __init__(self, position: Position[Opt], seed: int) -> None:
        self.position = position
        self.random = random.Random(seed)
        self.policy: dict[int, float] = {}  # the upper level's
        self.best: tuple[int, list[Step]] | None = None
        self.rounds = 0
        self.inner: dict[int, float] = {}  # the lower level's, copied from the upper one
        self.inner_best: tuple[int, list[Step]] | None = None
        self.games = 0
        # The game in play: how its moves are undone, the positions it has been in, its
        # steps for the policy and its moves for a winning line.
        self.records: list[Undo] = []
        self.seen: set[bytes] = set()
        self.steps: list[Step] = []
        self.line: list[Opt] = []
        self.stuck = False  # no game can make a move: every later one would end at once

    def run(self, max_nodes: int | None, deadline: float | None) -> tuple[list[Opt] | None, int]:
        """Play on for at most max_nodes positions (or until the deadline): the winning line
        from the start if a game wins, and the positions reached."""
        p = self.position
        nodes = 0
        while max_nodes is None or nodes < max_nodes:
            if deadline is not None and nodes % 64 == 0 and time.perf_counter() >= deadline:
                break
            if not self.records and not self.seen:
                self.seen.add(p.key())
            if p.won():
                return list(self.line), nodes
            chosen = self._choose()
            if chosen is None:
                if not self.records:
                    self.stuck = True
                    break
                self._end()
                continue
            option, key = chosen
            self.records.append(p.play(option))
            self.seen.add(key)
            self.line.append(option)
            nodes += 1
        return None, nodes

    def _choose(self) -> tuple[Opt, bytes] | None:
        """A move to a position the game has not been in, drawn by the policy's weights."""
        p = self.position
        moves = [] if p.hopeless() else p.options()
        fresh: list[tuple[Opt, bytes]] = []
        for option in moves:
            key = p.peek(option) if p.peeks else None
            if key is None:
                record = p.play(option)
                key = p.key()
                p.undo(record)
            if key not in self.seen:
                fresh.append((option, key))
        if not fresh:
            return None
        codes = [p.code(option) for option, _ in fresh]
        weights = _weights(self.inner, codes)
        x = self.random.random() * sum(weights)
        i = 0
        while i < len(weights) - 1 and x >= weights[i]:
            x -= weights[i]
            i += 1
        self.steps.append((codes, i))
        return fresh[i]

    def _end(self) -> None:
        """A game ends with no move left: take it back, and adapt the policies."""
        p = self.position
        game = (p.home(), self.steps)
        for record in reversed(self.records):
            p.undo(record)
        self.records, self.seen, self.steps, self.line = [], set(), [], []
        if self.inner_best is None or game[0] >= self.inner_best[0]:
            self.inner_best = game
        self.inner = _adapt(self.inner, self.inner_best[1])
        self.games += 1
        if self.games < ROUNDS:
            return
        if self.best is None or self.inner_best[0] >= self.best[0]:
            self.best = self.inner_best
        self.policy = _adapt(self.policy, self.best[1])
        self.rounds += 1
        if self.rounds == ROUNDS:  # a fresh start, with what the random draws have come to
            self.policy, self.best, self.rounds = {}, None, 0
        self.inner, self.inner_best, self.games = dict(self.policy), None, 0


def _adapt(policy: dict[int, float], steps: list[Step]) -> dict[int, float]:
    """The policy moved towards a game: each move it made gains STEP, and the moves it could
    have made lose STEP in proportion to how likely the policy made them."""
    new = dict(policy)
    for codes, chosen in steps:
        weights = _weights(policy, codes)
        total = sum(weights)
        new[codes[chosen]] = new.get(codes[chosen], 0.0) + STEP
        for c, w in zip(codes, weights, strict=True):
            new[c] = new.get(c, 0.0) - STEP * w / total
    return new


def _weights(policy: dict[int, float], codes: list[int]) -> list[float]:
    """How likely the policy makes each of these moves, up to a common factor: the likeliest
    weighs 1, so that a policy moved far by many games neither makes every weight 0 (their
    sum then divides nothing) nor overflows."""
    values = [policy.get(c, 0.0) for c in codes]
    top = max(values)
    return [math.exp(v - top) for v in values]
