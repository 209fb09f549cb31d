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
  {
    // A public class's outputs are an interface of the same name that extends the generated
    // `<Class>Outputs` (resources/generated/): the engine sets them, the class never does.
    files: ["resources/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-declaration-merging": "off",
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    // The property tables, the resource definitions and the public classes are read in review: one
    // facet a line, 120 characters. (The rest of provider/resources is to follow.)
    files: [
      "provider/resources/*.ts",
      "provider/resources/*/table.ts",
      "provider/resources/*/definition.ts",
      "provider/resources/machinery/definition.ts",
      "provider/resources/machinery/deleteLines.ts",
      "provider/resources/machinery/propertyTable.ts",
      "resources/**/*.ts",
      "scripts/gen.ts",
    ],
    rules: {
      "max-len": ["error", { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
);
