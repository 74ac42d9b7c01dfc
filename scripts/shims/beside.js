/**
 * Requires a CommonJS file that scripts/build.mjs writes beside the bundle file
 * holding this module (the lazily loaded undici and ajv: scripts/shims/undici.cjs,
 * the SDK's ajv provider). A plain require of a computed name: esbuild leaves it
 * alone, so the file is read only when first asked for.
 */
import { createRequire } from "node:module";

export function requireBeside(file) {
  return createRequire(import.meta.url)(file);
}
