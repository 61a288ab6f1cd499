"""The game page in Chromium: loading, every way of playing, saves, and self-hosting."""

from __future__ import annotations

import gzip
import json
import os
import re
from pathlib import Path

import pytest
from helpers import (
    click_card,
    click_move,
    click_pile,
    dom_piles,
    drag_move,
    engine_game,
    engine_piles,
    open_game,
    parse_move,
    play_by_clicks,
    wait_for_position,
    wait_until_playable,
    winning_line,
)
from server import SiteServer

import patience
from patience_gen.site import webassets

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def first_move(variant: str, deal: int, want) -> str | None:
    game = engine_game(variant, deal)
    for move in game.legal_moves():
        if want(move, game):
            return str(move)
    return None


def find_deal(variant: str, want, deals: range = range(1, 400)) -> tuple[int, str]:
    """A deal whose first position has a legal move that `want` accepts, and that move."""
    for deal in deals:
        move = first_move(variant, deal, want)
        if move:
            return deal, move
    raise AssertionError(f"no {variant} deal in {deals} has the move wanted")


def to_foundation(move: patience.Move, game: patience.Game) -> bool:
    return move.source.startswith("tableau") and move.target.startswith("foundation")


def tableau_to_tableau(move: patience.Move, game: patience.Game) -> bool:
    return move.source.startswith("tableau") and move.target.startswith("tableau") and (
        len(game.pile(move.target).cards) > 0
    )


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_every_variant_is_ready_and_shows_the_deal(page, server, variants, lang) -> None:
    for variant in variants:
        open_game(page, f"{server.url}{lang}/{variant}/#deal=7")
        assert page.get_attribute("[data-variant]", "data-variant") == variant
        assert page.get_attribute("[data-variant]", "lang") == lang
        wait_for_position(page, engine_game(variant, 7))
        assert re.search(r"\b7\b", page.text_content('[data-role="deal"]'))


def test_deal_in_the_address_opens_that_deal(page, server) -> None:
    open_game(page, f"{server.url}thumb-and-pouch/#deal=123")
    wait_for_position(page, engine_game("thumb-and-pouch", 123))
    page.click('[data-action="new"]')
    page.wait_for_function("!location.hash.endsWith('deal=123')")
    deal = int(re.search(r"deal=(\d+)", page.url).group(1))
    wait_for_position(page, engine_game("thumb-and-pouch", deal))


def test_a_whole_game_won_by_clicks(page, server) -> None:
    deal, line = next((d, line) for d in range(1, 50) if (line := winning_line("westcliff", d)))
    open_game(page, f"{server.url}westcliff/#deal={deal}")
    game = engine_game("westcliff", deal)
    play_by_clicks(page, game, line)
    assert game.is_won
    message = page.locator('[data-role="message"][data-kind="win"]')
    message.wait_for()
    assert str(len(line)) in message.text_content()
    assert page.text_content('[data-role="moves"]').strip().endswith(str(len(line)))


def test_dom_follows_the_engine_move_after_move(page, server) -> None:
    # Wood: two decks (equal cards twice), automatic building to the foundations.
    open_game(page, f"{server.url}wood/#deal=11")
    game = engine_game("wood", 11)
    wait_for_position(page, game)
    for _ in range(12):
        moves = game.legal_moves()
        move = next((m for m in moves if not m.source.startswith("stock")), moves[0])
        click_move(page, game, str(move))
        game.play(move)
        wait_for_position(page, game)
        assert page.locator("[data-pile] [data-card]").count() == 104


def test_undo_and_redo_buttons(page, server) -> None:
    open_game(page, f"{server.url}westcliff/#deal=3")
    start = engine_game("westcliff", 3)
    move = str(start.legal_moves()[0])
    click_move(page, start, move)
    after = engine_game("westcliff", 3, [move])
    wait_for_position(page, after)
    page.click('[data-action="undo"]')
    wait_for_position(page, start)
    assert page.is_disabled('[data-action="undo"]')
    page.click('[data-action="redo"]')
    wait_for_position(page, after)
    assert page.is_disabled('[data-action="redo"]')
    page.click('[data-action="hint"]')
    page.locator('[data-role="message"]').wait_for()
    # A game in progress: Restart asks once, then starts the deal over.
    page.click('[data-action="restart"]')
    page.wait_for_function(
        "() => document.querySelector('[data-role=message]').dataset.kind === 'notice'")
    wait_for_position(page, after)
    page.click('[data-action="restart"]')
    wait_for_position(page, start)


def test_double_click_sends_a_card_to_a_foundation(page, server) -> None:
    deal, move = find_deal("westcliff", to_foundation)
    open_game(page, f"{server.url}westcliff/#deal={deal}")
    game = engine_game("westcliff", deal)
    source = parse_move(move).source
    top = len(game.pile(source).cards) - 1
    click_card(page, source, top, click_count=2)
    wait_for_position(page, engine_game("westcliff", deal, [move]))


def test_drag_and_drop_plays_the_move(page, server) -> None:
    deal, move = find_deal("thumb-and-pouch", tableau_to_tableau)
    open_game(page, f"{server.url}thumb-and-pouch/#deal={deal}")
    drag_move(page, engine_game("thumb-and-pouch", deal), move)
    wait_for_position(page, engine_game("thumb-and-pouch", deal, [move]))


def group_onto_a_card(move: patience.Move, game: patience.Game) -> bool:
    return tableau_to_tableau(move, game) and move.count >= 2


def test_a_supermove_is_made_by_drag(page, server) -> None:
    """FreeCell: dragging a run by its bottom card moves the whole run, as the cells allow."""
    deal, move = find_deal("freecell", group_onto_a_card)
    open_game(page, f"{server.url}freecell/#deal={deal}")
    drag_move(page, engine_game("freecell", deal), move)
    m = parse_move(move)
    after = engine_game("freecell", deal, [move])
    wait_for_position(page, after)
    moved = [str(c) for c in after.pile(m.target).cards[-m.count:]]
    assert [c[0] for c in dom_piles(page)[m.target][-m.count:]] == moved


def test_keyboard_plays_a_move(page, server) -> None:
    deal, move = find_deal("thumb-and-pouch", tableau_to_tableau)
    open_game(page, f"{server.url}thumb-and-pouch/#deal={deal}")
    m = parse_move(move)
    page.focus('[data-pile="tableau.0"]')
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.pile") == "tableau.1"
    page.focus(f'[data-pile="{m.source}"]')
    page.keyboard.press("Enter")
    page.focus(f'[data-pile="{m.target}"]')
    page.keyboard.press("Enter")
    after = engine_game("thumb-and-pouch", deal, [move])
    wait_for_position(page, after)
    page.keyboard.press("u")
    wait_for_position(page, engine_game("thumb-and-pouch", deal))
    page.keyboard.press("Control+y")
    wait_for_position(page, after)


def test_stock_click_turns_a_card(page, server) -> None:
    open_game(page, f"{server.url}westcliff/#deal=5")
    game = engine_game("westcliff", 5)
    click_pile(page, "stock.0")
    stock = next(m for m in game.legal_moves() if m.source.startswith("stock"))
    game.play(stock)
    wait_for_position(page, game)
    assert len(dom_piles(page)["waste.0"]) == 1


def test_reload_keeps_the_game(page, server) -> None:
    open_game(page, f"{server.url}westcliff/#deal=9")
    game = engine_game("westcliff", 9)
    played = []
    for _ in range(3):
        move = str(next(m for m in game.legal_moves() if not m.source.startswith("foundation")))
        click_move(page, game, move)
        game.play(parse_move(move))
        played.append(move)
        wait_for_position(page, game)
    page.click('[data-action="undo"]')
    game.undo()
    wait_for_position(page, game)
    page.reload()
    wait_until_playable(page)
    wait_for_position(page, game)
    assert page.text_content('[data-role="moves"]').strip().endswith("2")
    page.goto(f"{server.url}westcliff/")  # no deal in the address: the saved game comes back
    wait_until_playable(page)
    wait_for_position(page, game)
    page.click('[data-action="redo"]')  # the undone move survived the reloads too
    game.redo()
    wait_for_position(page, game)
    stats = json.loads(page.evaluate("localStorage.getItem('patience.stats.westcliff')"))
    assert stats["played"] == 1


@pytest.mark.parametrize(
    "saved",
    [
        "{not json",
        json.dumps({"format": 1, "variant": "wood", "deal": 1, "moves": []}),
        json.dumps(
            {"format": 1, "variant": "westcliff", "deal": 4, "moves": ["tableau.0>foundation.9"]}
        ),
        json.dumps([1, 2, 3]),
    ],
    ids=["not-json", "other-variant", "illegal-move", "wrong-shape"],
)
def test_corrupt_save_gives_a_fresh_game_and_a_notice(page, server, saved) -> None:
    page.evaluate("(text) => localStorage.setItem('patience.game.westcliff', text)", saved)
    open_game(page, f"{server.url}westcliff/")
    notice = page.locator('[data-role="message"][data-kind="notice"]')
    notice.wait_for()
    assert notice.is_visible()
    deal = int(re.search(r"deal=(\d+)", page.url).group(1))
    wait_for_position(page, engine_game("westcliff", deal))


def test_no_request_leaves_the_origin_and_wasm_has_its_type(browser, server) -> None:
    context = browser.new_context()
    seen: list[tuple[str, str]] = []
    context.on("response", lambda r: seen.append((r.url, r.headers.get("content-type", ""))))
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    open_game(page, f"{server.url}willow/#deal=2")
    game = engine_game("willow", 2)
    move = str(game.legal_moves()[0])
    click_move(page, game, move)
    wait_for_position(page, engine_game("willow", 2, [move]))
    close_logged(context)
    origin = server.url.rstrip("/")
    strangers = [u for u in requests if not u.startswith((origin + "/", "data:", "blob:"))]
    assert not strangers, strangers
    types = {url.rsplit("/", 1)[-1]: kind for url, kind in seen}
    assert types["pyodide.asm.wasm"] == "application/wasm"
    assert types["pyodide.mjs"].startswith("text/javascript")
    assert any(name.startswith("patience-") and name.endswith(".whl") for name in types)


@pytest.mark.parametrize(
    "host",
    [{"missing": ("pyodide.asm.wasm",)}, {"types": {".wasm": "application/octet-stream"}}],
    ids=["missing-wasm", "wrong-wasm-type"],
)
def test_a_broken_host_gives_the_error_state(browser, site, host) -> None:
    with SiteServer(site, **host) as broken:
        context = browser.new_context()
        page = context.new_page()
        open_game(page, f"{broken.url}fr/westcliff/", wait='[data-variant][data-state="error"]')
        assert page.is_visible('[data-role="error"]')
        assert page.locator("article > h2").first.is_visible()  # the rules are still there
        close_logged(context)


FALLBACK = "starting Pyodide without its snapshot"
NOT_AHEAD = "WebAssembly was not compiled ahead"


def open_logged(browser, url: str, routes: dict | None = None, service_workers: str = "allow"
                ) -> tuple[object, object, list[str], list[str]]:
    """A new context's page opened on url, with its console lines and the URLs the page and
    its workers downloaded (GET: the service worker's own, after the start, left out); `routes`
    maps a file of the pyodide/ folder to the handler that serves it instead."""
    context = browser.new_context(service_workers=service_workers)
    for name, handler in (routes or {}).items():
        context.route(f"**/pyodide/{name}", handler)
    lines: list[str] = []
    requests: list[str] = []
    context.on("console", lambda message: lines.append(message.text))
    context.on("request", lambda request: request.service_worker or request.method != "GET"
               or requests.append(request.url))
    page = context.new_page()
    open_game(page, url)
    return context, page, lines, requests


def close_logged(context) -> None:
    """Close a context opened by open_logged. Its routes go first, errors ignored: a request
    still in flight (the service worker caching the snapshot, say) would otherwise fail in its
    handler as the context closes, and Playwright would raise that in whichever test runs next."""
    context.unroute_all(behavior="ignoreErrors")
    context.close()


def test_the_engine_starts_from_the_saved_interpreter(browser, server) -> None:
    context, page, lines, requests = open_logged(browser, f"{server.url}pt/willow/#deal=3")
    wait_for_position(page, engine_game("willow", 3))
    close_logged(context)
    assert any(url.endswith(f"/pyodide/{webassets.SNAPSHOT}") for url in requests)
    assert not [line for line in lines if FALLBACK in line]
    # The engine comes imported in the snapshot: its wheel is not even fetched.
    assert not [url for url in requests if url.endswith(".whl")]
    # Pyodide's WebAssembly, compiled by the worker as it arrives, is downloaded once.
    assert len([url for url in requests if url.endswith("/pyodide/pyodide.asm.wasm")]) == 1
    assert not [line for line in lines if NOT_AHEAD in line]


def test_a_webassembly_that_fails_to_compile_ahead_is_asked_for_again(browser, server) -> None:
    """The worker's early compile fails (its download is cut short): Pyodide asks for the file
    itself and the engine starts as it would have."""
    first: list[int] = []

    def cut_once(route) -> None:
        if first or route.request.method != "GET":
            route.fallback()
            return
        first.append(1)
        body = route.fetch().body()
        route.fulfill(status=200, body=body[: len(body) // 3],
                      headers={"content-type": "application/wasm"})

    routes = {"pyodide.asm.wasm": cut_once}
    context, page, lines, requests = open_logged(browser, f"{server.url}westcliff/#deal=5", routes)
    wait_for_position(page, engine_game("westcliff", 5))
    close_logged(context)
    assert [line for line in lines if NOT_AHEAD in line]
    assert not [line for line in lines if FALLBACK in line]
    assert len([url for url in requests if url.endswith("/pyodide/pyodide.asm.wasm")]) == 2


def test_a_snapshot_that_the_host_unpacked_is_used_as_it_is(browser, server) -> None:
    """A host that sends snapshot.bin with a Content-Encoding delivers the memory unpacked:
    checked against its own checksum, it starts the engine just the same."""
    routes = {webassets.SNAPSHOT: lambda route: route.fulfill(
        status=200, body=gzip.decompress(route.fetch().body()))}
    context, page, lines, requests = open_logged(browser, f"{server.url}westcliff/#deal=6", routes)
    wait_for_position(page, engine_game("westcliff", 6))
    close_logged(context)
    assert not [line for line in lines if FALLBACK in line]
    assert not [url for url in requests if url.endswith(".whl")]


KEPT = """async () => {
  const root = await navigator.storage.getDirectory();
  const kept = {};
  for await (const [name, handle] of root.entries()) {
    if (!name.startsWith('memory-')) continue;
    try {
      kept[name] = (await handle.getFile()).size;
    } catch {
      kept[name] = 0; // being written
    }
  }
  return kept;
}"""


def _when_unlocked(page, change: str, arg: object) -> None:
    """Evaluate `change` on the kept files, again while the worker still holds the file it
    has just written (NoModificationAllowedError), for up to a minute."""
    for _ in range(240):
        try:
            page.evaluate(change, arg)
            return
        except Exception as error:  # Playwright's Error, carrying the page's
            if "NoModificationAllowedError" not in str(error):
                raise
        page.wait_for_timeout(250)
    page.evaluate(change, arg)


def _kept_memory(page, *, larger_than: int = 0, only: str | None = None) -> dict[str, int]:
    """The kept memory's files and their sizes, once one larger than that is there (and, with
    `only`, once that file is the only one)."""
    for _ in range(240):
        kept = page.evaluate(KEPT)
        alone = only is None or list(kept) == [only]
        if alone and any(size > larger_than for size in kept.values()):
            return kept
        page.wait_for_timeout(250)
    raise AssertionError(f"no kept memory larger than {larger_than} bytes"
                         f"{'' if only is None else ' in ' + only + ' alone'} after a minute")


def _restores_without_download(context, page, variant: str, deal: int) -> None:
    """The engine starts from the kept memory alone: snapshot.bin cannot be downloaded."""
    context.route(f"**/pyodide/{webassets.SNAPSHOT}", lambda route: route.fulfill(status=404))
    page.reload()
    wait_for_position(page, engine_game(variant, deal))


def test_a_second_visit_restores_the_memory_the_first_unpacked(browser, server, site) -> None:
    """The next visit restores the memory kept unpacked (its blank pages left out of the
    file): it starts from the snapshot even when snapshot.bin can no longer be downloaded."""
    context, page, lines, _ = open_logged(browser, f"{server.url}westcliff/#deal=2",
                                          service_workers="block")
    sums = json.loads((site / "pyodide" / webassets.SNAPSHOT_SUMS).read_text())
    kept = _kept_memory(page)
    assert list(kept) == [f"memory-{sums['file']}.bin"], kept
    file = gzip.decompress((site / "pyodide" / webassets.SNAPSHOT).read_bytes())
    assert next(iter(kept.values())) == len(file)
    assert len(file) < len(webassets.snapshot_memory(file)) * 0.7
    _restores_without_download(context, page, "westcliff", 2)
    close_logged(context)
    assert not [line for line in lines if FALLBACK in line]


def test_damaged_kept_memory_is_replaced_by_the_snapshot_downloaded_again(browser, server
                                                                          ) -> None:
    """A kept memory whose file fails its checksum is never restored: the snapshot is
    downloaded and checked again, and its memory kept in place of the damaged one."""
    context, page, lines, _ = open_logged(browser, f"{server.url}fr/willow/#deal=5",
                                          service_workers="block")
    [name] = _kept_memory(page)
    _when_unlocked(page, """async (name) => {
      const root = await navigator.storage.getDirectory();
      const writable = await (await root.getFileHandle(name)).createWritable();
      await writable.write(new Uint8Array(4096).fill(7));
      await writable.close();
    }""", name)
    page.reload()
    wait_for_position(page, engine_game("willow", 5))
    assert list(_kept_memory(page, larger_than=4096)) == [name]
    _restores_without_download(context, page, "willow", 5)
    close_logged(context)
    assert not [line for line in lines if FALLBACK in line]


def test_a_kept_memory_of_another_build_is_replaced(browser, server) -> None:
    """After a deploy the kept memory is another build's: it is not restored but replaced by
    the memory of the snapshot this build names, which the next visit then restores alone."""
    context, page, lines, _ = open_logged(browser, f"{server.url}westcliff/#deal=4",
                                          service_workers="block")
    [name] = _kept_memory(page)
    foreign = "memory-" + "0" * 64 + ".bin"
    _when_unlocked(page, """async ([name, foreign]) => {
      const root = await navigator.storage.getDirectory();
      await (await root.getFileHandle(name)).move(foreign);
    }""", [name, foreign])
    page.reload()
    wait_for_position(page, engine_game("westcliff", 4))
    assert list(_kept_memory(page, only=name)) == [name]
    _restores_without_download(context, page, "westcliff", 4)
    close_logged(context)
    assert not [line for line in lines if FALLBACK in line]


def _truncated(route) -> None:
    body = route.fetch().body()
    route.fulfill(status=200, body=body[: len(body) // 2])


def _damaged_inside(route) -> None:
    """Random bytes in the middle of the memory's file, packed again: gzip itself sees nothing
    wrong."""
    file = bytearray(gzip.decompress(route.fetch().body()))
    middle = len(file) // 2
    file[middle : middle + 4096] = os.urandom(4096)
    route.fulfill(status=200, body=gzip.compress(bytes(file), compresslevel=1))


def test_a_snapshot_from_an_older_build_is_not_trusted(browser, server) -> None:
    """A snapshot kept in a cache across a deploy meets a standard library it was not made
    with (here npm's sources in place of the site's bytecode): the engine still starts."""
    stdlib = ROOT / "node_modules" / "pyodide" / webassets.STDLIB
    routes = {webassets.STDLIB: lambda route: route.fulfill(path=stdlib)}
    context, page, lines, _ = open_logged(browser, f"{server.url}willow/#deal=8", routes)
    wait_for_position(page, engine_game("willow", 8))
    close_logged(context)
    assert [line for line in lines if FALLBACK in line]


@pytest.mark.parametrize(
    "route",
    [
        lambda route: route.fulfill(status=404, body="missing"),
        lambda route: route.fulfill(status=200, body=bytes(range(256)) * 64),
        lambda route: route.fulfill(status=200, body=gzip.compress(b"not a snapshot" * 99)),
        _truncated,
        _damaged_inside,
    ],
    ids=["missing", "not-gzip", "not-a-snapshot", "truncated", "damaged-inside-gzip"],
)
def test_a_missing_or_broken_snapshot_only_costs_time(browser, server, route) -> None:
    routes = {webassets.SNAPSHOT: route}
    context, page, lines, _ = open_logged(browser, f"{server.url}fr/westcliff/#deal=5", routes)
    wait_for_position(page, engine_game("westcliff", 5))
    game = engine_game("westcliff", 5)
    move = str(game.legal_moves()[0])
    click_move(page, game, move)
    wait_for_position(page, engine_game("westcliff", 5, [move]))
    close_logged(context)
    assert [line for line in lines if FALLBACK in line]


def test_a_site_built_for_a_sub_path_works(browser, tmp_path: Path) -> None:
    from conftest import build_site

    site = build_site(tmp_path / "site", site_url="http://127.0.0.1/games/")
    with SiteServer(site, mount="/games/") as hosted:
        context = browser.new_context()
        page = context.new_page()
        requests: list[str] = []
        context.on("request", lambda r: requests.append(r.url))
        open_game(page, f"{hosted.url}pt/wood/#deal=4")
        wait_for_position(page, engine_game("wood", 4))
        close_logged(context)
        assert all("/games/" in url for url in requests if url.startswith("http")), requests


def test_the_page_and_engine_agree_in_english_too(page, server) -> None:
    open_game(page, f"{server.url}willow/#deal=30")
    assert engine_piles(engine_game("willow", 30)) == dom_piles(page)


def test_the_spinner_turns_in_steps_while_the_engine_loads(browser, server) -> None:
    context = browser.new_context()
    stalled = []
    context.route("**/pyodide.asm.wasm", lambda route: stalled.append(route))
    page = context.new_page()
    page.goto(f"{server.url}fr/willow/")
    spinner = '[data-role="progress"] .pt-spinner'
    page.wait_for_selector(spinner)
    steps = set()
    for _ in range(8):
        steps.add(page.eval_on_selector(spinner, "e => e.style.getPropertyValue('--step')"))
        page.wait_for_timeout(70)
    assert len(steps) >= 3, steps  # it turns, so the reader sees the page is alive
    # ... with no CSS animation redrawing every frame meanwhile
    assert page.eval_on_selector(spinner, "e => e.getAnimations().length") == 0
    assert page.get_attribute("[data-variant]", "data-state") == "loading" and stalled
    close_logged(context)
