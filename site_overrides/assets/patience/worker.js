// The engine's home: a module worker that loads Pyodide once, with only its core and the engine
// wheel, then answers the page's requests one at a time. Messages are plain JSON both ways:
//   page -> worker  {type: "boot", pyodide: "<url of the pyodide/ folder>", bridge: "<url>"}
//                   {type: "call", id, cmd, args}
//   worker -> page  {type: "progress", stage} | {type: "ready"} | {type: "failed", message}
//                   {type: "answer", id, ok, result | error, kind}

let handle = null;
let booting = null;
const pending = [];

function post(message) {
  self.postMessage(message);
}

async function boot({ pyodide: base, bridge }) {
  if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available");
  post({ type: "progress", stage: "runtime" });
  const bridgeSource = fetch(bridge).then((response) => {
    if (!response.ok) throw new Error(`${bridge}: HTTP ${response.status}`);
    return response.text();
  });
  const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
  const pyodide = await loadPyodide({
    indexURL: base,
    lockFileURL: new URL("pyodide-lock.json", base).href,
    // Fetched while the interpreter starts; Pyodide checks its sha256 against the lock file.
    packages: ["patience"],
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  post({ type: "progress", stage: "engine" });
  pyodide.runPython(await bridgeSource, { filename: "bridge.py" });
  const proxy = pyodide.globals.get("handle");
  handle = (text) => proxy(text);
}

function answer(message) {
  const { id, cmd, args } = message;
  let reply;
  try {
    reply = JSON.parse(handle(JSON.stringify({ cmd, args })));
  } catch (error) {
    reply = { ok: false, error: String(error && error.message ? error.message : error), kind: "bug" };
  }
  post({ type: "answer", id, ...reply });
}

self.onmessage = (event) => {
  const message = event.data || {};
  if (message.type === "boot") {
    if (booting) return;
    booting = boot(message).then(
      () => {
        post({ type: "ready" });
        for (const queued of pending.splice(0)) answer(queued);
      },
      (error) => post({ type: "failed", message: String(error && error.message ? error.message : error) }),
    );
  } else if (message.type === "call") {
    if (handle) answer(message);
    else pending.push(message);
  }
};
