// Choosing among the engine's legal moves (site_overrides/assets/patience/moves.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  findMove,
  foundationMove,
  mayFinish,
  mostCards,
  parseMove,
  pickUp,
  predict,
  stockMove,
  targetsOf,
} from "../../site_overrides/assets/patience/moves.js";

const legal = ["tableau.1>tableau.4x3", "tableau.1>tableau.2", "tableau.1>tableau.4", "stock.0>waste.0",
  "waste.0>foundation.0", "foundation.0>tableau.3"].map(parseMove);

test("parseMove reads source, target and count", () => {
  assert.deepEqual(parseMove("tableau.1>tableau.4x3"),
    { text: "tableau.1>tableau.4x3", source: "tableau.1", target: "tableau.4", count: 3 });
  assert.equal(parseMove("stock.0>waste.0").count, 1);
});

test("findMove takes the exact count, or the only move between two piles", () => {
  assert.equal(findMove(legal, "tableau.1", 3, "tableau.4").text, "tableau.1>tableau.4x3");
  assert.equal(findMove(legal, "tableau.1", 1, "tableau.4").text, "tableau.1>tableau.4");
  assert.equal(findMove(legal, "tableau.1", 2, "tableau.2").text, "tableau.1>tableau.2");
  assert.equal(findMove(legal, "tableau.1", 2, "tableau.4"), null, "two moves fit: none is guessed");
  assert.equal(findMove(legal, "tableau.2", 1, "tableau.4"), null);
});

test("the stock, the foundations and the targets of a selection", () => {
  assert.equal(stockMove(legal).text, "stock.0>waste.0");
  assert.equal(stockMove([parseMove("waste.0>stock.0x9")]).text, "waste.0>stock.0x9");
  assert.equal(stockMove([]), null);
  assert.equal(foundationMove(legal, "waste.0").text, "waste.0>foundation.0");
  assert.equal(foundationMove(legal, "foundation.0"), null);
  assert.deepEqual(targetsOf(legal, { pile: "tableau.1", count: 1 }), ["tableau.2", "tableau.4"]);
  assert.deepEqual(targetsOf(legal, null), []);
});

const column = [["KS", false], ["9H", true], ["8S", true], ["7D", true]];

test("pickUp takes a face-up card and those above it; a stack gives its top card", () => {
  assert.deepEqual(pickUp(column, "down", "tableau.0", 1), { pile: "tableau.0", count: 3 });
  assert.deepEqual(pickUp(column, "down", "tableau.0", null), { pile: "tableau.0", count: 1 });
  assert.equal(pickUp(column, "down", "tableau.0", 0), null, "a face-down card");
  assert.deepEqual(pickUp(column, "stack", "reserve.0", 1), { pile: "reserve.0", count: 1 });
  assert.equal(pickUp([], "down", "tableau.0", null), null);
});

test("mostCards counts the face-up run, one on a stack", () => {
  assert.equal(mostCards(column, "down"), 3);
  assert.equal(mostCards(column, "stack"), 1);
  assert.equal(mostCards([], "down"), 0);
});

test("mayFinish only with every card face up and the stock empty", () => {
  assert.equal(mayFinish({ "stock.0": [], "tableau.0": [["AS", true]] }), true);
  assert.equal(mayFinish({ "stock.0": [["2S", false]], "tableau.0": [["AS", true]] }), false);
  assert.equal(mayFinish({ "tableau.0": [["AS", false], ["2S", true]] }), false);
});

test("predict moves the cards and turns up the card left on top", () => {
  const piles = { "tableau.0": column, "tableau.1": [["TC", true]] };
  const after = predict(piles, parseMove("tableau.0>tableau.1x3"));
  assert.deepEqual(after["tableau.0"], [["KS", true]]);
  assert.deepEqual(after["tableau.1"], [["TC", true], ["9H", true], ["8S", true], ["7D", true]]);
  assert.deepEqual(piles["tableau.0"][0], ["KS", false], "the position itself is unchanged");
  assert.equal(predict(piles, parseMove("tableau.0>tableau.1x4")), null, "a face-down card cannot move");
});

test("predict turns the stock a card at a time, and puts the waste back turned over", () => {
  const piles = { "stock.0": [["AS", false], ["5C", false], ["6C", false], ["3H", false]], "waste.0": [["KD", true]] };
  const turned = predict(piles, parseMove("stock.0>waste.0x3"));
  assert.deepEqual(turned["stock.0"], [["AS", false]]);
  assert.deepEqual(turned["waste.0"], [["KD", true], ["3H", true], ["6C", true], ["5C", true]]);
  const back = predict({ "stock.0": [], "waste.0": turned["waste.0"] }, parseMove("waste.0>stock.0x4"));
  assert.deepEqual(back["stock.0"], [["5C", false], ["6C", false], ["3H", false], ["KD", false]]);
  assert.deepEqual(back["waste.0"], []);
  const stock = [["AS", false], ["5C", false], ["6C", false], ["3H", false]];
  const dealt = predict({ "stock.0": stock, "tableau.10": [], "tableau.2": [["KD", true]] },
    parseMove("stock.0>tableau.2x3"));
  assert.deepEqual(dealt, { "stock.0": [["AS", false]], "tableau.2": [["KD", true], ["3H", true], ["5C", true]],
    "tableau.10": [["6C", true]] }, "a deal gives a card to each tableau pile in turn, by number");
  assert.equal(predict(piles, parseMove("stock.0>waste.0x5")), null, "more cards than the stock holds");
});
