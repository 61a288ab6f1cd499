// The page's handle on the engine worker: requests by id, answered with plain JSON, so the main
// thread never waits on Python.

export class EngineError extends Error {
  constructor(message, kind) {
    super(message);
    this.kind = kind; // "illegal", "bad" (unusable request or save) or "bug"
  }
}

// The worker as early.js starts it, for a page where early.js never ran (its download was cut
// off): the same address, from the data of early.js's script element.
function startHere() {
  const script = document.querySelector("script[data-assets][data-pyodide]");
  if (!script) return null;
  const address = new URL("worker.js", new URL(script.dataset.assets, document.baseURI));
  address.searchParams.set("pyodide", new URL(script.dataset.pyodide, document.baseURI).href);
  console.info("Patience: starting the engine's worker late, as early.js did not run");
  return { worker: new Worker(address, { type: "module" }), messages: [], error: null };
}

export class Engine {
  constructor({ onProgress }) {
    this.onProgress = onProgress || (() => {});
    this.calls = new Map();
    this.nextId = 1;
    this.worker = null;
  }

  // Resolves when the engine can take requests; rejects with a reason if it cannot start.
  // The worker is started by the page's head (window.patienceEarlyWorker, see game.html), so
  // that Pyodide loads while the page does; it is taken over here, with the messages it sent
  // meanwhile, or started here if early.js never ran.
  boot() {
    return new Promise((resolve, reject) => {
      const receive = (message) => {
        if (message.type === "answer") this.settle(message);
        else if (message.type === "progress") this.onProgress(message.stage);
        else if (message.type === "ready") resolve();
        else if (message.type === "failed") reject(new Error(message.message));
      };
      const early = window.patienceEarlyWorker === undefined ? startHere() : window.patienceEarlyWorker;
      window.patienceEarlyWorker = null;
      if (!early || !early.worker) {
        reject(new Error((early && early.error) || "the page did not start the engine worker"));
        return;
      }
      const worker = early.worker;
      this.worker = worker;
      worker.onmessage = (event) => receive(event.data || {});
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message || "the engine worker failed to start"));
        this.failAll("the engine worker stopped");
      };
      for (const message of early.messages) receive(message || {});
      if (early.error) reject(new Error(early.error));
    });
  }

  call(cmd, args = {}) {
    if (!this.worker) return Promise.reject(new EngineError("the engine is not running", "bug"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      this.worker.postMessage({ type: "call", id, cmd, args });
    });
  }

  settle(message) {
    const call = this.calls.get(message.id);
    if (!call) return;
    this.calls.delete(message.id);
    if (message.ok) call.resolve(message.result);
    else call.reject(new EngineError(message.error, message.kind));
  }

  failAll(reason) {
    for (const call of this.calls.values()) call.reject(new EngineError(reason, "bug"));
    this.calls.clear();
  }

  terminate() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.failAll("the engine was stopped");
  }
}
