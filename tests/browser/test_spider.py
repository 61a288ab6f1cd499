"""Spider on the table: ten piles of a two-deck game side by side, and a complete run leaving."""

from __future__ import annotations

from itertools import pairwise

import pytest
from helpers import card_locator, click_move, engine_game, open_game, wait_for_position

import patience
from patience_gen.text.examples import find_run_example

pytestmark = pytest.mark.browser
DESKTOP = {"width": 1280, "height": 800}


def test_two_deck_spider_draws_its_ten_piles_in_one_row_on_a_desktop(browser, server) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        open_game(page, f"{server.url}spider/#deal=1")
        wait_for_position(page, engine_game("spider", 1))
        piles = [page.locator(f'[data-pile="tableau.{i}"]').bounding_box() for i in range(10)]
        assert all(abs(box["y"] - piles[0]["y"]) < 2 for box in piles), piles
        for left, right in pairwise(piles):
            assert left["x"] + left["width"] <= right["x"] + 0.5, (left, right)
        assert piles[-1]["x"] + piles[-1]["width"] <= DESKTOP["width"]
        for i in range(8):
            box = page.locator(f'[data-pile="foundation.{i}"]').bounding_box()
            assert box is not None and box["width"] > 0 and box["y"] < piles[0]["y"]
        top = card_locator(page, "tableau.0", 5).bounding_box()
        assert top["width"] >= 40 and top["y"] + top["height"] <= DESKTOP["height"]
    finally:
        context.close()


def test_a_complete_run_leaves_for_a_foundation_and_the_table_redraws(browser, server) -> None:
    variant = "spider-one-suit"
    example = find_run_example(patience.load_variant(variant))
    assert example is not None
    line = list(example.prelude)
    # The page makes the automatic moves: the run goes up after the move that completes it.
    before, after = engine_game(variant, example.deal, line[:-1]), engine_game(
        variant, example.deal, line)
    assert any(len(p.cards) == 13 for p in after.piles if p.kind == "foundation")
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        page.goto(server.url + "404.html")
        save = {"format": 1, "variant": variant, "deal": example.deal, "moves": line[:-1],
                "redo": [], "elapsed": 0, "counted": True, "recorded": False}
        page.evaluate(f"(save) => localStorage.setItem('patience.game.{variant}', "
                      "JSON.stringify(save))", save)
        open_game(page, f"{server.url}{variant}/#deal={example.deal}")
        wait_for_position(page, before)
        click_move(page, before, line[-1])
        wait_for_position(page, after)
    finally:
        context.close()
