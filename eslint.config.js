// Stdout belongs to JSON-RPC: nothing in src/ may write to it through console (typescript-sdk's own rule; CONTRIBUTING.md).
// The demo and the benchmark are clients, not servers: their stdout is theirs.
import tseslint from "typescript-eslint";

export default tseslint.config({
  files: ["src/**/*.ts"],
  ignores: ["src/demo.ts"],
  languageOptions: { parser: tseslint.parser },
  rules: { "no-console": "error" },
});
