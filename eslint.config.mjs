// ESLint for the web app (`npm run lint:web`): typescript-eslint's recommended rules and React's hooks rules
// (eslint-plugin-react-hooks 7: the rules of hooks, exhaustive dependencies and the React Compiler's checks). A file of
// web/src over 400 lines is a warning: split it (data in hooks, drawing in components). An exception to a rule is a
// disable comment on its line with the reason beside it.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";

export default defineConfig([
  { ignores: ["web/dist/**", "web/dev-dist/**"] },
  {
    files: ["web/**/*.{ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    rules: { "max-lines": ["warn", { max: 400 }] },
  },
]);
