// Stdout belongs to JSON-RPC: nothing in src/ may write to it through console (typescript-sdk's own rule; CONTRIBUTING.md).
// The demo and the benchmark are clients, not servers: their stdout is theirs.
//
// zod as a namespace import: `import { z } from "zod"` (or its default) hands esbuild zod's namespace as a value, and the
// bundle then keeps all of zod (z.compile, fromJSONSchema...) in the start chunk: 180 KB and 3–5 ms of every start
// (bench/NOTES.md, "Start-up, fifth round"). scripts/build.mjs also stops if the start chunk holds zod's compiler.
import tseslint from "typescript-eslint";

export default tseslint.config({
  files: ["src/**/*.ts"],
  ignores: ["src/demo.ts"],
  languageOptions: { parser: tseslint.parser },
  rules: {
    "no-console": "error",
    "no-restricted-syntax": [
      "error",
      // zod and zod/v4 export the same z, as `z` and as default; `{ default as x }` is the default import.
      {
        selector:
          "ImportDeclaration[source.value=/^zod(\\u002Fv4)?$/][importKind!='type'] > :matches(ImportSpecifier[imported.name=/^(z|default)$/][importKind!='type'], ImportDefaultSpecifier)",
        message:
          'import * as z from "zod": a named or default z keeps all of zod in the start chunk (bench/NOTES.md, "Start-up, fifth round").',
      },
      {
        selector:
          "ExportNamedDeclaration[source.value=/^zod(\\u002Fv4)?$/][exportKind!='type'] > ExportSpecifier[local.name=/^(z|default)$/][exportKind!='type']",
        message:
          'import * as z from "zod": a re-exported z keeps all of zod in the start chunk where it is imported (bench/NOTES.md, "Start-up, fifth round").',
      },
    ],
  },
});
