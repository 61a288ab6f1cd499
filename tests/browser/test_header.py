"""Material's script on game pages: started once the table is playable, or at once when the
reader reaches for the header first (material.js)."""

from __future__ import annotations

import pytest
from helpers import open_game

pytestmark = pytest.mark.browser

STARTED = '[data-variant][data-header="started"]'
SCHEME = "document.body.getAttribute('data-md-color-scheme')"
PALETTE = '[data-md-component="palette"] label:not([hidden])'
# When the page asked for Material's script, and when its table became playable.
TIMES = """() => {
  const script = document.querySelector('script[data-material]');
  const address = new URL(script.dataset.material, document.baseURI).href;
  const asked = performance.getEntriesByName(address)[0];
  const ready = performance.getEntriesByName('patience-ready')[0];
  return [asked ? asked.startTime : null, ready ? ready.startTime : null];
}"""


def test_materials_script_starts_after_the_table_is_playable(page, server) -> None:
    open_game(page, f"{server.url}fr/willow/")
    page.wait_for_selector(STARTED, state="attached")
    asked, ready = page.evaluate(TIMES)
    assert ready is not None and asked is not None and asked >= ready, (asked, ready)
    # Material runs: the header's palette switch changes the page's colours.
    scheme = page.evaluate(SCHEME)
    page.click(PALETTE)
    page.wait_for_function(f"{SCHEME} !== '{scheme}'")
    assert page.get_attribute("[data-variant]", "data-state") == "ready"


def test_the_header_works_at_once_while_the_engine_is_still_loading(browser, server) -> None:
    context = browser.new_context()
    stalled = []
    # The interpreter never arrives: the table stays loading, and the header must not wait.
    context.route("**/pyodide.asm.wasm", lambda route: stalled.append(route))
    page = context.new_page()
    try:
        page.goto(f"{server.url}westcliff/")
        scheme = page.evaluate(SCHEME)
        page.click(PALETTE)
        page.wait_for_function(f"{SCHEME} !== '{scheme}'", timeout=2_500)
        page.wait_for_selector(STARTED, state="attached")
        assert page.get_attribute("[data-variant]", "data-state") == "loading"
        assert stalled, "the engine's start was not held back"
    finally:
        context.close()
