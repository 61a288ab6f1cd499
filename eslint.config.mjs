// ESLint for the site's own JavaScript (scripts/test.sh runs it): ESLint's recommended rules.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["site/**", "build/**", "node_modules/**", ".venv/**", "engine/**", "generator/**"] },
  js.configs.recommended,
  {
    files: ["site_overrides/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.browser },
  },
  {
    // Classic scripts, run by the page's own <script> elements.
    files: [
      "site_overrides/assets/patience/early.js",
      "site_overrides/assets/patience/search-config.js",
      "site_overrides/assets/patience/material/*.js",
    ],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["site_overrides/assets/patience/worker.js", "site_overrides/assets/javascripts/workers/*.js"],
    languageOptions: { globals: globals.worker },
  },
  {
    files: ["site_overrides/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker, BUILD: "readonly" } },
  },
  {
    files: ["tests/js/**/*.mjs", "bench/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.node },
  },
];
