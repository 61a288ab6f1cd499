"""The solver's commands: `solve` one deal, and measure a variant's `winrate` over many.

`winrate` writes one data file per variant (by default `data/winrates/<variant>.json`) that
the site's pages read; it records how the figures were made (commands, budget, solver
version, date), every deal's verdict, positions and time, and the sha256 of the rules file
they were made from, so that a page never shows figures measured under rules that have since
changed. A file is measured in pieces if need be: a run over other deals, under the same
rules, solver version and budget, is merged into it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import os
import platform
import shlex
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from patience.config import load_variant, variants
from patience.game import Game
from patience.solver import VERSION, SolveResult, solve

# Format 1 files hold the figures and the won deals; format 2 adds the lost and undecided
# deals, every deal's positions and time, and the solver's version. Pages read them all.
DATA_FORMATS = (1, 2)
DATA_FORMAT = DATA_FORMATS[-1]  # the one `patience winrate` writes
STATUSES = ("won", "lost", "undecided")
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


# -- budgets ------------------------------------------------------------------------------------


def count_arg(text: str | None, what: str, allow_none: bool = True) -> int | None:
    """A whole number of at least 1 from the command line; ValueError naming the option."""
    if text is None:
        if allow_none:
            return None
        raise ValueError(f"{what} is required")
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{what} must be a whole number of at least 1; got {text!r}") from None
    if value < 1:
        raise ValueError(f"{what} must be at least 1; got {text!r}")
    return value


def seconds_arg(text: str | None, what: str) -> float | None:
    """A finite number of seconds above 0 from the command line; ValueError naming the option."""
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{what} must be a number of seconds; got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{what} must be a number of seconds above 0; got {text!r}")
    return value


def deal_range(text: str, start: int | None) -> range:
    """`--deals`: "1-250" (first to last, both included), or "N" (N deals from `start`)."""
    first, dash, last = text.partition("-")
    if dash:
        if start is not None:
            raise ValueError("give either --deals FIRST-LAST or --deals N with --start, not both")
        try:
            low, high = int(first), int(last)
        except ValueError:
            raise ValueError(f"--deals must be N or FIRST-LAST, like 1-250; got {text!r}") from None
        if low < 0 or high < low:
            raise ValueError(f"--deals {text}: the range must run from a deal number >= 0 "
                             "up to one no smaller")
        return range(low, high + 1)
    count = count_arg(text, "--deals", allow_none=False)
    assert count is not None
    begin = 1 if start is None else start
    if begin < 0:
        raise ValueError(f"--start must be a deal number >= 0; got {begin}")
    return range(begin, begin + count)


# -- solve --------------------------------------------------------------------------------------


def cores_arg(text: str, nodes: int | None, seconds: float | None) -> int:
    """How many cores search each deal (1 or 2); two need a time budget and no node budget."""
    if text not in ("1", "2"):
        raise ValueError(f"--cores must be 1 or 2; got {text!r}")
    if text == "2" and (seconds is None or nodes is not None):
        raise ValueError("--cores 2 needs a time budget (--budget SECONDS) and no --nodes: "
                         "under a node budget the verdict must not depend on which process "
                         "gets further first")
    if text == "2" and "fork" not in multiprocessing.get_all_start_methods():
        raise ValueError("--cores 2 needs processes started by fork, which this system lacks")
    return int(text)


def solve_with(game: Game, nodes: int | None, seconds: float | None,
               cores: int = 1) -> SolveResult:
    """`solve`, or with two cores `parallel.solve_on_two` (see `cores_arg`)."""
    if cores == 2 and seconds is not None:
        from patience.parallel import solve_on_two  # processes: never in the browser

        return solve_on_two(game, seconds)
    return solve(game, max_nodes=nodes, max_seconds=seconds)


def cmd_solve(args: argparse.Namespace) -> int:
    """Print a winning line, one move a line, replayable with `play`; say if there is none."""
    nodes = count_arg(args.nodes, "--nodes")
    seconds = seconds_arg(args.budget, "--budget")
    cores = cores_arg(args.cores, nodes, seconds)
    if args.deal < 0:
        raise ValueError(f"--deal must be a deal number >= 0; got {args.deal}")
    game = Game(load_variant(args.variant), deal=args.deal, autoplay=not args.no_autoplay)
    result = solve_with(game, nodes, seconds, cores)
    for move in result.moves:
        print(move)
    words = {"won": f"won in {len(result.moves)} moves",
             "lost": "lost: no line wins this deal",
             "undecided": "undecided: the budget ran out"}[result.status]
    print(f"{args.variant} deal {args.deal}: {words} ({result.nodes:,} positions, "
          f"{result.seconds:.2f} s, thoughtful solver)", file=sys.stderr)
    return 0 if result.status == "won" else 1


# -- winrate ------------------------------------------------------------------------------------


Job = tuple[str, int, bool, int | None, float | None, int]
Result = tuple[int, str, int, float]  # deal, status, positions, seconds


def _solve_deal(job: Job) -> Result:
    """One deal in a worker process: (deal, status, nodes, seconds)."""
    variant, deal, autoplay, nodes, seconds, cores = job
    game = Game(load_variant(variant), deal=deal, autoplay=autoplay)
    result = solve_with(game, nodes, seconds, cores)
    return deal, result.status, result.nodes, result.seconds


def measure(variant: str, deals: Iterable[int], autoplay: bool = True,
            nodes: int | None = None, seconds: float | None = None,
            jobs: int = 1, cores: int = 1) -> list[Result]:
    """Solve every deal, across `jobs` processes, each deal on `cores` (see `cores_arg`);
    results in deal order."""
    work = [(variant, d, autoplay, nodes, seconds, cores) for d in deals]
    if jobs <= 1:
        return [_solve_deal(job) for job in work]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(_solve_deal, work, chunksize=4))


def summarize(results: list[Result]) -> dict[str, Any]:
    """Counts, rates, interval and timings of a measurement."""
    counts = {s: sum(1 for r in results if r[1] == s) for s in STATUSES}
    times = [r[3] for r in results]
    total_nodes = sum(r[2] for r in results)
    total_time = sum(times)
    return {
        **counts,
        "deals": len(results),
        **rate_range(counts["won"], counts["lost"], counts["undecided"]),
        "median_seconds": statistics.median(times) if times else 0.0,
        "p90_seconds": percentile(times, 0.90),
        "p95_seconds": percentile(times, 0.95),
        "nodes_per_second": total_nodes / total_time if total_time else 0.0,
    }


def report(variant: str, summary: dict[str, Any]) -> str:
    """The figures as the terminal shows them."""
    s = summary
    rate = (f"{100 * s['rate_low']:.1f} %" if s["undecided"] == 0
            else f"{100 * s['rate_low']:.1f}-{100 * s['rate_high']:.1f} %")
    decided = 100 * (s["won"] + s["lost"]) / s["deals"] if s["deals"] else 0.0
    return "\n".join([
        f"{variant}: {s['deals']} deals, thoughtful solver",
        f"  won {s['won']}, lost {s['lost']}, undecided {s['undecided']} "
        f"({decided:.1f} % decided)",
        f"  win rate {rate} (95 % Wilson interval {100 * s['low']:.1f}-{100 * s['high']:.1f} %"
        + (", undecided counted both ways)" if s["undecided"] else ")"),
        f"  per deal: median {s['median_seconds']:.3f} s, p90 {s['p90_seconds']:.3f} s, "
        f"p95 {s['p95_seconds']:.3f} s; {s['nodes_per_second']:,.0f} positions/s",
    ])


def spans(deals: Iterable[int]) -> list[list[int]]:
    """Deal numbers as runs of consecutive numbers: [[1, 250], [301, 400]]."""
    out: list[list[int]] = []
    for deal in sorted(deals):
        if out and deal == out[-1][1] + 1:
            out[-1][1] = deal
        else:
            out.append([deal, deal])
    return out


def data_record(variant: str, results: list[Result], settings: dict[str, Any],
                commands: list[str]) -> dict[str, Any]:
    """What the data file holds: the figures, how they were made, and every deal's result.

    `settings` holds what must match for two runs to be merged (see `MERGE_KEYS`).
    """
    results = sorted(results)
    s = summarize(results)
    return {
        "format": DATA_FORMAT,
        "variant": variant,
        "solver": "thoughtful",
        **settings,
        "commands": commands,
        "command": commands[-1],
        "date": datetime.now(UTC).date().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
                   f"Python {platform.python_version()}",
        "first_deal": results[0][0] if results else None,
        "deal_ranges": spans(r[0] for r in results),
        "deals": s["deals"],
        "won": s["won"],
        "lost": s["lost"],
        "undecided": s["undecided"],
        "rate_low": round(s["rate_low"], 6),
        "rate_high": round(s["rate_high"], 6),
        "interval": {"confidence": 0.95, "method": "wilson",
                     "low": round(s["low"], 6), "high": round(s["high"], 6)},
        "median_seconds": round(s["median_seconds"], 4),
        "p90_seconds": round(s["p90_seconds"], 4),
        "p95_seconds": round(s["p95_seconds"], 4),
        "nodes_per_second": round(s["nodes_per_second"]),
        **{f"{status}_deals": [r[0] for r in results if r[1] == status] for status in STATUSES},
        # Per deal: [deal, positions searched, seconds]; the positions repeat on any machine.
        "per_deal": [[r[0], r[2], round(r[3], 4)] for r in results],
    }


# Settings two runs must share to be merged into one file.
MERGE_KEYS = ("rules_sha256", "solver_version", "autoplay", "budget")


def stored_results(record: dict[str, Any]) -> list[Result]:
    """The per-deal results of a data file this version wrote; ValueError if it holds none."""
    status_of = {d: status for status in STATUSES for d in record[f"{status}_deals"]}
    out = []
    for deal, nodes, seconds in record["per_deal"]:
        out.append((int(deal), status_of[deal], int(nodes), float(seconds)))
    return out


def dump(record: dict[str, Any]) -> str:
    """The record as JSON, one field a line (long lists stay on their line)."""
    fields = [f" {json.dumps(k)}: {json.dumps(v, separators=(', ', ': '))}"
              for k, v in record.items()]
    return "{\n" + ",\n".join(fields) + "\n}\n"


def write_atomically(path: Path, text: str) -> None:
    """Write a file whole or not at all: a temporary file beside it, then a rename."""
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def check_writable(folder: Path) -> None:
    """Fail now, before hours of solving, if the data file could not be written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder) as probe:
            probe.write(b"probe")
    except OSError as exc:
        raise ValueError(f"cannot write the data file in {folder}: {exc.strerror or exc}") from None


def plan_merge(out: Path, settings: dict[str, Any], deals: range,
               replace: bool) -> list[Result]:
    """The earlier results this run adds to, checked before anything is solved.

    A file measured under the same settings is merged with (this run's deals win where both
    have them). One measured otherwise, or unreadable, is replaced only if this run measures
    at least as many deals, or with `--replace`.
    """
    if not out.exists():
        return []
    try:
        record = json.loads(out.read_text("utf-8"))
        if not isinstance(record, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as exc:
        if replace:
            return []
        raise ValueError(f"{out} exists but cannot be read ({exc}); "
                         "use --replace to write a new one over it") from None
    same = record.get("format") == DATA_FORMAT and all(
        record.get(k) == settings[k] for k in MERGE_KEYS)
    if same:
        try:
            earlier = stored_results(record)
        except (KeyError, TypeError, ValueError) as exc:
            if replace:
                return []
            raise ValueError(f"{out} is damaged ({exc}); use --replace to write a new one "
                             "over it") from None
        return [r for r in earlier if r[0] not in deals]
    size = record.get("deals")
    size = size if isinstance(size, int) else 0
    if size > len(deals) and not replace:
        differs = [k for k in MERGE_KEYS if record.get(k) != settings[k]] or ["format"]
        raise ValueError(
            f"{out} holds {size} deals measured with another {', '.join(differs)}; this run "
            f"of {len(deals)} deals would replace them, not add to them. Measure at least "
            f"{size} deals, or use --replace")
    return []


def cmd_winrate(args: argparse.Namespace) -> int:
    """Solve a range of deals, print the figures, and write (or add to) the data file."""
    nodes = count_arg(args.nodes, "--nodes")
    seconds = seconds_arg(args.budget, "--budget")
    jobs = count_arg(args.jobs, "--jobs", allow_none=False)
    assert jobs is not None
    deals = deal_range(args.deals, args.start)
    if seconds is None and nodes is None:
        raise ValueError("give a budget per deal: --nodes N (repeats on any machine) "
                         "and/or --budget SECONDS")
    rules = Path(args.rules_dir) / f"{args.variant}.yaml"
    if not rules.is_file():
        raise ValueError(f"no rules file {rules}: the data file records its hash "
                         "(use --rules-dir)")
    settings = {"rules_sha256": rules_sha256(rules), "solver_version": VERSION,
                "autoplay": not args.no_autoplay,
                "budget": {"nodes": nodes, "seconds": seconds}}
    out = Path(args.data_dir) / f"{args.variant}.json"
    earlier: list[Result] = []
    commands: list[str] = []
    if not args.no_write:
        check_writable(out.parent)
        earlier = plan_merge(out, settings, deals, args.replace)
        if earlier:
            commands = list(json.loads(out.read_text("utf-8")).get("commands", []))
    started = time.perf_counter()
    results = measure(args.variant, deals, not args.no_autoplay, nodes, seconds, jobs)
    print(report(f"{args.variant}, deals {deals.start}-{deals.stop - 1}", summarize(results)))
    print(f"  wall time {time.perf_counter() - started:.1f} s on {jobs} process(es)")
    if args.no_write:
        return 0
    command = "patience " + shlex.join(args.argv or sys.argv[1:])
    record = data_record(args.variant, earlier + results, settings, [*commands, command])
    try:
        write_atomically(out, dump(record))
    except OSError as exc:
        raise ValueError(f"cannot write {out}: {exc.strerror or exc}") from None
    if earlier:
        print(report(f"{args.variant}, all {record['deals']} deals in {out}",
                     summarize(earlier + results)))
    print(f"  wrote {out}")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `solve` and `winrate` to the engine's command line."""
    def common(cmd: argparse.ArgumentParser) -> None:
        cmd.add_argument("variant", choices=variants(), help="variant id")
        cmd.add_argument("--budget", default=None, metavar="SECONDS",
                         help="time budget per deal, in seconds")
        cmd.add_argument("--nodes", default=None, metavar="N",
                         help="position budget per deal (repeats on any machine)")
        cmd.add_argument("--no-autoplay", action="store_true",
                         help="make no automatic moves, even where the rules call for them")

    solve_cmd = sub.add_parser("solve", help="print a winning line for a deal")
    common(solve_cmd)
    solve_cmd.add_argument("--deal", type=int, default=1, help="deal number (default 1)")
    solve_cmd.add_argument("--cores", default="1", metavar="1|2",
                           help="2: the search that proves losses and the restarts that find "
                                "wins on a core each, each with the whole --budget")
    solve_cmd.set_defaults(func=cmd_solve)

    rate = sub.add_parser("winrate", help="measure the share of deals a thoughtful solver wins")
    common(rate)
    rate.add_argument("--deals", required=True, metavar="N|FIRST-LAST",
                      help="how many deals (from --start), or a range such as 251-500")
    rate.add_argument("--start", type=int, default=None,
                      help="first deal number with --deals N (default 1)")
    rate.add_argument("--jobs", default="1", metavar="N", help="worker processes (default 1)")
    rate.add_argument("--rules-dir", default="rules", help="folder of rules files")
    rate.add_argument("--data-dir", default="data/winrates", help="where the data file goes")
    rate.add_argument("--no-write", action="store_true", help="print the figures only")
    rate.add_argument("--replace", action="store_true",
                      help="write over a data file that this run cannot add to, even a larger one")
    rate.set_defaults(func=cmd_winrate, argv=None)
