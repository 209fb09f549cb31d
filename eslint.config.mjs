// Lint: typescript-eslint's recommended rules over our TypeScript; build output and fixtures are skipped.
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "packages/*/dist/**", "node_modules/**", "**/node_modules/**", "examples/**/bin/**", "**/*.js", "**/*.mjs"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
);
