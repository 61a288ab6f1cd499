// Starts the engine's worker from the page's head, before the rest of the page loads, so that
// Pyodide's download and start-up overlap the page's own; game.js takes the worker over, or
// reports the error kept here (see engine.js). A classic script from a file, not inline, so the
// page needs no 'unsafe-inline'; its element carries the addresses in data-assets and
// data-pyodide.
(function () {
  "use strict";
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") return;
  var early = { messages: [], error: null };
  try {
    var data = document.currentScript.dataset;
    var address = new URL("worker.js", new URL(data.assets, document.baseURI));
    address.searchParams.set("pyodide", new URL(data.pyodide, document.baseURI).href);
    var worker = new Worker(address, { type: "module" });
    worker.onmessage = function (event) {
      early.messages.push(event.data);
    };
    worker.onerror = function (event) {
      event.preventDefault();
      early.error = event.message || "the engine worker failed to start";
    };
    early.worker = worker;
  } catch (error) {
    early.error = "the engine worker could not start: " + (error && error.message ? error.message : error);
  }
  window.patienceEarlyWorker = early;
})();

// If the table's modules never run (game.js or a module it imports is missing, mistyped or
// refused), the table would say "loading" for ever. Module scripts run before
// DOMContentLoaded, and game.js marks the page as taken over first thing. Without that mark,
// game.js is asked for once more, under another address (a browser may keep a failed module's
// failure for its address): a download cut off on the way usually gets through the second
// time. If it fails again, the table shows its error state and the worker is ended.
(function (assets) {
  "use strict";
  function fail(root) {
    console.error("Patience: the game could not start: the table's scripts did not load");
    var early = window.patienceEarlyWorker;
    if (early && early.worker) early.worker.terminate();
    window.patienceEarlyWorker = null;
    var progress = root.querySelector('[data-role="progress"]');
    if (progress) progress.hidden = true;
    var error = root.querySelector('[data-role="error"]');
    if (error) error.hidden = false;
    root.setAttribute("data-state", "error");
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (window.patienceTableStarted) return;
    var root = document.querySelector(".pt-game[data-variant]");
    if (!root || root.getAttribute("data-state") !== "loading") return;
    var again = document.createElement("script");
    var address = new URL("game.js", new URL(assets, document.baseURI));
    address.searchParams.set("attempt", "2");
    console.info("Patience: asking for the table's scripts again");
    again.type = "module";
    again.src = address.href;
    again.onload = again.onerror = function () {
      if (!window.patienceTableStarted) fail(root);
    };
    document.head.appendChild(again);
  });
})(document.currentScript.dataset.assets);
