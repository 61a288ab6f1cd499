// Material's search worker, started once the game page's engine is playable (or the reader
// reaches for the search box). Building the search index takes a core of its own for a few
// hundred milliseconds, which on a small machine is taken from Pyodide's start-up. Until then
// Material's messages wait here, in order; the search itself is Material's, unchanged.
// Address: search-later.js?worker=<Material's search worker>&channel=<BroadcastChannel name>
// (a classic worker, as Material starts it). It sits in Material's workers folder because
// Material's worker finds its language files relative to the worker's own address.

const params = new URL(self.location.href).searchParams;
const LIMIT_MS = 20000; // start anyway: the page may never say it is ready
const held = [];
const hold = (event) => held.push(event.data);
let started = false;

function start() {
  if (started) return;
  started = true;
  channel.close();
  self.removeEventListener("message", hold);
  try {
    importScripts(params.get("worker"));
  } catch (error) {
    // Cut off by the page being left, or the file is missing: the page has no search, and
    // the worker says so once instead of raising an error in the page.
    console.warn(`search is unavailable: ${error.message}`);
    return;
  }
  for (const data of held.splice(0)) self.dispatchEvent(new MessageEvent("message", { data }));
}

self.addEventListener("message", hold);
const channel = new BroadcastChannel(params.get("channel"));
channel.onmessage = (event) => {
  if (event.data === "start") start();
};
channel.postMessage("waiting"); // a page that is ready already answers "start"
setTimeout(start, LIMIT_MS);
