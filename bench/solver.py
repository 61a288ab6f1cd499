"""Solver benchmark: per variant, the share of deals decided within a time budget.

For each variant, deals 1..N (default 200) are solved with autoplay on and a budget per deal
(default 2 s); printed: won, lost, undecided, the share decided, the median and p95 time to a
decision (over decided deals), and positions searched per second.
Goal: >= 99 % of Westcliff and Thumb and Pouch and >= 95 % of Willow decided in 2 s.
Usage: .venv/bin/python bench/solver.py [--deals N] [--seconds S] [variant ...]
With no variant named, every rules file is measured, kin games included (a long run).
"""

from __future__ import annotations

import argparse
import statistics

import patience
from patience.solver import solve
from patience.solver_cli import percentile

GOALS = {"westcliff": 0.99, "thumb-and-pouch": 0.99, "willow": 0.95}


def bench(variant: str, deals: int, seconds: float) -> str:
    """One variant's line of figures."""
    config = patience.load_variant(variant)
    counts = {"won": 0, "lost": 0, "undecided": 0}
    decide_times: list[float] = []
    nodes = 0
    spent = 0.0
    for deal in range(1, deals + 1):
        result = solve(patience.Game(config, deal=deal, autoplay=True), max_seconds=seconds)
        counts[result.status] += 1
        nodes += result.nodes
        spent += result.seconds
        if result.decided:
            decide_times.append(result.seconds)
    share = len(decide_times) / deals
    goal = GOALS.get(variant)
    verdict = "" if goal is None else f"  goal {goal:.0%}: {'met' if share >= goal else 'MISSED'}"
    median = statistics.median(decide_times) if decide_times else 0.0
    return (f"{variant:>16}: decided {share:6.1%} (won {counts['won']}, lost {counts['lost']}, "
            f"undecided {counts['undecided']}); decide time median {median:.3f} s, "
            f"p95 {percentile(decide_times, 0.95):.3f} s; {nodes / spent:,.0f} positions/s"
            + verdict)


def main() -> None:
    """Print one line per variant."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("variants", nargs="*", default=patience.variants())
    args = p.parse_args()
    for variant in args.variants:
        print(bench(variant, args.deals, args.seconds), flush=True)


if __name__ == "__main__":
    main()
