"""How fast a game page becomes playable, against Pyodide alone, and how fast a move redraws.

    .venv/bin/python bench/browser_boot.py [--runs 5] [--site DIR] [--variant westcliff]
    .venv/bin/python bench/browser_boot.py --service-worker --runs 10
    .venv/bin/python bench/browser_boot.py --runs 0 --pause 2000   # moves while it thinks

Builds the site (unless --site names a built one), serves it on 127.0.0.1 and, in one
Chromium, times in turn:

- boot: navigation start to `data-state="ready"` on a game page, against navigation start to
  the end of `loadPyodide()` on a bare page that boots Pyodide from the same files in a module
  worker, as the game does. Cold = a new browser context (empty cache); warm = a reload.
  Goal: game / bare <= 0.8 both ways. Each visit is followed by two quiet seconds, so that
  the warm visit is a second visit, not a reload while the first is still at work. The game
  page's warm run goes through its service worker (registered once it is playable), and is
  also timed with service workers blocked. For
  scale, the same bare page also boots Pyodide's files as the npm package ships them (its
  standard library as sources, where the site's is bytecode), and starts the game's own
  worker (worker.js) with no page around it, until it has dealt the first deal: Pyodide
  restored from the site's snapshot, which holds the engine already imported. That is the
  least any game page can take; the rest is the page itself.
- latency: from the input event to the start, and to the end, of the frame that shows the move
  (the page reports both in a `patience:drawn` event), over a game's worth of clicked moves
  (stock turns included). Goal: median <= 16 ms, 95th percentile <= 50 ms. With `--pause MS`,
  each click waits MS first, so that with 2000 it lands while the worker thinks ahead (which
  starts after 1.5 s without a request, see thinking.js) and may wait behind one slice.
- first visit: the bytes the server sends until a game page is playable and its service
  worker has kept what it needs for playing offline.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM, CHROMIUM_ARGS, build_site  # noqa: E402
from helpers import click_move, engine_game, parse_move, wait_for_position  # noqa: E402
from server import SiteServer  # noqa: E402

from patience_gen.site import webassets  # noqa: E402

BARE_PAGE = """<!doctype html>
<meta charset="utf-8">
<title>Pyodide alone</title>
<script type="module">
  const params = new URLSearchParams(location.search);
  const ready = () => {
    performance.mark("pyodide-ready");
    document.documentElement.dataset.ready = "yes";
  };
  const variant = params.get("engine");
  if (variant) {
    // The game's own worker, started as a game page starts it, with no page around it.
    const address = new URL(params.get("worker"), location.href);
    address.searchParams.set("pyodide", new URL(params.get("folder"), location.href).href);
    const worker = new Worker(address, { type: "module" });
    worker.onmessage = ({ data }) => {
      if (data.type === "ready") {
        worker.postMessage({ type: "call", id: 1, cmd: "new", args: { variant, deal: 1 } });
      } else if (data.type === "answer") {
        ready();
      }
    };
  } else {
    const worker = new Worker("bare-worker.js" + location.search, { type: "module" });
    worker.onmessage = ready;
  }
</script>
"""
BARE_WORKER = """const params = new URL(self.location.href).searchParams;
const base = new URL(params.get("folder"), self.location.href).href;
const { loadPyodide } = await import(base + "pyodide.mjs");
await loadPyodide({ indexURL: base });
postMessage("ready");
"""


def engine_worker(site: Path) -> str:
    """The address of the game's worker.js in a built site."""
    [module] = (site / "assets" / "patience").glob("*/worker.js")
    return module.relative_to(site).as_posix()


READY_MARK = "performance.getEntriesByName('{}')[0].startTime"
# Quiet time after each visit, for every page alike: a visit's work after it is playable (the
# game keeping its memory and files for the next visit) does not run into the next timing.
SETTLE_MS = 2000


def boot_time(page: Any, url: str, *, reload: bool) -> float:
    """Milliseconds from navigation start to the page's ready mark."""
    if "bare-pyodide.html" in url:
        selector, mark = "html[data-ready]", "pyodide-ready"
    else:
        selector, mark = '[data-variant][data-state="ready"]', "patience-ready"
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector(selector, timeout=180_000, state="attached")
    return page.evaluate(READY_MARK.format(mark))


def measure_boot(browser: Any, pages: dict[str, str], runs: int) -> dict[str, dict[str, list]]:
    times: dict[str, dict[str, list]] = {mode: {name: [] for name in pages}
                                        for mode in ("cold", "warm")}
    for run in range(runs):
        # Rotate the order so that no page always goes first.
        order = list(pages.items())
        order = order[run % len(order):] + order[:run % len(order)]
        for name, url in order:
            # The game page registers its service worker once playable: its warm run is a
            # second visit through it, beside the same page with service workers blocked.
            blocked = "no service worker" in name
            context = browser.new_context(service_workers="block" if blocked else "allow")
            page = context.new_page()
            times["cold"][name].append(boot_time(page, url, reload=False))
            # A second visit comes once the first has settled (what it keeps is kept).
            page.wait_for_timeout(SETTLE_MS)
            times["warm"][name].append(boot_time(page, url, reload=True))
            page.wait_for_timeout(SETTLE_MS)
            context.close()
    return times


def first_visit_bytes(context: Any, server: SiteServer, url: str) -> int:
    """Bytes the server sends for a first visit of a game page, until the page is playable and
    its service worker has kept what it needs for playing offline."""
    server.reset_count()
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('[data-variant][data-state="ready"]', timeout=180_000)
    page.wait_for_selector('[data-variant][data-offline="kept"]', timeout=180_000,
                           state="attached")
    context.close()
    return server.bytes_sent


def measure_latency(browser: Any, base: str, variant: str, deal: int, line: list[str],
                    pause: int = 0) -> list:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(f"{base}{variant}/#deal={deal}")
    page.wait_for_selector('[data-variant][data-state="ready"]', timeout=180_000)
    page.evaluate("""() => {
      window.latencies = [];
      document.querySelector('[data-variant]').addEventListener('patience:drawn',
        (event) => window.latencies.push([event.detail.frame, event.detail.latency]));
    }""")
    game = engine_game(variant, deal)
    for move in line:
        if pause:
            page.wait_for_timeout(pause)
        click_move(page, game, move)
        game.play(parse_move(move))
        wait_for_position(page, game)
    samples = page.evaluate("window.latencies")
    context.close()
    return samples


def summary(values: list[float]) -> str:
    runs = ", ".join(f"{v:.0f}" for v in values)
    return f"median {statistics.median(values):7.1f} ms  (runs: {runs})"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def print_times(times: dict[str, dict[str, list]], mode: str) -> None:
    for name, values in times[mode].items():
        print(f"{mode}: {name:28} {summary(values)}")


def report_service_worker(times: dict[str, dict[str, list]]) -> int:
    """A second visit through the service worker against one without it (goal: ratio <= 1)."""
    for mode in ("cold", "warm"):
        print_times(times, mode)
    warm = {name: statistics.median(values) for name, values in times["warm"].items()}
    ratio = warm["game page"] / warm["game page, no service worker"]
    print(f"warm: through the service worker / without it: {ratio:.3f} (goal <= 1)")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--variant", default="westcliff")
    parser.add_argument("--deal", type=int, default=0, help="deal for the latency run (0: find)")
    parser.add_argument("--service-worker", action="store_true",
                        help="time only the game page with and without its service worker "
                             "(use more --runs: the gap is small beside the noise)")
    parser.add_argument("--pause", type=int, default=0,
                        help="milliseconds to wait before each move of the latency run")
    args = parser.parse_args()

    from helpers import winning_line
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or build_site(Path(tmp) / "site")
        (site / "bare-pyodide.html").write_text(BARE_PAGE)
        (site / "bare-worker.js").write_text(BARE_WORKER)
        stock = site / "stock-pyodide"
        stock.mkdir(exist_ok=True)
        for name in (*webassets.PYODIDE_CORE, webassets.LOCK_NAME):
            shutil.copy2(ROOT / "node_modules" / "pyodide" / name, stock / name)
        deal, line = args.deal, None
        for candidate in [args.deal] if args.deal else range(1, 60):
            line = winning_line(args.variant, candidate)
            if line:
                deal = candidate
                break
        line = line or [str(m) for m in engine_game(args.variant, deal).legal_moves()[:1]]
        with SiteServer(site) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"Chromium {browser.version}, {args.runs} runs, site {site}")
            pages = {
                "Pyodide alone": server.url + "bare-pyodide.html?folder=pyodide/",
                "npm's Pyodide alone": server.url + "bare-pyodide.html?folder=stock-pyodide/",
                "engine, no page": (f"{server.url}bare-pyodide.html?folder=pyodide/"
                                    f"&engine={args.variant}&worker={engine_worker(site)}"),
                "game page": f"{server.url}{args.variant}/",
                "game page, no service worker": f"{server.url}{args.variant}/",
            }
            if args.service_worker:
                pages = {name: url for name, url in pages.items() if name.startswith("game")}
            times = measure_boot(browser, pages, args.runs)
            if args.service_worker:
                browser.close()
                return report_service_worker(times)
            for mode in ("cold", "warm") if args.runs else ():
                print_times(times, mode)
                median = {name: statistics.median(times[mode][name]) for name in pages}
                game, bare = median["game page"], median["Pyodide alone"]
                stock, floor = median["npm's Pyodide alone"], median["engine, no page"]
                print(f"{mode}: ratio {game / bare:.3f} to Pyodide alone from the same files "
                      f"(goal <= 0.8); {game / stock:.3f} to npm's Pyodide alone; "
                      f"the engine with no page: {floor / bare:.3f}; without the service "
                      f"worker: {median['game page, no service worker'] / bare:.3f}")
            # A browser profile with a disk cache, where the service worker finds what the page
            # has just loaded; and a private context, whose memory cache cannot hold Pyodide's
            # 9.6 MB WebAssembly file, which the service worker then downloads again.
            game_url = f"{server.url}{args.variant}/"
            with tempfile.TemporaryDirectory() as profile:
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                sent = first_visit_bytes(context, server, game_url)
            private = first_visit_bytes(browser.new_context(), server, game_url)
            print(f"first visit: {sent / 1e6:.2f} MB sent by the server (the page, Pyodide, "
                  f"the snapshot, the wheel; what the service worker keeps comes from the "
                  f"browser's cache); {private / 1e6:.2f} MB in a private context")
            samples = measure_latency(browser, server.url, args.variant, deal, line, args.pause)
            browser.close()
        if samples:
            print(f"move latency over {len(samples)} clicked moves"
                  f"{f', each after {args.pause} ms' if args.pause else ''} "
                  "(goal: median <= 16 ms, p95 <= 50 ms):")
            for i, what in enumerate(("to the frame that draws it", "to the end of that frame")):
                values = [sample[i] for sample in samples]
                print(
                    f"  click {what}: median {statistics.median(values):.1f} ms, "
                    f"p95 {percentile(values, 95):.1f} ms"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
