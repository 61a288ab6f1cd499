"""Browser tests: the site is built once, served on 127.0.0.1 and driven in Debian's Chromium."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import record_console
from server import SiteServer

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

BUILD = """
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
overrides = {"site_dir": sys.argv[2]}
if sys.argv[3]:
    overrides["site_url"] = sys.argv[3]
build(load_config(sys.argv[1], **overrides))
"""


def build_site(dest: Path, site_url: str = "") -> Path:
    """`mkdocs build` of the repository's site into dest (optionally with a site_url)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-c", BUILD, str(ROOT / "mkdocs.yml"), str(dest), site_url]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"the site did not build:\n{result.stderr[-4000:]}")
    return dest


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[SiteServer]:
    with SiteServer(site) as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def shared_context(browser: object) -> Iterator[object]:
    """One context for most tests, so Pyodide's files come from the HTTP cache after the first."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(60_000)
    yield context
    context.close()


@pytest.fixture
def page(shared_context: object, server: SiteServer) -> Iterator[object]:
    """A new tab with no saved games or statistics."""
    tab = shared_context.new_page()
    record_console(tab)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(server.url + "404.html")
    tab.evaluate("localStorage.clear()")
    yield tab
    # Errors raised while the tab is being torn down (a worker's import cut off by the close)
    # are not the page's own: only those seen during the test count.
    during_test = list(errors)
    tab.close()
    assert not during_test, f"uncaught errors in the page: {during_test}"


@pytest.fixture
def variants() -> list[str]:
    import patience

    return patience.variants()
