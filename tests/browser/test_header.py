"""Material's script on game pages: started once the table is playable, or at once when the
reader reaches for the header first (material.js)."""

from __future__ import annotations

import pytest
from helpers import HEADER_STARTED, open_game, switch_palette

pytestmark = pytest.mark.browser

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
    page.wait_for_selector(HEADER_STARTED, state="attached")
    asked, ready = page.evaluate(TIMES)
    assert ready is not None and asked is not None and asked >= ready, (asked, ready)
    switch_palette(page)  # Material runs: the palette switch changes the page's colours
    assert page.get_attribute("[data-variant]", "data-state") == "ready"


def test_the_header_works_at_once_while_the_engine_is_still_loading(browser, server) -> None:
    context = browser.new_context()
    stalled = []
    # The interpreter never arrives: the table stays loading, and the header must not wait.
    context.route("**/pyodide.asm.wasm", lambda route: stalled.append(route))
    page = context.new_page()
    try:
        page.goto(f"{server.url}westcliff/")
        switch_palette(page, timeout=2_500)
        page.wait_for_selector(HEADER_STARTED, state="attached")
        assert page.get_attribute("[data-variant]", "data-state") == "loading"
        assert stalled, "the engine's start was not held back"
    finally:
        context.close()
