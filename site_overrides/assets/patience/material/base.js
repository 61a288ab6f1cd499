// Material for MkDocs' storage helpers (its partials/javascripts/base.html), served as a file so
// that no page needs an inline script. The scope comes from the script element's data-scope.
(function () {
  "use strict";
  var scope = new URL(document.currentScript.dataset.scope, location);
  window.__md_scope = scope;
  window.__md_hash = function (text) {
    return Array.from(text).reduce(function (hash, char) {
      return (hash << 5) - hash + char.charCodeAt(0);
    }, 0);
  };
  window.__md_get = function (key, storage, base) {
    storage = storage || localStorage;
    base = base || window.__md_scope;
    return JSON.parse(storage.getItem(base.pathname + "." + key));
  };
  window.__md_set = function (key, value, storage, base) {
    storage = storage || localStorage;
    base = base || window.__md_scope;
    try {
      storage.setItem(base.pathname + "." + key, JSON.stringify(value));
    } catch {
      // storage full or disabled: the choice is simply not kept
    }
  };
})();
