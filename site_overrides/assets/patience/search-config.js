// On a game page, Material's search worker is started through search-later.js, which holds
// it until the game is playable or the search box is used (see that file). This rewrites
// Material's config (the #__config element just above) before Material's bundle reads it. A
// file, not an inline script, so the page needs no 'unsafe-inline'.
(function () {
  "use strict";
  var element = document.getElementById("__config");
  var config = JSON.parse(element.textContent);
  if (!config.search || typeof BroadcastChannel !== "function") return;
  var channel = "patience-search";
  var later = new URL(document.currentScript.dataset.later, document.baseURI);
  later.searchParams.set("worker", new URL(config.search, document.baseURI).href);
  later.searchParams.set("channel", channel);
  config.search = later.href;
  element.textContent = JSON.stringify(config);
  document.addEventListener("focusin", function (event) {
    if (event.target.closest && event.target.closest("[data-md-component=search]")) {
      var ask = new BroadcastChannel(channel);
      ask.postMessage("start");
      ask.close();
    }
  });
})();
