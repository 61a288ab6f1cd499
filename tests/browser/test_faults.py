"""A page that never hangs: broken table scripts, a broken lock file, downloads cut off on the
way (tried once more), an engine that stops mid-game (started again), no requests that 404."""

from __future__ import annotations

import time

import pytest
from helpers import (
    click_move,
    console_lines,
    dom_piles,
    engine_game,
    engine_piles,
    open_game,
    play_by_clicks,
    record_console,
    wait_for_position,
    wait_until_playable,
)
from playwright.sync_api import expect

from patience_gen.site import gamepage

pytestmark = pytest.mark.browser
ERROR = '[data-variant][data-state="error"]'


def _missing(route) -> None:
    route.fulfill(status=404, body="missing")


def _mistyped(route) -> None:
    route.fulfill(status=200, content_type="text/javascript", body="export const = ;\n")


def _wrong_type(route) -> None:
    route.fulfill(status=200, content_type="text/plain", body=route.fetch().body())


@pytest.mark.parametrize("name", ["game.js", "table.js", "engine.js"])
@pytest.mark.parametrize("serve", [_missing, _mistyped, _wrong_type],
                         ids=["missing", "mistyped", "wrong-type"])
def test_a_broken_table_module_ends_in_the_error_state(browser, server, name, serve) -> None:
    context = browser.new_context()
    context.route(f"**/assets/patience/*/{name}*", serve)  # the second attempt's too
    page = context.new_page()
    started = time.monotonic()
    page.goto(f"{server.url}westcliff/")
    page.wait_for_selector(ERROR, timeout=10_000)
    assert time.monotonic() - started < 10
    assert page.is_visible('[data-role="error"]')
    assert not page.is_visible('[data-role="progress"]')
    context.close()


class CutOff:
    """A page opened in a new context (without the service worker) whose requests matching
    `pattern` are cut off the first `times` times, with the URLs asked for and the console
    recorded (record_console)."""

    def __init__(self, browser, pattern: str, times: int = 1) -> None:
        self.asked: list[str] = []
        self.times = times
        self.context = browser.new_context(service_workers="block")
        self.context.route(pattern, self._serve)
        self.page = self.context.new_page()
        record_console(self.page)

    def _serve(self, route) -> None:
        self.asked.append(route.request.url)
        if len(self.asked) <= self.times:
            route.abort("connectionreset")
        else:
            route.continue_()

    @property
    def lines(self) -> list[str]:
        return console_lines(self.page)

    def said(self, words: str) -> bool:
        return any(words in line for line in self.lines)


def test_a_table_module_cut_off_once_is_asked_for_again(browser, server) -> None:
    # table.js, imported by game.js: game.js itself is preloaded, and a failed preload is
    # simply fetched again by its script element.
    cut = CutOff(browser, "**/assets/patience/*/table.js*")
    cut.page.goto(f"{server.url}westcliff/")
    wait_until_playable(cut.page)
    cut.context.close()
    assert len(cut.asked) == 2, cut.asked


def test_a_page_whose_early_script_was_cut_off_starts_the_worker_itself(browser, server) -> None:
    cut = CutOff(browser, "**/assets/patience/*/early.js", times=2)
    cut.page.goto(f"{server.url}westcliff/")
    wait_until_playable(cut.page)
    cut.context.close()
    assert cut.said("as early.js did not run"), cut.lines


def test_an_engine_worker_cut_off_once_is_started_again(browser, server) -> None:
    cut = CutOff(browser, "**/assets/patience/*/worker.js*")
    cut.page.goto(f"{server.url}westcliff/#deal=3")
    wait_until_playable(cut.page)
    shown = dom_piles(cut.page)
    cut.context.close()
    assert len(cut.asked) == 2, cut.asked
    assert cut.said("starting the engine's worker again"), cut.lines
    assert shown == engine_piles(engine_game("westcliff", 3))  # the deal asked for was sent again


@pytest.mark.parametrize("times", [1, 2], ids=["once", "every-time"])
def test_a_download_cut_off_on_the_way_is_tried_once_more(browser, server, times) -> None:
    cut = CutOff(browser, "**/pyodide/pyodide.mjs*", times)
    cut.page.goto(f"{server.url}westcliff/")
    if times == 1:
        wait_until_playable(cut.page)
    else:
        cut.page.wait_for_selector(ERROR, timeout=60_000)
        assert cut.page.is_visible('[data-role="error"]')
    cut.context.close()
    assert len(cut.asked) == 2, cut.asked  # tried twice, never more
    assert "attempt=" not in cut.asked[0] and "attempt=2" in cut.asked[1]
    assert cut.said("again after a failed download"), cut.lines


def test_a_broken_lock_file_leaves_no_uncaught_error(browser, server) -> None:
    context = browser.new_context()
    context.route("**/pyodide/pyodide-lock.json",
                  lambda route: route.fulfill(status=200, body="{ not json"))
    page = context.new_page()
    lines: list[str] = []
    errors: list[str] = []
    page.on("console", lambda message: lines.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}willow/")
    page.wait_for_selector('[data-variant][data-state="error"], [data-variant][data-state="ready"]',
                           timeout=90_000)
    page.wait_for_timeout(500)
    context.close()
    assert not errors, errors
    assert not [line for line in lines if "Uncaught" in line], lines


# Ways an engine worker stops once the game is under way, as the page sees them: the
# worker's script fails outside any request, or the interpreter fails while answering one
# (here JSON.stringify, which the worker calls first, stands in for Pyodide).
SCRIPT_FAILS = "setTimeout(() => { throw new Error('out of memory, for the test'); }, 0)"
INTERPRETER_FAILS = """() => {
  const stringify = JSON.stringify;
  JSON.stringify = () => {
    JSON.stringify = stringify;
    throw new Error('memory access out of bounds, for the test');
  };
}"""


def _plain_move(game) -> str:
    return str(next(m for m in game.legal_moves() if not m.source.startswith("stock")))


@pytest.mark.parametrize("failure", ["script", "interpreter"])
def test_an_engine_stopped_mid_game_is_started_again_with_the_game(page, server, failure) -> None:
    deal = 3
    game = engine_game("westcliff", deal)
    open_game(page, f"{server.url}westcliff/#deal={deal}")
    play_by_clicks(page, game, [_plain_move(game)])
    worker = next(w for w in page.workers if "/worker.js" in w.url)
    worker.evaluate(SCRIPT_FAILS if failure == "script" else INTERPRETER_FAILS)
    if failure == "interpreter":
        # The move the failure met is not played: the page shows the position before it.
        click_move(page, game, _plain_move(game))
    notice = gamepage.ui_strings("en")["engine_restarted"]
    expect(page.locator('[data-role="message"]')).to_have_text(notice, timeout=60_000)
    wait_for_position(page, game)
    assert any("with the game where it was" in line for line in console_lines(page))
    play_by_clicks(page, game, [_plain_move(game)])
    # The game's history went to the new worker with it: both moves are undone.
    for _ in range(2):
        page.click('[data-action="undo"]')
    wait_for_position(page, engine_game("westcliff", deal))


def test_an_engine_that_keeps_stopping_ends_in_the_error_state(page, server) -> None:
    open_game(page, f"{server.url}westcliff/#deal=3")
    message = page.locator('[data-role="message"]')
    notice = gamepage.ui_strings("en")["engine_restarted"]
    for restarts in range(4):  # started again three times (RESTARTS in controller.js), then not
        if restarts:
            expect(message).to_have_text(notice, timeout=60_000)
        message.evaluate("(element) => { element.textContent = ''; }")
        worker = [w for w in page.workers if "/worker.js" in w.url][-1]
        worker.evaluate(SCRIPT_FAILS)
    page.wait_for_selector(ERROR, timeout=60_000)
    assert page.is_visible('[data-role="error"]')
    assert sum("with the game where it was" in line for line in console_lines(page)) == 3


@pytest.mark.parametrize("path", ["", "fr/", "pt/klondike/", "rules-reference/"])
def test_no_request_of_a_page_answers_404(page, server, path) -> None:
    missing: list[str] = []
    page.on("response", lambda response: missing.append(response.url)
            if response.status == 404 else None)
    page.goto(server.url + path)
    if page.locator("[data-variant]").count():
        wait_until_playable(page)
    page.wait_for_load_state("networkidle")
    assert not missing, missing

