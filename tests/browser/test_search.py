"""Material's search on game pages, whose worker waits for the engine (search-later.js)."""

from __future__ import annotations

from helpers import open_game

QUERY = "input[data-md-component=search-query]"
RESULTS = ".md-search-result__item"


def search(page, words: str) -> list[str]:
    """Type into the search box as a reader would; the links of the results."""
    page.click(QUERY)
    page.keyboard.type(words, delay=20)
    page.wait_for_selector(RESULTS, timeout=10_000)  # well before search-later.js gives up waiting
    return page.eval_on_selector_all(f"{RESULTS} a", "links => links.map(a => a.href)")


def test_search_works_once_the_game_is_ready(page, server) -> None:
    open_game(page, f"{server.url}fr/willow/")
    links = search(page, "éventail")
    assert any("/fr/willow/" in link for link in links), links


def test_search_starts_when_used_even_if_the_engine_never_does(browser, server) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    stalled = []
    # The interpreter never arrives: the page stays loading, and search must not wait for it.
    context.route("**/pyodide.asm.wasm", lambda route: stalled.append(route))
    page = context.new_page()
    page.goto(f"{server.url}pt/westcliff/")
    page.wait_for_selector('[data-variant][data-state="loading"]')
    links = search(page, "Westcliff")
    assert any("/westcliff/" in link for link in links), links
    assert page.get_attribute("[data-variant]", "data-state") == "loading"
    assert stalled, "the engine's start was not held back"
    context.close()


def test_search_still_works_when_the_engine_fails(browser, server) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page = context.new_page()
    open_game(page, f"{server.url}westcliff/", wait='[data-variant][data-state="error"]')
    assert any("/westcliff/" in link for link in search(page, "Westcliff"))
    context.close()
