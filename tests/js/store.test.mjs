// Saves and statistics (site_overrides/assets/patience/store.js), on a stand-in localStorage.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

const items = new Map();
globalThis.window = {
  localStorage: {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
  },
};
const store = await import("../../site_overrides/assets/patience/store.js");

beforeEach(() => items.clear());

test("a saved game comes back as it was saved", () => {
  const game = { deal: 7, moves: ["tableau.1>tableau.4x3"], redo: ["stock.0>waste.0"], elapsed: 1234.4,
    counted: true, recorded: false };
  store.saveGame("wood", game);
  assert.deepEqual(store.loadGame("wood"), { status: "ok", game: { ...game, elapsed: 1234 } });
  assert.deepEqual(store.loadGame("willow"), { status: "none" });
});

test("anything unreadable is reported as corrupt, never thrown", () => {
  for (const text of ["{", "null", "[]", '{"format":1,"variant":"wood","deal":-1,"moves":[]}',
    '{"format":1,"variant":"wood","deal":3,"moves":["tableau.1>"]}',
    '{"format":1,"variant":"other","deal":3,"moves":[]}']) {
    items.set(store.gameKey("wood"), text);
    assert.deepEqual(store.loadGame("wood"), { status: "corrupt" }, text);
  }
});

test("statistics keep only whole non-negative counts", () => {
  assert.deepEqual(store.loadStats("wood"), { played: 0, won: 0, streak: 0, best: 0, bestTime: 0 });
  items.set(store.statsKey("wood"), JSON.stringify({ played: 5, won: 2, streak: -1, best: 2.5, bestTime: 90000 }));
  assert.deepEqual(store.loadStats("wood"), { played: 5, won: 2, streak: 0, best: 0, bestTime: 90000 });
});
