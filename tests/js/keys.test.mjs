// The keyboard's table (site_overrides/assets/patience/keys.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { KEYS, actionFor } from "../../site_overrides/assets/patience/keys.js";

const press = (key, extra = {}) => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...extra });

test("undo and redo by letter or with Ctrl/Cmd, anywhere on the game", () => {
  assert.equal(actionFor(press("u"), false), "undo");
  assert.equal(actionFor(press("z", { ctrlKey: true }), false), "undo");
  assert.equal(actionFor(press("Z", { metaKey: true, shiftKey: true }), false), "redo");
  assert.equal(actionFor(press("y", { ctrlKey: true }), false), "redo");
  assert.equal(actionFor(press("H"), false), "hint");
});

test("pile keys act only with the focus on a pile", () => {
  assert.equal(actionFor(press("Enter"), true), "activate");
  assert.equal(actionFor(press(" "), true), "activate");
  assert.equal(actionFor(press("Enter"), false), null);
  assert.equal(actionFor(press("ArrowUp"), true), "up");
  assert.equal(actionFor(press("ArrowLeft"), false), null);
  assert.equal(actionFor(press("f"), true), "foundation");
});

test("other modifiers leave the key to the browser", () => {
  assert.equal(actionFor(press("u", { altKey: true }), false), null);
  assert.equal(actionFor(press("u", { ctrlKey: true }), false), null);
  assert.equal(actionFor(press("r", { ctrlKey: true }), false), null, "Ctrl+R still reloads");
  assert.equal(actionFor(press("Escape"), false), "put-down");
});

test("each key and modifier set has one row", () => {
  const seen = new Set();
  for (const row of KEYS) {
    for (const key of row.keys) {
      const id = `${key} ${Boolean(row.ctrl)} ${Boolean(row.shift)} ${Boolean(row.pile)}`;
      assert.ok(!seen.has(id), id);
      seen.add(id);
    }
  }
});
