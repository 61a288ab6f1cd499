"""How often the page's hint finds a winning line on a fresh deal that can be won.

    .venv/bin/python bench/hints.py [--deals 1-100] [--budget 1.0] [--asks 1] [--think 0]
                                    [--site DIR] [variant ...]

For each variant (default: the four launch games), the deals of the range that the variant's
win-rate file lists as won (`won_deals` in data/winrates/<id>.json) are dealt afresh and asked
for one hint with the page's one-second budget, in Pyodide under Node.js from a built site's
own files, as the game's worker does (bench/hints.mjs). Printed per variant: winnable deals in
the range, the share whose hint was the first move of a win, and the median and 90th-percentile
time of a hint. Goal: at least 90 % on each launch game. With `--asks N`, a deal whose first
hint found no win is asked again at the same position, up to N times in all, as a player
pressing Hint again would (a hint asked again searches on), and the wins within each number of
asks are printed too. With `--think S`, the worker first thinks for S seconds in the page's
slices, as it does while a player looks at a fresh deal (thinking.js), before the first hint
(whose time is printed). The budget is in seconds, so a loaded machine finds fewer wins: quote
the machine's load with the figures.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import build_site  # noqa: E402

from patience.solver_cli import deal_range, percentile  # noqa: E402

LAUNCH = ["westcliff", "thumb-and-pouch", "willow", "wood"]


def winnable(variant: str, deals: range) -> list[int]:
    """The deals of `deals` that the variant's win-rate file records as won."""
    data = json.loads((ROOT / "data" / "winrates" / f"{variant}.json").read_text("utf-8"))
    won = set(data.get("won_deals") or [])
    return [deal for deal in deals if deal in won]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="1-100", type=lambda text: deal_range(text, None))
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per hint")
    parser.add_argument("--asks", type=int, default=1, help="hints asked at most per deal")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds of thinking ahead before the first hint")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("variants", nargs="*", default=LAUNCH)
    args = parser.parse_args()
    scratch = None
    site = args.site
    if site is None:
        scratch = Path(tempfile.mkdtemp(prefix="patience-hints-"))
        site = build_site(scratch / "site")
    try:
        jobs = [f"{v}:{','.join(map(str, winnable(v, args.deals)))}" for v in args.variants]
        command = ["node", str(ROOT / "bench" / "hints.mjs"), str(site / "pyodide"),
                   str(args.budget), str(args.asks), str(args.think), *jobs]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return 1
        for line in done.stdout.splitlines():
            row = json.loads(line)
            times = row["seconds"] or [0.0]
            share = row["wins"] / row["deals"] if row["deals"] else 0.0
            print(f"{row['variant']:>18}: {row['wins']} of {row['deals']} winnable deals hinted "
                  f"a winning move ({share:.1%}; goal >= 90 %); hint median "
                  f"{statistics.median(times):.2f} s, p90 {percentile(times, 0.9):.2f} s")
            if args.asks > 1:
                within = [sum(row["asked"][:k + 1]) for k in range(args.asks)]
                print(f"{'':>20}wins within 1 to {args.asks} asks: "
                      + ", ".join(map(str, within)))
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
