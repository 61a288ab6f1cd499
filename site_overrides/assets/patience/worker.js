// The engine's home: a module worker that loads Pyodide once, with only its core and the engine
// (restoring the interpreter's memory saved at build time with the engine imported when it can,
// see snapshot(); otherwise starting Pyodide and installing the engine wheel),
// then answers the page's requests one at a time through patience.session, and thinks ahead
// for the next hint when the page has asked nothing for a moment (thinking.js). It starts
// loading at once, from the URL in its own address (worker.js?pyodide=<url of the pyodide/
// folder>): a message from the page could wait behind the page's own parsing. Messages are
// plain JSON:
//   page -> worker  {type: "call", id, cmd, args} | {type: "rest", on} (the page is hidden)
//   worker -> page  {type: "progress", stage} | {type: "ready"} | {type: "failed", message}
//                   {type: "answer", id, ok, result | error, kind}

let handle = null;
let thinker = null; // see thinking.js: set once the engine is ready
const pending = [];

function post(message) {
  self.postMessage(message);
}

// Files that Pyodide fetches without reporting a failure (it stops with a console warning and
// never settles), with the type a host must send for each.
const CHECKED = { "pyodide.asm.wasm": "application/wasm", "python_stdlib.zip": null };
const BOOT_LIMIT_MS = 180000;

// Rejects as soon as a core file is missing or has the wrong type; never resolves.
function preflight(base) {
  return new Promise((_, reject) => {
    for (const [name, type] of Object.entries(CHECKED)) {
      const url = new URL(name, base).href;
      fetch(url, { method: "HEAD" }).then(
        (response) => {
          if (response.status === 405 || response.status === 501) return; // no HEAD on this host
          if (!response.ok) reject(new Error(`${url}: HTTP ${response.status}`));
          const sent = (response.headers.get("content-type") || "").split(";")[0].trim();
          if (type && sent !== type) reject(new Error(`${url} is served as "${sent}", not ${type}`));
        },
        () => {}, // the real request will fail and say why
      );
    }
  });
}

// The site's pyodide-lock.json, read here rather than by Pyodide: Pyodide reads it in a
// promise it awaits only later, so a broken file showed as an uncaught error before the start
// failed. Rejects with a plain reason.
async function lockFile(base) {
  const response = await fetch(new URL("pyodide-lock.json", base));
  if (!response.ok) throw new Error(`pyodide-lock.json: HTTP ${response.status}`);
  try {
    return await response.json();
  } catch (error) {
    throw new Error(`pyodide-lock.json is not valid JSON (${error.message})`, { cause: error });
  }
}

// Pyodide reports a failed WebAssembly instantiation only on the console, then waits forever.
function abortWatch() {
  return new Promise((_, reject) => {
    const warn = console.warn.bind(console);
    console.warn = (...args) => {
      warn(...args);
      const text = args.map(String).join(" ");
      if (/instantiat|abort/i.test(text)) reject(new Error(text));
    };
    setTimeout(() => reject(new Error("Pyodide did not start in time")), BOOT_LIMIT_MS);
  });
}

// The interpreter's memory with the engine imported, saved when the site was built
// (snapshot.bin: memory.js's file of its pages with data, gzip-compressed): restoring it skips
// Pyodide's own start-up and the engine's install. Resolves to {bytes, filled, parts, kept,
// sha} once the memory's length is known, or rejects if the file is missing or not the one
// the build recorded (snapshot.json: its sha256 as served and gunzipped, which also names the
// file a visit keeps); the worker then starts Pyodide the usual way.
//
// Pyodide sizes the interpreter from the memory, then builds it (instantiating its
// WebAssembly, installing its standard library) and only then copies the memory in. So the
// memory is handed over as soon as the file's head has said its length, and is written while
// Pyodide builds: `filled` resolves once every page is in place and the file served has
// matched its checksum, or rejects. The file is gunzipped as it arrives, while its checksum is
// taken from a copy of the bytes served; `parts` are the gunzipped file's bytes, which a visit
// keeps for the next. `kept` says the memory came from the file an earlier visit kept
// (memory.js, read meanwhile), and the download was dropped.
async function snapshot(base, memory) {
  if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream");
  if (!self.crypto || !self.crypto.subtle) throw new Error("no crypto.subtle to check the snapshot");
  const recorded = fetch(new URL("snapshot.json", base)).then((answer) => {
    if (!answer.ok) throw new Error(`snapshot.json: HTTP ${answer.status}`);
    return answer.json();
  });
  const download = new AbortController();
  const loading = fetch(new URL("snapshot.bin", base), { signal: download.signal });
  loading.catch(() => {}); // awaited below, unless the memory was kept
  const kept = memory.then((module) => module.keptMemory()).catch(() => null);
  const [sums, found] = await Promise.all([recorded, kept]);
  if (found && found.sha === sums.file) {
    download.abort();
    return { bytes: found.bytes, filled: Promise.resolve(), kept: true, sha: sums.file };
  }
  const response = await loading;
  if (!response.ok) throw new Error(`snapshot.bin: HTTP ${response.status}`);
  const [forSum, forUse] = response.body.tee();
  const served = new Response(forSum).arrayBuffer().then((bytes) => self.crypto.subtle.digest("SHA-256", bytes));
  served.catch(() => {}); // awaited below
  const { packed, stream } = await unpacking(forUse);
  const unpacker = new (await memory).Unpacker();
  const reader = stream.getReader();
  const parts = [];
  const take = async () => {
    const { done, value } = await reader.read();
    if (done) return false;
    parts.push(value);
    if (!unpacker.push(value)) throw new Error("snapshot.bin is not a memory file");
    return true;
  };
  while (!unpacker.memory) {
    if (!(await take())) throw new Error("snapshot.bin is not a memory file");
  }
  const filled = (async () => {
    while (await take());
    if (hex(await served) !== (packed ? sums.gzip : sums.file)) throw new Error("snapshot.bin does not match its checksum");
    if (!unpacker.finish()) throw new Error("snapshot.bin is not a memory file");
  })();
  filled.catch(() => {}); // awaited by Pyodide's start (fsInit)
  return { bytes: unpacker.memory, filled, parts, kept: false, sha: sums.file };
}

function hex(digest) {
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// A stream's bytes, gunzipped while they arrive unless a host has already unpacked them (no
// gzip magic number in the first chunk): {packed, stream}.
async function unpacking(body) {
  const reader = body.getReader();
  const first = await reader.read();
  const head = first.done ? new Uint8Array() : first.value;
  const whole = new ReadableStream({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const packed = head[0] === 0x1f && head[1] === 0x8b;
  return { packed, stream: packed ? whole.pipeThrough(new DecompressionStream("gzip")) : whole };
}

// Pyodide sizes the interpreter's memory from the snapshot, so it starts compiling its
// WebAssembly only once the snapshot's length is known, and asks for the file only once its
// own loader and interpreter script have arrived. Here the file is asked for and
// compiled as the worker starts, beside the rest (the browser compiles it off this thread as
// it arrives). Pyodide's own request for it is then answered with an empty stand-in, and its
// instantiation (through WebAssembly.instantiateStreaming, which nothing else in this worker
// calls) is handed the compiled module. If the compile fails, Pyodide's request goes out and
// it instantiates from that, as it would have.
function compileAhead(url) {
  const compiled = WebAssembly.compileStreaming(fetch(url)).catch((error) => {
    console.info(`Patience: Pyodide's WebAssembly was not compiled ahead (${reasonOf(error)})`);
    return null;
  });
  const standIns = new WeakSet();
  const fetchFile = self.fetch.bind(self);
  self.fetch = (input, init) => {
    const address = input instanceof Request ? input.url : new URL(String(input), self.location.href).href;
    const method = (init && init.method) || (input instanceof Request ? input.method : "GET");
    if (address !== url || method.toUpperCase() !== "GET") return fetchFile(input, init);
    return compiled.then((module) => {
      if (!module) return fetchFile(input, init);
      const standIn = new Response(null, { headers: { "content-type": "application/wasm" } });
      standIns.add(standIn);
      return standIn;
    });
  };
  const instantiate = WebAssembly.instantiateStreaming.bind(WebAssembly);
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (!standIns.has(response)) return instantiate(response, imports);
    const module = await compiled;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}

// A module's address for the given attempt: a browser may keep a failed import's failure for
// its address, so a second attempt asks under another one (the service worker ignores the
// query).
function moduleURL(name, base, attempt) {
  const url = new URL(name, base);
  if (attempt > 1) url.searchParams.set("attempt", String(attempt));
  return url.href;
}

async function boot(base, attempt) {
  if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available");
  if (!base) throw new Error("the worker's address lacks the pyodide folder's URL");
  post({ type: "progress", stage: "runtime" });
  // A browser opens only a few connections to a host at a time, and the page is loading
  // too: what gates the most is asked for first. Pyodide's loader comes first, as it starts
  // the big downloads (the interpreter and the standard library); its interpreter's script,
  // which the loader would import only once it is itself loaded, is asked for beside it and
  // handed over (createPyodideModule); then its WebAssembly, compiled as it arrives
  // (compileAhead); then the snapshot.
  const loader = import(moduleURL("pyodide.mjs", base, attempt));
  const interpreter = import(moduleURL("pyodide.asm.mjs", base, attempt));
  if (attempt === 1 && typeof WebAssembly.compileStreaming === "function") {
    compileAhead(new URL("pyodide.asm.wasm", base).href);
  }
  const memory = import("./memory.js");
  for (const promise of [loader, interpreter, memory]) promise.catch(() => {}); // awaited below
  const saved = snapshot(base, memory);
  saved.catch(() => {}); // reported below, if it is ever needed
  const lock = lockFile(base); // a broken file ends the start through the race below
  // Pyodide derives promises from the one it is given and awaits some only later, so a broken
  // lock file would reject them unhandled: it is given one that then never settles.
  const lockForPyodide = lock.catch(() => new Promise(() => {}));
  const start = async () => {
    const { loadPyodide } = await loader;
    const options = {
      createPyodideModule: (await interpreter).default,
      indexURL: base,
      lockFileContents: lockForPyodide,
      packageBaseUrl: base,
      stdout: () => {},
      stderr: (line) => console.warn(line),
    };
    try {
      // The snapshot holds the engine already imported, so no package is loaded. Pyodide
      // awaits its file system's set-up (fsInit) before it copies the memory in: the memory
      // is complete and checked by then, or its first bytes are cleared, so that Pyodide
      // refuses it (a snapshot's magic number) rather than start from part of one.
      const pyodide = await loadPyodide({
        ...options,
        _loadSnapshot: saved.then((restored) => restored.bytes),
        fsInit: async () => {
          const restored = await saved;
          await restored.filled.catch(() => restored.bytes.fill(0, 0, 8));
        },
      });
      // A snapshot kept in a cache across a deploy may hold another engine, or meet a
      // standard library it was not made with: only a matching one counts as a start.
      const wheel = ((await lock).packages.patience || {}).sha256;
      if (!pyodide.runPython(`snapshot_fits(${JSON.stringify(wheel)})`)) {
        throw new Error("it was made for another build");
      }
      // The snapshot holds the random module as seeded at build time: each visit reseeds it.
      pyodide.runPython("import random; random.seed()");
      const restored = await saved;
      if (!restored.kept) {
        memory.then((module) => module.keepMemory(restored.sha, restored.parts)).catch(() => {});
      }
      return pyodide;
    } catch (error) {
      // A memory that did not arrive whole says why better than Pyodide's refusal of it.
      const reason = await saved.then((restored) => restored.filled).then(() => error, (failed) => failed);
      console.info(`Patience: starting Pyodide without its snapshot (${reason && reason.message})`);
      memory.then((module) => module.forgetMemory()).catch(() => {});
      // Fetched while the interpreter starts; Pyodide checks its sha256 against the lock file.
      return loadPyodide({ ...options, packages: ["patience"] });
    }
  };
  const broken = lock.then(() => new Promise(() => {})); // rejects only
  const checked = loader.then(() => preflight(base)); // its requests wait for the loader's
  const pyodide = await Promise.race([start(), broken, checked, abortWatch()]);
  post({ type: "progress", stage: "engine" });
  const proxy = pyodide.pyimport("patience.session").handle;
  handle = (text) => proxy(text);
}

function reasonOf(error) {
  return error && error.message ? error.message : String(error);
}

// The engine answers every Python error itself (session.handle). What reaches here is the
// interpreter's own failure (out of memory, a trap in WebAssembly), after which Pyodide
// cannot be used again: the page is told, so that it starts a new worker, and this one closes.
function call(cmd, args) {
  try {
    return JSON.parse(handle(JSON.stringify({ cmd, args })));
  } catch (error) {
    handle = null;
    if (thinker) thinker.stop();
    post({ type: "stopped", message: `the engine failed: ${reasonOf(error)}` });
    self.close();
    return null;
  }
}

function answer(message) {
  const reply = call(message.cmd, message.args);
  if (reply) post({ type: "answer", id: message.id, ...reply });
  if (handle && thinker) thinker.poke();
}

// One slice of the engine's thinking; true if another could still help.
function thinkOnce(budget) {
  if (!handle) return false;
  const reply = call("think", { budget });
  return Boolean(reply && reply.ok && reply.result.more);
}

// Thinking is a nicety: if its module cannot be had, the table plays without it.
async function startThinking() {
  try {
    const { Thinker, SLICE_SECONDS } = await import("./thinking.js");
    thinker = new Thinker(() => thinkOnce(SLICE_SECONDS));
    if (handle) thinker.rest(resting);
  } catch (error) {
    console.info(`Patience: no thinking ahead (${reasonOf(error)})`);
  }
}

let resting = false; // the page is hidden: no thinking (see thinking.js)

self.onmessage = (event) => {
  const message = event.data || {};
  if (message.type === "rest") {
    resting = Boolean(message.on);
    if (thinker) thinker.rest(resting);
    return;
  }
  if (message.type !== "call") return;
  if (handle) answer(message);
  else pending.push(message);
};

// A download cut off on the way (a dropped connection, an answer cut short) fails with a
// TypeError, and a second attempt usually gets through; an answer that is wrong
// (a missing file, a wrong type, a broken lock file) fails with an Error, and would again.
async function start(base) {
  try {
    await boot(base, 1);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    console.info(`Patience: starting the engine again after a failed download (${error.message})`);
    await boot(base, 2);
  }
}

const params = new URL(self.location.href).searchParams;
start(params.get("pyodide")).then(
  () => {
    post({ type: "ready" });
    for (const queued of pending.splice(0)) if (handle) answer(queued);
    startThinking();
  },
  (error) => post({ type: "failed", message: reasonOf(error) }),
);
