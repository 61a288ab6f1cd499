// The worker's thinking ahead (site_overrides/assets/patience/thinking.js), with stand-in
// timers: when slices run, and that a request from the page puts them off.
import assert from "node:assert/strict";
import { test } from "node:test";

const { Thinker } = await import("../../site_overrides/assets/patience/thinking.js");

// Timers that run only when told to, in the order they are due.
class Timers {
  constructor() {
    this.now = 0;
    this.queue = new Map();
    this.next = 1;
  }
  setTimeout(fn, ms) {
    const id = this.next++;
    this.queue.set(id, { fn, at: this.now + ms });
    return id;
  }
  clearTimeout(id) {
    this.queue.delete(id);
  }
  // Runs the timer due first.
  runOne() {
    const [id, timer] = [...this.queue].sort((a, b) => a[1].at - b[1].at)[0];
    this.queue.delete(id);
    this.now = timer.at;
    timer.fn();
  }
  // Runs what falls due within ms, one timer at a time.
  pass(ms) {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.queue].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at);
      if (due.length === 0) break;
      const [id, timer] = due[0];
      this.queue.delete(id);
      this.now = timer.at;
      timer.fn();
    }
    this.now = end;
  }
}

function thinker(answers) {
  const timers = new Timers();
  const slices = [];
  const t = new Thinker(() => {
    slices.push(timers.now);
    return answers.length > 0 ? answers.shift() : false;
  }, { after: 1000, timers });
  return { t, timers, slices };
}

test("no slice runs until the page has been quiet for a moment", () => {
  const { t, timers, slices } = thinker([true, true, false]);
  t.poke();
  timers.pass(999);
  assert.deepEqual(slices, []);
  timers.pass(1);
  assert.equal(slices.length, 3); // one after another, until the engine says it has done
  timers.pass(10_000);
  assert.equal(slices.length, 3);
});

test("a request puts thinking off, and a quiet moment after it starts it again", () => {
  const { t, timers, slices } = thinker([true, true, false]);
  t.poke();
  timers.pass(500);
  t.poke();
  timers.pass(999);
  assert.deepEqual(slices, []);
  timers.runOne(); // the first slice, which asks for another at once
  assert.deepEqual(slices, [1500]);
  t.poke(); // a request between two slices: the next one waits for a quiet moment
  timers.runOne();
  assert.deepEqual(slices, [1500, 2500]);
  timers.pass(10_000);
  assert.deepEqual(slices, [1500, 2500, 2500]);
});

test("stop ends thinking, and a slice that throws ends it too", () => {
  const { t, timers, slices } = thinker([]);
  t.poke();
  t.stop();
  timers.pass(5000);
  assert.deepEqual(slices, []);
  const broken = new Thinker(() => {
    throw new Error("engine gone");
  }, { after: 10, timers });
  const warn = console.warn;
  const warned = [];
  console.warn = (text) => warned.push(text);
  try {
    broken.poke();
    timers.pass(100);
  } finally {
    console.warn = warn;
  }
  assert.equal(timers.queue.size, 0);
  assert.match(warned[0], /engine gone/);
});

test("a hidden page rests: no slice runs until it shows again and a quiet moment passes", () => {
  const { t, timers, slices } = thinker([true, true, false]);
  t.poke();
  timers.runOne();
  assert.deepEqual(slices, [1000]);
  t.rest(true); // hidden between two slices
  t.poke(); // a request while hidden starts nothing either
  timers.pass(60_000);
  assert.deepEqual(slices, [1000]);
  t.rest(false);
  timers.pass(999);
  assert.deepEqual(slices, [1000]);
  timers.pass(1);
  assert.deepEqual(slices, [1000, 62_000, 62_000]);
});
