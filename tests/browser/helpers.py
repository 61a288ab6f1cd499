"""Driving the game page: open it, read its cards, click moves, and compare with the engine."""

from __future__ import annotations

import time
import weakref
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

import patience

READY = '[data-variant][data-state="ready"]'

DOM_PILES = """() => {
  const out = {};
  for (const pile of document.querySelectorAll('[data-variant] [data-pile]')) {
    out[pile.dataset.pile] = Array.from(pile.querySelectorAll('[data-card]'),
      (card) => [card.dataset.card, card.dataset.face]);
  }
  return out;
}"""


# What each tab's page and workers wrote to the console, for the message of a page that never
# becomes playable (see record_console).
_CONSOLE: weakref.WeakKeyDictionary[Any, list[str]] = weakref.WeakKeyDictionary()
_TABLE_STATE = """() => {
  const root = document.querySelector('[data-variant]');
  if (!root) return 'no table on the page';
  const progress = root.querySelector('[data-role="progress"]');
  const told = progress ? progress.textContent.trim() : '';
  return `data-state=${root.dataset.state}, progress "${told}"`;
}"""


def record_console(page: Any) -> None:
    """Keep the tab's console lines from now on, so that a stall can say what preceded it."""
    lines = _CONSOLE.setdefault(page, [])
    page.on("console", lambda message: lines.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: lines.append(f"uncaught: {error}"))


def console_lines(page: Any) -> list[str]:
    """The tab's console lines kept by record_console ("type: text")."""
    return list(_CONSOLE.get(page, []))


def page_report(page: Any, last: int = 10) -> str:
    """What the table says, its workers and the console's last lines, for a failure's
    message."""
    state = page.evaluate(_TABLE_STATE)
    message = page.evaluate(
        "() => { const m = document.querySelector('[data-role=\"message\"]');"
        " return m && !m.hidden ? m.textContent : ''; }")
    workers = [worker.url.split("?")[0] for worker in page.workers]
    lines = _CONSOLE.get(page, ["(console not recorded)"])[-last:]
    return f"{state}; message {message!r}; workers {workers}; console:\n" + "\n".join(lines)


def wait_until_playable(page: Any, wait: str = READY, timeout: int = 90_000) -> None:
    """Wait for the page's table to be playable; if it never is, fail with the table's state,
    its workers and the console's last lines, which a bare timeout would not give."""
    try:
        page.wait_for_selector(wait, timeout=timeout)
    except PlaywrightTimeout as error:
        raise AssertionError(f"{page.url} is not playable after {timeout / 1000:.0f} s: "
                             f"{page_report(page, last=20)}") from error


# Material's header on a game page: started after the table (material.js), and its palette
# switch, which changes the page's colour scheme.
HEADER_STARTED = '[data-variant][data-header="started"]'
SCHEME = "document.body.getAttribute('data-md-color-scheme')"


def switch_palette(page: Any, timeout: int = 30_000) -> str:
    """Press the header's palette switch and wait for the colours to change; the scheme that
    was shown before."""
    scheme = page.evaluate(SCHEME)
    page.click('[data-md-component="palette"] label:not([hidden])')
    page.wait_for_function(f"{SCHEME} !== '{scheme}'", timeout=timeout)
    return scheme


def open_game(page: Any, url: str, wait: str = READY) -> None:
    """Go to a game page and wait until its table is playable."""
    page.goto(url)
    wait_until_playable(page, wait)


def dom_piles(page: Any) -> dict[str, list[list[str]]]:
    """Every pile's cards as the page shows them, bottom to top: [code, "up"|"down"]."""
    return page.evaluate(DOM_PILES)


def engine_game(variant: str, deal: int, moves: list[str] = ()) -> patience.Game:
    """The engine's game as the page plays it (automatic moves on), after moves."""
    game = patience.Game(patience.load_variant(variant), deal=deal, autoplay=True)
    for move in moves:
        game.play(parse_move(move))
    return game


def engine_piles(game: patience.Game) -> dict[str, list[list[str]]]:
    return {
        pile.id: [[str(card), "up" if card.face_up else "down"] for card in pile.cards]
        for pile in game.piles
    }


def parse_move(text: str) -> patience.Move:
    source, rest = text.split(">")
    target, _, count = rest.partition("x")
    return patience.Move(source, target, int(count) if count else 1)


# Whether a card is still sliding to where it is drawn (table.js's slide). A card waiting for
# its turn to slide is drawn, still, where it came from: a click there would press on it and
# be released over whatever it uncovers.
CARDS_SLIDING = """() => Array.from(document.querySelectorAll('[data-card]'))
  .some((card) => card.getAnimations().length > 0)"""


def wait_for_position(page: Any, game: patience.Game, timeout: float = 10.0) -> None:
    """Wait until the page shows exactly the engine's position, every card landed where it is
    drawn (as a player waits to see a move before the next one); fail with the difference."""
    want = engine_piles(game)
    deadline = time.monotonic() + timeout
    while True:
        got = dom_piles(page)
        if got == want and not page.evaluate(CARDS_SLIDING):
            return
        if time.monotonic() > deadline:
            if got == want:
                raise AssertionError(f"cards still sliding after {timeout:.0f} s")
            keys = sorted(set(got) | set(want))
            diff = {k: (got.get(k), want.get(k)) for k in keys if got.get(k) != want.get(k)}
            raise AssertionError(f"page and engine differ: {diff}\n{page_report(page)}")
        time.sleep(0.03)


def card_locator(page: Any, pile: str, index: int) -> Any:
    return page.locator(f'[data-pile="{pile}"] > [data-card]').nth(index)


def visible_point(page: Any, pile: str, index: int) -> dict[str, float]:
    """A point of the card that no other card covers, relative to the card."""
    fan = page.get_attribute(f'[data-pile="{pile}"]', "data-fan")
    box = card_locator(page, pile, index).bounding_box()
    if fan == "down":
        return {"x": box["width"] / 2, "y": min(5, box["height"] / 2)}
    if fan == "right":
        return {"x": min(4, box["width"] / 2), "y": box["height"] / 2}
    return {"x": box["width"] / 2, "y": box["height"] / 2}


def click_card(page: Any, pile: str, index: int, **options: Any) -> None:
    count = page.locator(f'[data-pile="{pile}"] > [data-card]').count()
    if page.get_attribute(f'[data-pile="{pile}"]', "data-fan") in ("stack", "waste"):
        index = count - 1  # a stacked pile shows only its top card
    card_locator(page, pile, index).click(position=visible_point(page, pile, index), **options)


def click_pile(page: Any, pile: str) -> None:
    """Click a pile where it shows: its top card, or the empty slot."""
    count = page.locator(f'[data-pile="{pile}"] > [data-card]').count()
    if count:
        click_card(page, pile, count - 1)
    else:
        page.locator(f'[data-pile="{pile}"]').click(position={"x": 8, "y": 8})


def click_move(page: Any, game: patience.Game, move: str) -> None:
    """Play a move with two clicks (one on the stock): the cards, then the pile to put them on."""
    m = parse_move(move)
    if m.source.startswith("stock") or m.target.startswith("stock"):
        click_pile(page, "stock.0")
        return
    cards = game.pile(m.source).cards
    click_card(page, m.source, len(cards) - m.count)
    click_pile(page, m.target)


def play_by_clicks(page: Any, game: patience.Game, moves: list[str]) -> None:
    """Click each move, play it in the engine too, and wait until the page shows the same."""
    for move in moves:
        click_move(page, game, move)
        game.play(parse_move(move))
        wait_for_position(page, game)


def drag_move(page: Any, game: patience.Game, move: str) -> None:
    """Play a move by dragging its cards, held where they show, onto the target's top card."""
    m = parse_move(move)
    index = len(game.pile(m.source).cards) - m.count
    box = card_locator(page, m.source, index).bounding_box()
    point = visible_point(page, m.source, index)
    target = page.locator(f'[data-pile="{m.target}"] > [data-card]').last.bounding_box()
    x, y = box["x"] + point["x"], box["y"] + point["y"]
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y + 10, steps=2)
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=5)
    page.mouse.up()


def winning_line(variant: str, deal: int, seconds: float = 20.0) -> list[str] | None:
    """A winning sequence of moves from a deal, found by the engine's solver, or None."""
    from patience import solver

    result = solver.solve(engine_game(variant, deal), max_seconds=seconds)
    return [str(move) for move in result.moves] if result.status == "won" else None
