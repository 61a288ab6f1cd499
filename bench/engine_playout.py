"""Engine throughput per variant, in moves per second, over random playouts.

Two figures per variant:
- expand: what a solver does at each node. List the legal moves, then play and undo every one
  of them; one random move then goes ahead. Moves counted: every play.
- walk: a plain random walk. List the legal moves, play one, and take back one move in five.
  Moves counted: every play and every undo.
Usage: .venv/bin/python bench/engine_playout.py [--moves N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import patience

GOAL = 20_000
STEPS_PER_DEAL = 300


def _games(variant: str, rng: random.Random):
    config = patience.load_variant(variant)
    while True:
        yield patience.Game(config, deal=rng.randrange(1 << 32), autoplay=True)


def _expand(game: patience.Game, legal: list[patience.Move], rng: random.Random) -> int:
    for move in legal:
        game.play(move)
        game.undo()
    game.play(rng.choice(legal))
    return len(legal) + 1


def _walk(game: patience.Game, legal: list[patience.Move], rng: random.Random) -> int:
    game.play(rng.choice(legal))
    if rng.random() < 0.2:
        game.undo()
        return 2
    return 1


def rate(variant: str, moves: int, seed: int, step: Callable) -> float:
    """Moves per second over random deals, `step` making (and counting) the moves of a node."""
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    for game in _games(variant, rng):
        for _ in range(STEPS_PER_DEAL):
            legal = game.legal_moves()
            if not legal:
                break
            done += step(game, legal, rng)
        if done >= moves:
            return done / (time.perf_counter() - start)
    raise AssertionError("unreachable")


def main() -> None:
    """Print both rates per variant, and the slowest expand rate against the goal."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--moves", type=int, default=50_000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    expands = {}
    for variant in patience.variants():
        expands[variant] = rate(variant, args.moves, args.seed, _expand)
        walk = rate(variant, args.moves // 2, args.seed, _walk)
        print(f"{variant:>20}: expand {expands[variant]:9,.0f} moves/s   walk {walk:9,.0f} moves/s")
    slowest = min(expands, key=expands.get)
    print(f"slowest expand: {slowest}, {expands[slowest] / GOAL:.2f}x the {GOAL:,} moves/s goal")


if __name__ == "__main__":
    main()
