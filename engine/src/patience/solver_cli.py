"""The solver's commands: `solve` one deal, and measure a variant's `winrate` over many.

`winrate` writes one data file per variant (by default `data/winrates/<variant>.json`) that
the site's pages read; it records how the figures were made (command, budget, date) and the
sha256 of the rules file they were made from, so that a page never shows figures measured
under rules that have since changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import shlex
import statistics
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from patience.config import load_variant, variants
from patience.game import Game
from patience.solver import solve

DATA_FORMAT = 1
Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95 % interval


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion, as (low, high).

    Wilson rather than the textbook normal interval because win rates near 0 % or 100 %
    (the easiest and hardest games') are exactly where the normal interval leaves [0, 1].
    """
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}; got {successes}")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_range(won: int, lost: int, undecided: int) -> dict[str, float]:
    """Win rate with undecided deals counted both ways, and the 95 % interval around both.

    `rate_low` counts every undecided deal as lost, `rate_high` as won; the interval runs
    from the lower Wilson bound of the first to the upper Wilson bound of the second.
    """
    n = won + lost + undecided
    low, _ = wilson(won, n)
    _, high = wilson(won + undecided, n)
    return {"rate_low": won / n if n else 0.0, "rate_high": (won + undecided) / n if n else 1.0,
            "low": low, "high": high}


def percentile(values: Iterable[float], share: float) -> float:
    """The nearest-rank percentile (share in 0..1) of some values; 0.0 for none."""
    data = sorted(values)
    if not data:
        return 0.0
    return data[max(0, math.ceil(share * len(data)) - 1)]


def rules_sha256(path: Path) -> str:
    """The sha256 of a rules file's bytes: the figures' tie to the rules they measure."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- solve --------------------------------------------------------------------------------------


def cmd_solve(args: argparse.Namespace) -> int:
    """Print a winning line, one move a line, replayable with `play`; say if there is none."""
    game = Game(load_variant(args.variant), deal=args.deal, autoplay=not args.no_autoplay)
    result = solve(game, max_nodes=args.nodes, max_seconds=args.budget)
    for move in result.moves:
        print(move)
    words = {"won": f"won in {len(result.moves)} moves",
             "lost": "lost: no line wins this deal",
             "undecided": "undecided: the budget ran out"}[result.status]
    print(f"{args.variant} deal {args.deal}: {words} ({result.nodes:,} positions, "
          f"{result.seconds:.2f} s, thoughtful solver)", file=sys.stderr)
    return 0 if result.status == "won" else 1


# -- winrate ------------------------------------------------------------------------------------


Job = tuple[str, int, bool, int | None, float | None]


def _solve_deal(job: Job) -> tuple[int, str, int, float]:
    """One deal in a worker process: (deal, status, nodes, seconds)."""
    variant, deal, autoplay, nodes, seconds = job
    game = Game(load_variant(variant), deal=deal, autoplay=autoplay)
    result = solve(game, max_nodes=nodes, max_seconds=seconds)
    return deal, result.status, result.nodes, result.seconds


def measure(variant: str, deals: Iterable[int], autoplay: bool = True,
            nodes: int | None = None, seconds: float | None = None,
            jobs: int = 1) -> list[tuple[int, str, int, float]]:
    """Solve every deal, across `jobs` processes; results in deal order."""
    work = [(variant, d, autoplay, nodes, seconds) for d in deals]
    if jobs <= 1:
        return [_solve_deal(job) for job in work]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(_solve_deal, work, chunksize=4))


def summarize(results: list[tuple[int, str, int, float]]) -> dict[str, Any]:
    """Counts, rates, interval and timings of a measurement."""
    counts = {s: sum(1 for r in results if r[1] == s) for s in ("won", "lost", "undecided")}
    times = [r[3] for r in results]
    total_nodes = sum(r[2] for r in results)
    total_time = sum(times)
    return {
        **counts,
        "deals": len(results),
        **rate_range(counts["won"], counts["lost"], counts["undecided"]),
        "median_seconds": statistics.median(times) if times else 0.0,
        "p95_seconds": percentile(times, 0.95),
        "nodes_per_second": total_nodes / total_time if total_time else 0.0,
    }


def report(variant: str, summary: dict[str, Any]) -> str:
    """The figures as the terminal shows them."""
    s = summary
    rate = (f"{100 * s['rate_low']:.1f} %" if s["undecided"] == 0
            else f"{100 * s['rate_low']:.1f}-{100 * s['rate_high']:.1f} %")
    return "\n".join([
        f"{variant}: {s['deals']} deals, thoughtful solver",
        f"  won {s['won']}, lost {s['lost']}, undecided {s['undecided']}",
        f"  win rate {rate} (95 % Wilson interval {100 * s['low']:.1f}-{100 * s['high']:.1f} %"
        + (", undecided counted both ways)" if s["undecided"] else ")"),
        f"  per deal: median {s['median_seconds']:.3f} s, p95 {s['p95_seconds']:.3f} s; "
        f"{s['nodes_per_second']:,.0f} positions/s",
    ])


def data_record(variant: str, summary: dict[str, Any], results: list[tuple[int, str, int, float]],
                args: argparse.Namespace, rules_hash: str, command: str) -> dict[str, Any]:
    """What the data file holds: the figures, how they were made, and the won deal numbers."""
    s = summary
    return {
        "format": DATA_FORMAT,
        "variant": variant,
        "solver": "thoughtful",
        "command": command,
        "rules_sha256": rules_hash,
        "date": datetime.now(UTC).date().isoformat(),
        "autoplay": not args.no_autoplay,
        "budget": {"nodes": args.nodes, "seconds": args.budget},
        "first_deal": args.start,
        "deals": s["deals"],
        "won": s["won"],
        "lost": s["lost"],
        "undecided": s["undecided"],
        "rate_low": round(s["rate_low"], 6),
        "rate_high": round(s["rate_high"], 6),
        "interval": {"confidence": 0.95, "method": "wilson",
                     "low": round(s["low"], 6), "high": round(s["high"], 6)},
        "median_seconds": round(s["median_seconds"], 4),
        "p95_seconds": round(s["p95_seconds"], 4),
        "nodes_per_second": round(s["nodes_per_second"]),
        "won_deals": [r[0] for r in results if r[1] == "won"],
    }


def cmd_winrate(args: argparse.Namespace) -> int:
    """Solve a range of deals, print the figures, and write the variant's data file."""
    rules = Path(args.rules_dir) / f"{args.variant}.yaml"
    if not rules.is_file():
        raise ValueError(f"no rules file {rules}: the data file records its hash "
                         "(use --rules-dir)")
    if args.budget is None and args.nodes is None:
        raise ValueError("give a budget per deal: --budget SECONDS and/or --nodes N")
    deals = range(args.start, args.start + args.deals)
    started = time.perf_counter()
    results = measure(args.variant, deals, not args.no_autoplay, args.nodes, args.budget,
                      args.jobs)
    summary = summarize(results)
    print(report(args.variant, summary))
    print(f"  wall time {time.perf_counter() - started:.1f} s on {args.jobs} process(es)")
    if args.no_write:
        return 0
    command = "patience " + shlex.join(args.argv or sys.argv[1:])
    record = data_record(args.variant, summary, results, args, rules_sha256(rules), command)
    out = Path(args.data_dir) / f"{args.variant}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(record, indent=1) + "\n", "utf-8")
    print(f"  wrote {out}")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `solve` and `winrate` to the engine's command line."""
    def common(cmd: argparse.ArgumentParser) -> None:
        cmd.add_argument("variant", choices=variants(), help="variant id")
        cmd.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                         help="time budget per deal, in seconds")
        cmd.add_argument("--nodes", type=int, default=None,
                         help="position budget per deal (reproducible on any machine)")
        cmd.add_argument("--no-autoplay", action="store_true",
                         help="make no automatic moves, even where the rules call for them")

    solve_cmd = sub.add_parser("solve", help="print a winning line for a deal")
    common(solve_cmd)
    solve_cmd.add_argument("--deal", type=int, default=1, help="deal number (default 1)")
    solve_cmd.set_defaults(func=cmd_solve)

    rate = sub.add_parser("winrate", help="measure the share of deals a thoughtful solver wins")
    common(rate)
    rate.add_argument("--deals", type=int, required=True, help="how many deals")
    rate.add_argument("--start", type=int, default=1, help="first deal number (default 1)")
    rate.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    rate.add_argument("--rules-dir", default="rules", help="folder of rules files")
    rate.add_argument("--data-dir", default="data/winrates", help="where the data file goes")
    rate.add_argument("--no-write", action="store_true", help="print the figures only")
    rate.set_defaults(func=cmd_winrate, argv=None)
