// Material for MkDocs' content tabs: the tab named in the address opens (its
// partials/javascripts/content.html), from a file so that no page needs an inline script.
(function () {
  "use strict";
  var target = document.getElementById(window.location.hash.slice(1));
  if (target && target.name) target.checked = target.name.startsWith("__tabbed_");
})();
