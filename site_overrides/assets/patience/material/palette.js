// Material for MkDocs' saved colour palette (its partials/javascripts/palette.html), applied as
// soon as the header is parsed, from a file so that no page needs an inline script.
(function () {
  "use strict";
  var palette;
  try {
    palette = window.__md_get("__palette");
  } catch {
    return;
  }
  if (!palette || !palette.color) return;
  if (palette.color.media === "(prefers-color-scheme)") {
    var light = window.matchMedia("(prefers-color-scheme: light)").matches;
    var input = document.querySelector(
      light
        ? "[data-md-color-media='(prefers-color-scheme: light)']"
        : "[data-md-color-media='(prefers-color-scheme: dark)']",
    );
    palette.color.media = input.getAttribute("data-md-color-media");
    palette.color.scheme = input.getAttribute("data-md-color-scheme");
    palette.color.primary = input.getAttribute("data-md-color-primary");
    palette.color.accent = input.getAttribute("data-md-color-accent");
  }
  for (var key of Object.keys(palette.color)) {
    document.body.setAttribute("data-md-color-" + key, palette.color[key]);
  }
})();
