"""The table as a player meets it: dragging, the keyboard, hints, fans, marks, screen readers."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    HEADER_STARTED,
    card_locator,
    click_card,
    click_move,
    dom_piles,
    engine_game,
    engine_piles,
    open_game,
    parse_move,
    play_by_clicks,
    record_console,
    switch_palette,
    visible_point,
    wait_for_position,
    wait_until_playable,
    winning_line,
)
from playwright.sync_api import expect
from server import SiteServer

from patience.solver import solve
from patience_gen.site import assetfolder, gamepage, webassets

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# The topmost element at a point, dragged cards included (they let the pointer through).
TOPMOST_IS_DRAGGED = """([x, y]) => {
  const dragged = Array.from(document.querySelectorAll('.pt-dragging'));
  for (const card of dragged) card.style.pointerEvents = 'auto';
  const top = document.elementFromPoint(x, y);
  for (const card of dragged) card.style.pointerEvents = '';
  return Boolean(top && dragged.some((card) => card === top || card.contains(top)));
}"""


def test_a_dragged_card_is_drawn_above_every_pile_and_past_the_table(page, server) -> None:
    open_game(page, f"{server.url}westcliff/#deal=3")
    wait_for_position(page, engine_game("westcliff", 3))
    grab = card_locator(page, "tableau.0", 2)
    box = grab.bounding_box()
    point = visible_point(page, "tableau.0", 2)
    x, y = box["x"] + point["x"], box["y"] + point["y"]
    page.mouse.move(x, y)
    page.mouse.down()
    # Over the last pile's top card, to the right of where the card came from.
    last = card_locator(page, "tableau.9", 2).bounding_box()
    over = (last["x"] + last["width"] / 2, last["y"] + 4)
    page.mouse.move(over[0], over[1], steps=8)
    assert page.evaluate(TOPMOST_IS_DRAGGED, [over[0], over[1] + 10])
    # Below the table's edge.
    table = page.locator(".pt-table").bounding_box()
    below = (table["x"] + table["width"] / 2, table["y"] + table["height"] + 30)
    page.mouse.move(below[0], below[1], steps=8)
    assert page.evaluate(TOPMOST_IS_DRAGGED, [below[0], below[1] + 10])
    page.mouse.up()
    wait_for_position(page, engine_game("westcliff", 3))


def focused_pile(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset.pile || null")


def key_to(page, pile: str) -> None:
    """Move the keyboard focus to a pile with the arrow keys only."""
    for _ in range(40):
        here = focused_pile(page)
        if here == pile:
            return
        a = page.locator(f'[data-pile="{here}"]').bounding_box()
        b = page.locator(f'[data-pile="{pile}"]').bounding_box()
        if abs(b["y"] - a["y"]) > 10:
            page.keyboard.press("ArrowDown" if b["y"] > a["y"] else "ArrowUp")
        else:
            page.keyboard.press("ArrowRight" if b["x"] > a["x"] else "ArrowLeft")
    raise AssertionError(f"the arrow keys did not reach {pile} (stuck on {focused_pile(page)})")


def test_a_whole_game_won_by_keyboard_alone(page, server) -> None:
    deal, line = next(
        (d, line)
        for d in range(1, 60)
        if (line := winning_line("westcliff", d)) and any("x" in move for move in line)
    )
    open_game(page, f"{server.url}westcliff/#deal={deal}")
    strings = gamepage.ui_strings("en")
    # From the top of the page: the skip link, then the table.
    for _ in range(4):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent.trim()") == strings["skip"]:
            break
    else:
        raise AssertionError("no skip link to the game within four Tab presses")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert focused_pile(page) is not None, "Tab after the skip link does not reach a pile"
    game = engine_game("westcliff", deal)
    for text in line:
        move = parse_move(text)
        key_to(page, move.source)
        page.keyboard.press("Enter")
        if not move.source.startswith("stock"):
            for _ in range(move.count - 1):
                page.keyboard.press("ArrowUp")
            # Keys wait in the table's queue behind the engine's answer to the last move.
            picked = page.locator(f'[data-pile="{move.source}"] > .pt-selected')
            try:
                expect(picked).to_have_count(move.count, timeout=10_000)
            except AssertionError:
                raise AssertionError(f"{text}: {picked.count()} cards shown picked up") from None
            key_to(page, move.target)
            page.keyboard.press("Enter")
        game.play(move)
        wait_for_position(page, game)
    assert game.is_won
    page.locator('[data-role="message"][data-kind="win"]').wait_for()
    # The win is spoken, not overwritten by the last move's own words.
    won = strings["won"].split("{")[0].strip()
    page.wait_for_function(
        "(text) => document.querySelector('[data-role=live]').textContent.includes(text)", arg=won
    )
    page.wait_for_timeout(300)
    assert won in page.text_content('[data-role="live"]')


def lost_deal(variant: str) -> int:
    for deal in range(1, 60):
        if solve(engine_game(variant, deal), max_seconds=2).status == "lost":
            return deal
    raise AssertionError(f"no {variant} deal in 1-59 is proved lost")


def test_a_move_redraws_only_the_cards_it_changes(page, server) -> None:
    """A long pile is not made again for every move: turning Wood's stock keeps the card
    elements left in the stock, and a card laid on the waste keeps those under it."""
    open_game(page, f"{server.url}wood/#deal=11")
    game = engine_game("wood", 11)
    mark = """() => document.querySelectorAll('.pt-table [data-card]')
      .forEach((card) => { card.kept = true; })"""
    count = """(pile) => Array.from(document.querySelectorAll(`[data-pile="${pile}"] [data-card]`))
      .map((card) => card.kept === true)"""
    for _ in range(2):
        page.evaluate(mark)
        move = str(game.stock_move())
        play_by_clicks(page, game, [move])
        stock, waste = page.evaluate(count, "stock.0"), page.evaluate(count, "waste.0")
        assert stock and all(stock), stock
        assert waste and all(waste[:-1]) and not waste[-1], waste


def test_a_hint_says_when_it_is_only_a_suggestion(page, server) -> None:
    deal = lost_deal("willow")
    open_game(page, f"{server.url}willow/#deal={deal}")
    page.click('[data-action="hint"]')
    message = page.locator('[data-role="message"]:not([hidden])')
    message.wait_for()
    strings = gamepage.ui_strings("en")
    said = message.text_content()
    assert said.startswith(strings["hint_suggest"].split(".")[0]) or said == strings["hint_none"]


@pytest.mark.parametrize("variant", ["klondike", "willow", "maria"])
def test_every_face_up_card_shows_its_rank_and_suit_in_its_corner(page, server, variant) -> None:
    """The corner is drawn by CSS from the card's data: what is drawn, not what is stored."""
    open_game(page, f"{server.url}{variant}/#deal=2")
    wait_for_position(page, engine_game(variant, 2))
    corners = page.evaluate("""() => Array.from(
      document.querySelectorAll('.pt-table [data-card][data-face="up"]')).map((card) => {
        const idx = card.querySelector('.pt-idx');
        const suit = idx.querySelector('.pt-suit');
        const drawn = (el) => getComputedStyle(el, '::before').content.replace(/"/g, '');
        return {card: card.dataset.card, rank: drawn(idx), suit: drawn(suit),
                width: idx.getBoundingClientRect().width};
      })""")
    assert corners
    for corner in corners:
        rank = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}.get(corner["card"][0],
                                                                     corner["card"][0])
        assert corner["rank"] == rank, corner
        assert corner["suit"].startswith("♣♦♥♠"["CDHS".index(corner["card"][1])]), corner
        assert corner["width"] > 0, corner


def test_willow_fans_show_every_corner_whole(page, server) -> None:
    open_game(page, f"{server.url}willow/#deal=1")
    wait_for_position(page, engine_game("willow", 1))
    covered = page.evaluate("""() => {
      const out = [];
      for (const fan of document.querySelectorAll('[data-pile^="fan."]')) {
        const cards = Array.from(fan.children);
        cards.slice(0, -1).forEach((card, i) => {
          const corner = card.querySelector('.pt-idx').getBoundingClientRect();
          const next = cards[i + 1].getBoundingClientRect();
          out.push({card: card.dataset.card, text: card.querySelector('.pt-idx').dataset.rank,
                    right: corner.right, next: next.left});
        });
      }
      return out;
    }""")
    assert any(c["card"].startswith("T") for c in covered), "deal 1 has a ten inside a fan"
    for card in covered:
        assert card["right"] <= card["next"] + 0.5, f"{card['card']}'s corner is covered"
        if card["card"].startswith("T"):
            assert card["text"].startswith("10")


def test_target_focus_and_selection_are_marked_differently(page, server) -> None:
    deal = 3
    game = engine_game("westcliff", deal)
    move = next(
        m for m in game.legal_moves()
        if m.source.startswith("tableau") and m.target.startswith("tableau")
        and game.pile(m.target).cards
    )
    open_game(page, f"{server.url}westcliff/#deal={deal}")
    wait_for_position(page, game)
    click_card(page, move.source, len(game.pile(move.source).cards) - move.count)
    target = page.locator(f'[data-pile="{move.target}"].pt-target')
    target.wait_for()
    mark = target.evaluate("""(pile) => {
      const before = getComputedStyle(pile, '::before');
      return {z: before.zIndex, style: before.borderTopStyle, height: parseFloat(before.height),
              pile: pile.getBoundingClientRect().height};
    }""")
    assert mark["z"] not in ("auto", "0"), "the target mark is under the cards"
    assert mark["style"] == "dashed" and mark["height"] >= mark["pile"] - 1
    lifted = page.locator(".pt-selected").first.evaluate(
        "(card) => getComputedStyle(card).translate"
    )
    assert lifted not in ("none", "0px"), "picked-up cards are marked by colour alone"
    page.keyboard.press("Escape")
    page.locator(f'[data-pile="{move.target}"]').focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    ring = page.evaluate("""() => {
      const style = getComputedStyle(document.activeElement);
      return {outline: style.outlineStyle, width: parseFloat(style.outlineWidth)};
    }""")
    assert ring["outline"] == "solid" and ring["width"] >= 2, ring


# The pile of the card under a point, or None.
UNDER_POINT = """([x, y]) => {
  const card = document.elementFromPoint(x, y).closest('[data-card]');
  return card ? card.closest('[data-pile]').dataset.pile : null;
}"""


@pytest.mark.parametrize("meanwhile", ["slid-away", "drawn-anew"])
def test_a_card_pressed_is_picked_up_whatever_it_did_before_the_release(
    page, server, meanwhile,
) -> None:
    # A card is drawn where it came from until its slide starts (table.js's slide): pressed
    # there, it can be gone from under the pointer at the release, over no pile at all. And
    # the engine's answer redraws the piles it changed (table.js's fill): a card pressed just
    # then is no longer in the page at the release, and the browser gives it no click.
    deal = 3
    game = engine_game("westcliff", deal)
    pile = next(p for p in game.piles if p.id.startswith("tableau") and p.cards[-1].face_up)
    open_game(page, f"{server.url}westcliff/#deal={deal}")
    wait_for_position(page, game)
    card = card_locator(page, pile.id, len(pile.cards) - 1)
    box = card.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if meanwhile == "slid-away":
        heading = page.locator("article h1").bounding_box()
        x, y = heading["x"] + 20, heading["y"] + heading["height"] / 2
        card.evaluate("""(card, [dx, dy]) => {
          const away = `translate(${dx}px, ${dy}px)`;
          window.slide = card.animate([{transform: away}, {transform: away}], {duration: 60000});
        }""", [x - box["x"] - 10, y - box["y"] - 10])
        assert page.evaluate(UNDER_POINT, [x, y]) == pile.id
    page.mouse.move(x, y)
    page.mouse.down()
    if meanwhile == "slid-away":
        page.evaluate("window.slide.cancel()")
        assert page.evaluate(UNDER_POINT, [x, y]) is None, "the release is over no pile"
    else:
        card.evaluate("(card) => card.replaceWith(card.cloneNode(true))")
    page.mouse.up()
    picked = page.locator(f'[data-pile="{pile.id}"] > .pt-selected')
    expect(picked).to_have_count(1)
    expect(picked).to_have_attribute("data-card", str(pile.cards[-1]))
    page.wait_for_timeout(100)
    expect(picked).to_have_count(1)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_live_region_and_pile_labels_with_plurals(page, server, lang) -> None:
    prefix = "" if lang == "en" else f"{lang}/"
    open_game(page, f"{server.url}{prefix}willow/#deal=1")
    game = engine_game("willow", 1)
    wait_for_position(page, game)
    regions = page.locator(
        ".pt-game [aria-live], .pt-game [role=status], .pt-game [role=log]"
    ).count()
    assert regions == 1
    strings = gamepage.ui_strings(lang)

    def label(pile: str, form: int) -> str:
        cards = game.pile(pile).cards
        top = str(cards[-1])
        card = strings["card"].format(rank=strings[f"rank.{cards[-1].rank}"],
                                      suit=strings[f"suit.{top[-1]}"])
        name = strings["pile.tableau"].format(n=int(pile.split(".")[1]) + 1)
        return strings["pile_top"][form].format(pile=name, count=len(cards), card=card)

    assert len(game.pile("tableau.0").cards) == 1 and len(game.pile("tableau.6").cards) == 7
    assert page.get_attribute('[data-pile="tableau.0"]', "aria-label") == label("tableau.0", 0)
    assert page.get_attribute('[data-pile="tableau.6"]', "aria-label") == label("tableau.6", 1)
    assert strings["pile_top"][0] != strings["pile_top"][1]


AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target)}`);
}"""


def test_axe_finds_no_violation_on_any_page_in_either_palette(page, server, site) -> None:
    """axe-core (from npm) on every page of every language, in the light palette and, after
    the header's palette switch, the dark one."""
    found = {}
    for html in sorted(site.rglob("index.html")):
        path = html.parent.relative_to(site).as_posix()
        if path.startswith(("search", "assets", "pyodide")):
            continue
        page.goto(server.url + ("" if path == "." else path + "/"))
        if page.locator("[data-variant]").count():
            wait_until_playable(page)
            page.wait_for_selector(HEADER_STARTED, state="attached")
        page.add_script_tag(path=str(AXE))
        for _ in range(2):
            violations = page.evaluate(AXE_RUN)
            scheme = switch_palette(page)
            if violations:
                found[f"{path} ({scheme})"] = violations
        page.evaluate("localStorage.clear()")
    assert found == {}


CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    "worker-src 'self'"
)
LISTEN_FOR_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push(
    `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
});
"""


def test_the_site_plays_under_a_strict_content_security_policy(browser, site) -> None:
    with SiteServer(site, headers={"Content-Security-Policy": CSP}) as host:
        context = browser.new_context()
        context.add_init_script(LISTEN_FOR_VIOLATIONS)
        tab = context.new_page()
        console = []
        tab.on("console", lambda message: console.append(message.text))
        errors = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        try:
            for path in ("", "fr/", "rules-reference/"):
                tab.goto(host.url + path)
                tab.wait_for_load_state("load")
                assert tab.evaluate("window.__violations") == [], path
            open_game(tab, f"{host.url}westcliff/#deal=3")
            game = engine_game("westcliff", 3)
            move = str(game.legal_moves()[0])
            click_move(tab, game, move)
            game.play(parse_move(move))
            wait_for_position(tab, game)
            assert tab.evaluate("window.__violations") == []
            assert not [text for text in console if "Content Security Policy" in text], console
            assert not errors, errors
        finally:
            context.close()


@pytest.mark.parametrize("variant", ["westcliff", "willow", "lucas"])
def test_wide_tables_are_readable_on_a_phone(browser, server, variant) -> None:
    """Ten columns, four fans of six and thirteen columns: on a 390 px phone every card is at
    least 34 px wide with a 12 px index, the table fits the screen and no pile covers another."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    try:
        open_game(page, f"{server.url}{variant}/#deal=3")
        wait_for_position(page, engine_game(variant, 3))
        sizes = page.evaluate("""() => Array.from(
          document.querySelectorAll('.pt-table [data-card]'))
          .filter((card) => card.dataset.face === 'up')
          .map((card) => ({width: card.getBoundingClientRect().width,
                           index: parseFloat(getComputedStyle(card.querySelector('.pt-idx'))
                                             .fontSize)}))""")
        assert sizes and min(s["width"] for s in sizes) >= 34, sizes
        assert min(s["index"] for s in sizes) >= 12, sizes
        table = page.locator(".pt-table").bounding_box()
        assert table["x"] >= 0 and table["x"] + table["width"] <= 390
        boxes = page.evaluate("""() => Array.from(document.querySelectorAll('.pt-pile'))
          .map((pile) => { const r = pile.getBoundingClientRect();
                           return {id: pile.dataset.pile, left: r.left, right: r.right,
                                   top: r.top, bottom: r.bottom}; })""")
        for i, a in enumerate(boxes):
            assert a["right"] <= 390 + 0.5, a
            for b in boxes[i + 1:]:
                apart = (a["right"] <= b["left"] + 0.5 or b["right"] <= a["left"] + 0.5
                         or a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5)
                assert apart, f"{a['id']} and {b['id']} overlap"
        heights = [page.locator(f'button[data-action="{a}"]').bounding_box()["height"]
                   for a in ("undo", "redo", "hint", "restart", "new")]
        assert min(heights) >= 40, heights
    finally:
        context.close()


def test_a_long_column_stays_above_the_fold(browser, server) -> None:
    """A saved game whose longest column has many face-up cards, restored at 1280x800."""

    def longest_column(line: list[str]) -> tuple[int, int]:
        """How many moves of the line reach its longest column, and that column's length."""
        game = engine_game("westcliff", deal)
        best, longest = 0, 0
        for i, text in enumerate(line):
            game.play(parse_move(text))
            tallest = max(len(game.pile(f"tableau.{k}").cards) for k in range(10))
            if tallest > longest:
                best, longest = i + 1, tallest
        return best, longest

    for deal in range(1, 80):
        line = winning_line("westcliff", deal)
        if line and longest_column(line)[1] >= 9:
            break
    else:
        raise AssertionError("no Westcliff deal in 1-79 grows a column of nine cards")
    best, _ = longest_column(line)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(server.url + "404.html")
        save = {"format": 1, "variant": "westcliff", "deal": deal, "moves": line[:best],
                "redo": [], "elapsed": 0, "counted": True, "recorded": False}
        page.evaluate("(save) => localStorage.setItem('patience.game.westcliff', "
                      "JSON.stringify(save))", save)
        open_game(page, f"{server.url}westcliff/#deal={deal}")
        wait_for_position(page, engine_game("westcliff", deal, line[:best]))
        bottoms = page.evaluate("""() => Array.from(
          document.querySelectorAll('.pt-table [data-card]'),
          (card) => card.getBoundingClientRect().bottom + window.scrollY)""")
        assert max(bottoms) <= 800, max(bottoms)
        covered = page.evaluate("""() => {
          const out = [];
          for (const pile of document.querySelectorAll('[data-fan="down"]')) {
            const cards = Array.from(pile.children);
            cards.slice(0, -1).forEach((card, i) => {
              if (card.dataset.face !== 'up') return;
              const corner = card.querySelector('.pt-idx').getBoundingClientRect();
              out.push(cards[i + 1].getBoundingClientRect().top - corner.bottom);
            });
          }
          return out;
        }""")
        assert covered and min(covered) >= -1, covered
    finally:
        context.close()


@contextmanager
def first_visit(browser, site: Path, address: str) -> Iterator[tuple[SiteServer, Any, Any]]:
    """A game page of `site`, served by a server of its own, once playable and once its
    service worker has kept what it needs: (server, context, page), closed after."""
    with SiteServer(site) as server:
        context = browser.new_context()
        page = context.new_page()
        record_console(page)
        try:
            open_game(page, server.url + address)
            page.wait_for_selector('[data-variant][data-offline="kept"]', timeout=90_000)
            yield server, context, page
        finally:
            context.close()


def test_a_second_visit_plays_with_the_network_off(browser, site) -> None:
    # A server of its own, shut down before the second visit: nothing can come from the
    # network then, whatever the browser's offline mode reaches.
    with first_visit(browser, site, "fr/wood/#deal=4") as (server, context, page):
        cached = page.evaluate("""async () => {
          const names = await caches.keys();
          const cache = await caches.open(names.find((name) => name.startsWith('patience-')));
          return (await cache.keys()).map((request) => new URL(request.url).pathname);
        }""")
        for path in sorted((site / "pyodide").iterdir()):
            assert any(url.endswith(f"/pyodide/{path.name}") for url in cached), path.name
        for name in webassets.WORKER_MODULES:  # the page cannot name what its worker imports
            assert any(url.endswith(f"/{name}") for url in cached), name
        preload = page.evaluate("""async () => (await navigator.serviceWorker.ready)
          .navigationPreload.getState()""")
        assert preload["enabled"], "a second visit's page request waits for the worker"
        server.stop()
        context.set_offline(True)
        reload_and_play(page, "wood", 4)


def reload_and_play(page, variant: str, deal: int) -> None:
    """Reload the page, wait for its table to be playable, and make one move by clicks."""
    page.reload()
    wait_until_playable(page)
    game = engine_game(variant, deal)
    wait_for_position(page, game)
    move = game.legal_moves()[0]
    click_move(page, game, str(move))
    game.play(move)
    wait_for_position(page, game)


def test_the_manifest_makes_the_site_installable(site) -> None:
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["start_url"] and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file()
    page = (site / "fr" / "wood" / "index.html").read_text()
    assert 'rel="manifest" href="../../manifest.webmanifest"' in page


def test_the_service_worker_names_its_cache_by_the_build(site, tmp_path) -> None:
    first = (site / "sw.js").read_text()
    assert first.startswith("const BUILD = ")
    copy = tmp_path / "site"
    shutil.copytree(site / "pyodide", copy / "pyodide")
    shutil.copytree(site / "assets" / "patience", copy / "assets" / "patience")
    source = ROOT / "site_overrides" / "sw.js"
    assets = assetfolder.folder(ROOT / "site_overrides")
    before = webassets.write_service_worker(copy, source, assets).read_text()
    (copy / assets / "game.js").write_text("// a new build\n")
    after = webassets.write_service_worker(copy, source, assets).read_text()
    assert before.splitlines()[0] != after.splitlines()[0]


def test_a_new_builds_page_never_gets_the_old_builds_scripts(browser, site, tmp_path) -> None:
    # The next build, as a deploy puts it in place while a visitor's old service worker
    # still runs: one script changed, so the table's folder has a new name, every page names
    # that folder, and the service worker is written anew.
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    old = assetfolder.folder(ROOT / "site_overrides")
    new = f"{assetfolder.SOURCE}/{'0' * 12}/"
    with first_visit(browser, copy, "westcliff/#deal=3") as (_, _, page):
        shutil.copytree(copy / old, copy / new)
        shutil.rmtree(copy / old)
        with (copy / new / "table.js").open("a") as script:
            script.write('\nglobalThis.patienceBuild = "next";\n')
        for path in copy.rglob("*.html"):
            path.write_text(path.read_text("utf-8").replace(old, new), "utf-8")
        webassets.write_service_worker(copy, ROOT / "site_overrides" / "sw.js", new)
        reload_and_play(page, "westcliff", 3)
        assert page.evaluate("globalThis.patienceBuild") == "next"


def test_finish_plays_the_last_cards_home_and_the_win_shows_the_statistics(page, server) -> None:
    deal, line = next((d, line) for d in range(1, 60) if (line := winning_line("westcliff", d)))
    finishing = None
    for k in range(len(line)):
        game = engine_game("westcliff", deal, line[:k])
        if all(card.face_up for pile in game.piles for card in pile.cards) and not game.pile(
            "stock.0").cards and all(m.endswith(tuple(f"foundation.{i}" for i in range(4)))
                                     for m in line[k:]):
            finishing = k
            break
    assert finishing, "the solver's line ends with moves to the foundations only"
    start = max(finishing - 1, 0)
    page.evaluate("(save) => localStorage.setItem('patience.game.westcliff', JSON.stringify(save))",
                  {"format": 1, "variant": "westcliff", "deal": deal, "moves": line[:start],
                   "redo": [], "elapsed": 5000, "counted": False, "recorded": False})
    open_game(page, f"{server.url}westcliff/#deal={deal}")
    game = engine_game("westcliff", deal, line[:start])
    play_by_clicks(page, game, line[start:finishing])
    page.locator('[data-action="finish"]:not([hidden])').click()
    page.locator('[data-role="message"][data-kind="win"]').wait_for()
    assert page.evaluate("document.querySelector('[data-role=dialog]').open")
    figures = page.text_content('[data-role="dialog-stats"]')
    strings = gamepage.ui_strings("en")
    assert f"{strings['stat_won']}1" in figures and f"{strings['stat_played']}1" in figures
    page.click('[data-dialog="close"]')
    page.click('[data-action="stats"]')
    assert page.evaluate("document.querySelector('[data-role=dialog]').open")
    assert page.text_content('[data-role="dialog-title"]') == strings["statistics_title"]


def test_golf_is_won_on_its_one_foundation_with_the_stock_turned_onto_it(page, server) -> None:
    won = json.loads((ROOT / "data" / "winrates" / "golf.json").read_text("utf-8"))["won_deals"]
    deal, line = next((d, line) for d in won if (line := winning_line("golf", d)))
    assert any(move.startswith("stock.") for move in line), "the line turns the stock"
    open_game(page, f"{server.url}golf/#deal={deal}")
    assert page.locator('[data-pile^="foundation."]').count() == 1
    assert page.locator('[data-pile^="waste."]').count() == 0
    game = engine_game("golf", deal)
    play_by_clicks(page, game, line)
    assert game.is_won
    page.locator('[data-role="message"][data-kind="win"]').wait_for()
    assert page.locator('[data-pile="foundation.0"] [data-card]').count() == 52


# Holds the engine's answers to the page's calls while `window.heldAnswers` is an array, and
# gives them back when the test says so: what the page shows in between, it drew by itself.
# `window.plays` lists the ids of the page's "play" calls.
HOLD_ANSWERS = """(() => {
  const Real = window.Worker;
  window.heldAnswers = null;
  window.plays = [];
  window.Worker = class extends Real {
    set onmessage(handler) {
      super.onmessage = (event) => {
        const id = event.data ? event.data.id : undefined;
        const held = window.heldAnswers;
        if (id !== undefined && held) held.push([id, () => handler(event)]);
        else handler(event);
      };
    }
    get onmessage() {
      return super.onmessage;
    }
    postMessage(message, ...rest) {
      if (message && message.cmd === "play") window.plays.push(message.id);
      return super.postMessage(message, ...rest);
    }
  };
})()"""
RELEASE_ANSWERS = """() => {
  const held = window.heldAnswers;
  window.heldAnswers = null;
  held.forEach(([, answer]) => answer());
}"""
PLAY_UNANSWERED = """() => {
  const play = window.plays[window.plays.length - 1];
  return play !== undefined && window.heldAnswers.some(([id]) => id === play);
}"""


@pytest.mark.parametrize(("variant", "deal"), [("klondike-by-threes", 1), ("wood", 11),
                                               ("spider-one-suit", 1)])
def test_a_turn_of_the_stock_shows_before_the_engine_answers(page, server, variant, deal) -> None:
    """A click on the stock turns its cards (onto the waste, or one to each tableau pile) on
    the screen at once, as a card move is; the engine's answer then only adds what follows."""
    page.add_init_script(HOLD_ANSWERS)
    open_game(page, f"{server.url}{variant}/#deal={deal}")
    game = engine_game(variant, deal)
    wait_for_position(page, game)
    move = next(m for m in game.legal_moves() if m.source.startswith("stock"))
    turned = game.copy()
    turned.autoplay = False
    turned.play(move)
    page.evaluate("window.heldAnswers = []")
    click_move(page, game, str(move))
    page.wait_for_function(PLAY_UNANSWERED)
    assert dom_piles(page) == engine_piles(turned)
    assert page.evaluate(PLAY_UNANSWERED), "the engine's answer was held all along"
    page.evaluate(RELEASE_ANSWERS)
    game.play(move)
    wait_for_position(page, game)
