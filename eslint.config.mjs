// ESLint for the web app (part of `npm run lint`): typescript-eslint's recommended rules and React's rules of hooks
// (an error) and exhaustive dependencies (on, as an error). A file of web/src over 400 lines is a warning: split it
// (data in hooks, drawing in components). An exception is a disable comment on its line with its reason after `--`.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";

/** A disable comment without a reason (`// eslint-disable-next-line rule -- why`) is an error. */
const reasons = {
  rules: {
    "disable-has-reason": {
      meta: { type: "problem", schema: [] },
      create(context) {
        return {
          Program() {
            for (const c of context.sourceCode.getAllComments()) {
              const text = c.value.trim();
              if (/^eslint-disable(-next-line|-line)?\b/.test(text) && !/\s--\s*\S/.test(text))
                context.report({ loc: c.loc, message: "Say why beside the disable comment: `-- <reason>`." });
            }
          },
        };
      },
    },
  },
};

export default defineConfig([
  { ignores: ["web/dist/**", "web/dev-dist/**"] },
  {
    files: ["web/**/*.{ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { "react-hooks": reactHooks, reasons },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // The two classic hook rules. The plugin's React Compiler checks (refs, set-state-in-effect, purity...) are left
      // off: the app is not built with the React Compiler, and they refuse patterns it uses on purpose.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "reasons/disable-has-reason": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    rules: { "max-lines": ["warn", { max: 400 }] },
  },
]);
