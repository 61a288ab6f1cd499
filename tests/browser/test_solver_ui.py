"""The solver on the page: Hint shows a legal move, and "winnable deals only" deals a won one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import engine_game, open_game, play_by_clicks, wait_for_position

from patience_gen.site import gamepage

pytestmark = pytest.mark.browser

DATA = Path(__file__).parents[2] / "data" / "winrates"


def test_hint_highlights_a_legal_move_on_a_fresh_deal(page, server) -> None:
    open_game(page, f"{server.url}fr/thumb-and-pouch/#deal=11")
    page.click('[data-action="hint"]')
    page.wait_for_selector(".pt-hint", timeout=15_000)
    lit = set(page.eval_on_selector_all(".pt-hint", "els => els.map(e => e.dataset.pile)"))
    legal = engine_game("thumb-and-pouch", 11).legal_moves()
    assert any({m.source, m.target} == lit for m in legal), (lit, legal)


def test_winnable_deals_only_deals_a_deal_the_solver_won(page, server) -> None:
    won = set(json.loads((DATA / "westcliff.json").read_text())["won_deals"])
    open_game(page, f"{server.url}westcliff/#deal=999999")
    page.check('[data-role="winnable"]')
    page.click('[data-action="new"]')
    page.wait_for_function("() => !location.hash.endsWith('=999999')", timeout=15_000)
    deal = int(page.evaluate("location.hash").split("=")[1])
    assert deal in won
    page.reload()
    page.wait_for_selector('[data-state="ready"]', timeout=90_000)
    assert page.is_checked('[data-role="winnable"]')


def _visible(page, shown: bool) -> None:
    """Tells the page it was hidden or shown again, as a switch of tabs would."""
    page.evaluate("""shown => {
        Object.defineProperty(document, "visibilityState",
                              { configurable: true, get: () => shown ? "visible" : "hidden" });
        document.dispatchEvent(new Event("visibilitychange"));
    }""", shown)


def _hint(page) -> str:
    """Asks for a hint and gives what the page says of it."""
    message = page.locator('[data-role="message"]')
    page.evaluate("""() => { const m = document.querySelector('[data-role="message"]');
                             m.hidden = true; m.textContent = ""; }""")
    page.click('[data-action="hint"]')
    page.wait_for_function("""() => { const m = document.querySelector('[data-role="message"]');
                                      return !m.hidden && m.textContent; }""")
    return message.text_content()


def _wins(said: str) -> bool:
    strings = gamepage.ui_strings("en")
    return said.startswith(strings["hint_move"].split("{")[0]) or said == strings["hint_stock"]


def test_the_table_thinks_ahead_while_the_player_does(page, server) -> None:
    """After a quiet moment the worker searches on for a win in short slices, so that a hint
    asked then gives a win that its own second would miss, while a move made as it thinks is
    played at once. While the page is hidden it does not think: a hint then has only its own
    second. Wood deal 16 is won within 33,630 positions of the hint's search: more than a
    second's worth in the worker, and a few seconds of its thinking, so the test holds on a
    slow machine too (deal 11, which needs 87,504, can take more than the ten seconds that
    thinking gives one position)."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_game(page, f"{server.url}wood/#deal=16")
    game = engine_game("wood", 16)
    _visible(page, False)
    page.wait_for_timeout(12_000)
    assert any(url.split("?")[0].endswith("/thinking.js") for url in asked), asked
    said = _hint(page)
    assert not _wins(said), said
    _visible(page, True)
    page.wait_for_timeout(2500)
    move = str(game.legal_moves()[0])
    play_by_clicks(page, game, [move])
    page.click('[data-action="undo"]')
    wait_for_position(page, engine_game("wood", 16))
    page.wait_for_timeout(15_000)
    said = _hint(page)
    assert _wins(said), said
