/**
 * Node's built-ins are required, not imported, in the ES module outputs of scripts/build.mjs. An ES import of a
 * built-in builds its module facade, which reads every export and so runs Node's lazy getters: node:fs loads its
 * streams, node:process its allowed-flags set and process.stderr, about 3 ms of every start (docs/performance.md,
 * "Start-up, fourth round"). The requires go on the shim's line, above all code: the built-ins are loaded before any
 * of the file's code runs, as imports are, and every line keeps its number (the source maps). node:module stays an
 * import: the shim needs it.
 */
import { isBuiltin } from "node:module";

/** A built-in this rewrite turns into a require: every one but node:module, which the shim is made from. */
export const rewritesBuiltin = (specifier) => isBuiltin(specifier) && specifier !== "node:module";

/** The banner of every ES output: bundled CommonJS dependencies (undici, ajv) call require() for Node's built-ins. */
export const REQUIRE_SHIM = 'import { createRequire as __obcCreateRequire } from "node:module";\nconst require = __obcCreateRequire(import.meta.url);';

/** A static import in an ES module output (esbuild writes one per statement, the names on one or more lines). */
const STATIC_IMPORT = /^import ([\w$]+)?(?:, )?(\{[^}]*\})? from "([^"]+)";$/gm;
/** The require shim's second line, on which the built-ins' requires go. */
const SHIM_LINE = REQUIRE_SHIM.slice(REQUIRE_SHIM.indexOf("\n") + 1);

/**
 * The declarators of one import's bindings, from `required` (the require call). `default as x` is the module itself,
 * as for the default import: a require has no `default` field.
 */
function declarators(required, name, named) {
  const names = (named ?? "").slice(1, -1).split(",").map((n) => n.trim()).filter(Boolean);
  const modules = [name, ...names.filter((n) => n.startsWith("default as ")).map((n) => n.slice("default as ".length))].filter(Boolean);
  const fields = names.filter((n) => !n.startsWith("default as ")).map((n) => n.replace(/^([\w$]+) as ([\w$]+)$/, "$1: $2"));
  const [first, ...more] = modules;
  return [
    ...(first ? [`${first} = ${required}`] : []),
    ...more.map((m) => `${m} = ${first}`),
    ...(fields.length > 0 ? [`{ ${fields.join(", ")} } = ${first ?? required}`] : []),
  ];
}

/**
 * `source` (the ES output `file`) with its built-in imports turned into requires; unchanged if it has none. `expected`:
 * how many import statements of built-ins (node:module aside) esbuild wrote there (its metafile): any other count
 * stops the build, whatever form hid one from the line-by-line reading here (minified code, say).
 */
export function requireBuiltins(source, file, expected) {
  const requires = [];
  const rewritten = source.replace(STATIC_IMPORT, (statement, name, named, specifier) => {
    if (!rewritesBuiltin(specifier)) return statement;
    requires.push(`const ${declarators(`require(${JSON.stringify(specifier)})`, name, named).join(", ")};`);
    return "\n".repeat(statement.split("\n").length - 1);
  });
  const left = [...rewritten.matchAll(/^import\s[^;]*?["']([^"']+)["'];?$/gm)].map((m) => m[1]).filter(rewritesBuiltin);
  if (left.length > 0) throw new Error(`${file}: imports ${left.join(", ")} in a form requireBuiltins does not rewrite`);
  if (expected !== undefined && requires.length !== expected) throw new Error(`${file}: esbuild wrote ${expected} imports of built-ins, requireBuiltins found ${requires.length}`);
  if (requires.length === 0) return source;
  if (!rewritten.includes(SHIM_LINE)) throw new Error(`${file}: imports built-ins but has no require shim`);
  return rewritten.replace(SHIM_LINE, `${SHIM_LINE} ${requires.join(" ")}`);
}
