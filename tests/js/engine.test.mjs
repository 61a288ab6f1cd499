// The page's handle on the engine worker (site_overrides/assets/patience/engine.js), with a
// stand-in worker: what happens to calls when the worker stops once ready.
import assert from "node:assert/strict";
import { test } from "node:test";

const { Engine } = await import("../../site_overrides/assets/patience/engine.js");

class FakeWorker {
  constructor() {
    this.sent = [];
    this.terminated = false;
  }
  postMessage(message) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  say(data) {
    this.onmessage({ data });
  }
}

// An engine that took over a worker as early.js hands it on, and is ready.
async function readyEngine() {
  const worker = new FakeWorker();
  const stops = [];
  globalThis.window = { patienceEarlyWorker: { worker, messages: [], error: null } };
  const engine = new Engine({ onStopped: (reason) => stops.push(reason) });
  const booted = engine.boot();
  worker.say({ type: "ready" });
  await booted;
  return { engine, worker, stops };
}

test("a call is answered by its id", async () => {
  const { engine, worker } = await readyEngine();
  const answer = engine.call("play", { move: "tableau.0>foundation.0" });
  const { id } = worker.sent[0];
  worker.say({ type: "answer", id, ok: true, result: { won: false } });
  assert.deepEqual(await answer, { won: false });
});

for (const [how, stop] of [
  ["says it stopped", (worker) => worker.say({ type: "stopped", message: "the engine failed: trap" })],
  ["fails outside any call", (worker) => worker.onerror({ message: "Uncaught Error: boom", preventDefault() {} })],
]) {
  test(`a ready worker that ${how} ends its calls as stopped, and is reported once`, async () => {
    const { engine, worker, stops } = await readyEngine();
    const waiting = engine.call("hint", { budget: 1 });
    stop(worker);
    stop(worker);
    await assert.rejects(waiting, (error) => error.kind === "stopped");
    assert.equal(stops.length, 1);
    assert.ok(worker.terminated);
    await assert.rejects(engine.call("undo"), (error) => error.kind === "bug");
  });
}

test("a worker that fails before it is ready fails the start, and is not reported as stopped", async () => {
  const worker = new FakeWorker();
  const stops = [];
  globalThis.window = { patienceEarlyWorker: { worker, messages: [{ type: "progress", stage: "x" }], error: null } };
  const engine = new Engine({ onStopped: (reason) => stops.push(reason) });
  const booted = engine.boot();
  worker.onerror({ message: "Uncaught Error: boom", preventDefault() {} });
  await assert.rejects(booted, /boom/);
  assert.equal(stops.length, 0);
});
