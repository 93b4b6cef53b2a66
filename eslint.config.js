// ESLint (flat config) for the front end, the book's scripts and the node unit tests: the recommended rules.
// `make js-check` runs it (with the type check and `node --test`); devDependencies pinned in package.json.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/**", "_build/**", ".venv/**", "**/*.min.js"] },
  js.configs.recommended,
  {
    files: ["skitgubbe/views/**/*.{js,mjs}", "book/_ext/**/*.{js,mjs}"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    // a classic script (no module): the editions' switch, loaded by every page
    files: ["skitgubbe/views/editions/editions.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["skitgubbe/views/engine-worker.mjs"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["book/_ext/*.mjs", "tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
  },
];
