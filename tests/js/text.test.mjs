// The table's words and numbers (site_overrides/assets/patience/text.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { clockText, dealFromHash, format, plural } from "../../site_overrides/assets/patience/text.js";

test("format fills named placeholders and leaves unknown ones", () => {
  assert.equal(format("{card} to {pile}.", { card: "7H", pile: "Waste" }), "7H to Waste.");
  assert.equal(format("Deal {n} {x}", { n: 0 }), "Deal 0 {x}");
});

test("plural picks the form the catalog's table gives for each count", () => {
  const strings = { plural: [0, 0, 1], one: ["{count} carte", "{count} cartes"], flat: "plain" };
  assert.equal(plural(strings, "one", 0), "{count} carte");
  assert.equal(plural(strings, "one", 1), "{count} carte");
  assert.equal(plural(strings, "one", 2), "{count} cartes");
  assert.equal(plural(strings, "one", 500), "{count} cartes", "past the table: its last entry");
  assert.equal(plural(strings, "flat", 3), "plain");
});

test("clockText shows minutes and seconds, and hours when there are some", () => {
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(7999), "0:07");
  assert.equal(clockText(754000), "12:34");
  assert.equal(clockText(3723000), "1:02:03");
});

test("dealFromHash reads #deal=N and nothing else", () => {
  assert.equal(dealFromHash("#deal=123"), 123);
  assert.equal(dealFromHash("#x=1&deal=5"), 5);
  assert.equal(dealFromHash("#deal=-1"), null);
  assert.equal(dealFromHash("#deal=1234567890"), null);
  assert.equal(dealFromHash(""), null);
});
