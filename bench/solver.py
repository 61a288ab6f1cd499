"""Solver benchmark: per variant, the share of a sample of deals decided, and time per deal.

For each variant, deals FIRST..LAST (default 1-200) are solved one after another with autoplay
on and a budget per deal: --seconds (default 2) and/or --nodes (positions: the same verdicts
on any machine). Printed per variant: won, lost, undecided, the share decided, the median and
90th-percentile time per deal (every deal, decided or not), and positions searched per second,
with the issue's target where there is one, then the deals left undecided. The machine's other
load shows in the times, so say how loaded it was when quoting them; the verdicts under --nodes
do not depend on it.

Usage: .venv/bin/python bench/solver.py [--compiled] [--deals 1-200] [--seconds S] [--nodes N]
[--cores 1|2] [variant ...]. With no variant named, the four launch variants are run (westcliff,
thumb-and-pouch, willow, wood); --all runs every rules file. --compiled runs the engine built by
mypyc (`patience --compiled`), which the command line may use and the browser never does: the
same verdicts at a node budget, about twice as many positions a second. --cores 2 (with
--seconds only) searches each deal on two cores, as `patience solve --cores 2` does: the search
that proves losses on one, the restarts on the other, each with the whole budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import patience
from patience import solver
from patience.cli import guarded
from patience.solver_cli import cores_arg, deal_range, measure, percentile

LAUNCH = ["westcliff", "thumb-and-pouch", "willow", "wood"]
# Targets: share decided, and the median time per deal, at the budget given.
TARGETS = {"westcliff": (0.995, None), "thumb-and-pouch": (0.995, None),
           "willow": (0.995, None), "klondike-by-threes": (0.97, 0.05)}


def bench(variant: str, deals: range, seconds: float | None, nodes: int | None,
          cores: int = 1) -> str:
    """One variant's line of figures."""
    started = time.perf_counter()
    results = measure(variant, deals, autoplay=True, nodes=nodes, seconds=seconds,
                      cores=cores)
    wall = time.perf_counter() - started
    counts = {s: sum(1 for r in results if r[1] == s) for s in ("won", "lost", "undecided")}
    times = [r[3] for r in results]
    share = (counts["won"] + counts["lost"]) / len(results)
    median = statistics.median(times)
    line = (f"{variant:>22}: decided {share:6.1%} (won {counts['won']}, lost {counts['lost']}, "
            f"undecided {counts['undecided']}); per deal median {median:.3f} s, "
            f"p90 {percentile(times, 0.9):.3f} s; "
            f"{sum(r[2] for r in results) / sum(times):,.0f} positions/s; wall {wall:.0f} s")
    target = TARGETS.get(variant)
    if target is not None:
        goal, most = target
        met = share >= goal and (most is None or median <= most)
        line += (f"  target {goal:.1%} decided" + (f", median <= {most} s" if most else "")
                 + f": {'met' if met else 'MISSED'}")
    undecided = [r[0] for r in results if r[1] == "undecided"]
    if undecided:
        line += "\n" + " " * 24 + "undecided deals: " + ", ".join(map(str, undecided))
    return line


def main() -> int:
    """Print one line per variant."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--deals", default="1-200", help="FIRST-LAST, or a count from 1")
    p.add_argument("--seconds", type=float, default=None, help="time budget per deal")
    p.add_argument("--nodes", type=int, default=None, help="position budget per deal")
    p.add_argument("--all", action="store_true", help="every rules file")
    p.add_argument("--compiled", action="store_true", help="with the engine compiled by mypyc")
    p.add_argument("--cores", default="1", metavar="1|2",
                   help="2: each deal searched on two cores (`patience solve --cores 2`)")
    p.add_argument("variants", nargs="*")
    args = p.parse_args()
    if args.compiled:
        from patience_gen.compiled import run_with_compiled_engine

        return run_with_compiled_engine(
            [__file__, *(a for a in sys.argv[1:] if a != "--compiled")],
            "bench/solver.py --compiled")
    seconds = args.seconds if args.seconds or args.nodes else 2.0
    cores = cores_arg(args.cores, args.nodes, seconds)
    names = patience.variants() if args.all else (args.variants or LAUNCH)
    deals = deal_range(args.deals, None)
    budget = " and ".join(([f"{seconds:g} s"] if seconds else [])
                          + ([f"{args.nodes:,} positions"] if args.nodes else []))
    engine = "pure Python" if solver.__file__.endswith(".py") else "compiled"
    print(f"deals {deals.start}-{deals.stop - 1}, budget {budget} per deal, autoplay on, "
          f"{engine} engine, {cores} {'core' if cores == 1 else 'cores'} a deal")
    for variant in names:
        print(bench(variant, deals, seconds, args.nodes, cores), flush=True)
    return 0


if __name__ == "__main__":
    # Closed output (`| head -1`) or Ctrl-C end with one line on stderr, not a traceback.
    sys.exit(guarded(main, "bench/solver.py"))
