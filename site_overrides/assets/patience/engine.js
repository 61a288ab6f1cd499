// The page's handle on the engine worker: requests by id, answered with plain JSON, so the main
// thread never waits on Python.

export class EngineError extends Error {
  constructor(message, kind) {
    super(message);
    this.kind = kind; // "illegal", "bad" (unusable request or save), "bug" or "stopped"
  }
}

// The worker as early.js starts it, from the data of early.js's script element: for a page
// where early.js never ran (its download was cut off), or a second start.
function startHere() {
  const script = document.querySelector("script[data-assets][data-pyodide]");
  if (!script) return null;
  const address = new URL("worker.js", new URL(script.dataset.assets, document.baseURI));
  address.searchParams.set("pyodide", new URL(script.dataset.pyodide, document.baseURI).href);
  return { worker: new Worker(address, { type: "module" }), messages: [], error: null };
}

export class Engine {
  constructor({ onProgress, onStopped }) {
    this.onProgress = onProgress || (() => {});
    this.onStopped = onStopped || (() => {});
    this.calls = new Map();
    this.nextId = 1;
    this.worker = null;
  }

  // Resolves when the engine can take requests; rejects with a reason if it cannot start.
  // The worker is started by the page's head (window.patienceEarlyWorker, see game.html), so
  // that Pyodide loads while the page does; it is taken over here, with the messages it sent
  // meanwhile, or started here if early.js never ran (or `fresh`, for a new start). A worker
  // whose script never ran (its download cut off on the way) is started once more, and the
  // calls already sent go to it. A worker that stops once ready (see stopped) is onStopped's.
  boot({ fresh = false } = {}) {
    return new Promise((resolve, reject) => {
      let heard = false;
      let ready = false;
      const receive = (message) => {
        heard = true;
        if (message.type === "answer") this.settle(message);
        else if (message.type === "progress") this.onProgress(message.stage);
        else if (message.type === "ready") {
          ready = true;
          resolve();
        } else if (message.type === "failed") reject(new Error(message.message));
        else if (message.type === "stopped") this.stopped(message.message);
      };
      const adopt = (started, mayRetry) => {
        if (!started || !started.worker) {
          reject(new Error((started && started.error) || "the page did not start the engine worker"));
          return;
        }
        const worker = started.worker;
        this.worker = worker;
        const failed = (reason) => {
          if (ready) {
            this.stopped(reason);
            return;
          }
          if (mayRetry && !heard) {
            worker.terminate();
            console.info(`Patience: starting the engine's worker again (${reason})`);
            adopt(startHere(), false);
            this.resend();
            return;
          }
          reject(new Error(reason));
          this.failAll("the engine worker stopped");
        };
        worker.onmessage = (event) => receive(event.data || {});
        worker.onerror = (event) => {
          event.preventDefault();
          failed(event.message || "the engine worker failed to start");
        };
        for (const message of started.messages) receive(message || {});
        if (started.error) failed(started.error);
      };
      if (fresh) {
        adopt(startHere(), true);
        return;
      }
      const early = window.patienceEarlyWorker;
      window.patienceEarlyWorker = null;
      if (early === undefined) console.info("Patience: starting the engine's worker late, as early.js did not run");
      adopt(early === undefined ? startHere() : early, true);
    });
  }

  // The worker, once ready, stopped: its script failed outside any request, or the
  // interpreter failed in a way it cannot come back from (the worker then says so and
  // closes). Calls waiting on it fail as "stopped", later calls at once, and onStopped is told.
  stopped(reason) {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    this.failAll("the engine worker stopped", "stopped");
    this.onStopped(reason || "the engine worker stopped");
  }

  call(cmd, args = {}) {
    if (!this.worker) return Promise.reject(new EngineError("the engine is not running", "bug"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const message = { type: "call", id, cmd, args };
      this.calls.set(id, { resolve, reject, message });
      this.worker.postMessage(message);
    });
  }

  // The page is hidden (true) or shown (false): the worker thinks ahead only while it shows.
  rest(on) {
    if (this.worker) this.worker.postMessage({ type: "rest", on });
  }

  // The calls not yet answered, sent again to a worker started anew.
  resend() {
    if (!this.worker) return;
    for (const call of this.calls.values()) this.worker.postMessage(call.message);
  }

  settle(message) {
    const call = this.calls.get(message.id);
    if (!call) return;
    this.calls.delete(message.id);
    if (message.ok) call.resolve(message.result);
    else call.reject(new EngineError(message.error, message.kind));
  }

  failAll(reason, kind = "bug") {
    for (const call of this.calls.values()) call.reject(new EngineError(reason, kind));
    this.calls.clear();
  }

  terminate() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.failAll("the engine was stopped");
  }
}
