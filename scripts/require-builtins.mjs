/**
 * Node's built-ins are taken with `process.getBuiltinModule`, not imported, in the ES module outputs of
 * scripts/build.mjs. An ES import of a built-in builds its module facade, which reads every export and so runs Node's
 * lazy getters: node:fs loads its streams, node:process its allowed-flags set and process.stderr, about 3 ms of every
 * start (bench/NOTES.md, "Start-up, fourth round"). They go on the shim's line, above all code: the built-ins are
 * loaded before any of the file's code runs, as imports are, and every line keeps its number (the source maps).
 *
 * The shim's `require`, for the bundled CommonJS code (undici, ajv, the phone library's loader), makes its
 * createRequire on its first call: a start calls none, and each createRequire cost a start about 0.3 ms, once per
 * file ("Start-up, fifth round"). It is a plain function: `require.resolve` and the like are not there, and an output
 * that uses them stops the build.
 */
import { isBuiltin } from "node:module";

/** A built-in this rewrite takes from `process.getBuiltinModule`: every one (Node ^22.22 and 24 have it). */
export const rewritesBuiltin = (specifier) => isBuiltin(specifier);

/** How a built-in is taken on the shim's line: `globalThis`, since a chunk may bind its own `process`. */
const builtin = (specifier) => `globalThis.process.getBuiltinModule(${JSON.stringify(specifier)})`;

/** The banner of every ES output: bundled CommonJS dependencies (undici, ajv) call require(). */
export const REQUIRE_SHIM = `let __obcRequire;\nconst require = (id) => (__obcRequire ??= ${builtin("node:module")}.createRequire(import.meta.url))(id);`;

/**
 * The banner of a minified build (`--minify`, measured, not shipped): Node's real require, made as the file loads. The
 * guard below cannot read minified code (esbuild renames `__require`), so there `require.resolve` and the like must
 * work as they are.
 */
export const EAGER_REQUIRE_SHIM = `const require = ${builtin("node:module")}.createRequire(import.meta.url);`;

/**
 * A property of require read, as the output writes it: esbuild writes every `require` of bundled code as its
 * `__require` (the shim's require), so `require.resolve` in a dependency is `__require.resolve` there; read with `.`,
 * `?.`, `[...]` or destructured. `require.apply` is esbuild's own call of it.
 */
const REQUIRE_PROPERTY =
  /(?<![\w$])(?:__require\d*|require)\s*(?:(?:\?\.|\.)(?!apply\b)[\w$]+|(?:\?\.)?\[[^\]]*\])|\}\s*=\s*(?:__require\d*|require)\b(?!\s*\()/;

/** A static import in an ES module output (esbuild writes one per statement, the names on one or more lines). */
const STATIC_IMPORT = /^import ([\w$]+)?(?:, )?(\{[^}]*\})? from "([^"]+)";$/gm;
/** The require shim's second line, on which the built-ins go. */
const SHIM_LINE = REQUIRE_SHIM.slice(REQUIRE_SHIM.indexOf("\n") + 1);

/**
 * The declarators of one import's bindings, from `required` (the call that takes the built-in). `default as x` is the
 * module itself, as for the default import: getBuiltinModule's module has no `default` field.
 */
function declarators(required, name, named) {
  const names = (named ?? "")
    .slice(1, -1)
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  const modules = [
    name,
    ...names.filter((n) => n.startsWith("default as ")).map((n) => n.slice("default as ".length)),
  ].filter(Boolean);
  const fields = names
    .filter((n) => !n.startsWith("default as "))
    .map((n) => n.replace(/^([\w$]+) as ([\w$]+)$/, "$1: $2"));
  const [first, ...more] = modules;
  return [
    ...(first ? [`${first} = ${required}`] : []),
    ...more.map((m) => `${m} = ${first}`),
    ...(fields.length > 0 ? [`{ ${fields.join(", ")} } = ${first ?? required}`] : []),
  ];
}

/**
 * `source` (the ES output `file`) with its built-in imports taken from `process.getBuiltinModule` instead; unchanged if
 * it has none. `expected`: how many import statements of built-ins esbuild wrote there (its metafile): any other count
 * stops the build, whatever form hid one from the line-by-line reading here (minified code, say).
 */
export function requireBuiltins(source, file, expected) {
  const requires = [];
  const rewritten = source.replace(STATIC_IMPORT, (statement, name, named, specifier) => {
    if (!rewritesBuiltin(specifier)) return statement;
    requires.push(`const ${declarators(builtin(specifier), name, named).join(", ")};`);
    return "\n".repeat(statement.split("\n").length - 1);
  });
  const left = [...rewritten.matchAll(/^import\s[^;]*?["']([^"']+)["'];?$/gm)].map((m) => m[1]).filter(rewritesBuiltin);
  if (left.length > 0)
    throw new Error(`${file}: imports ${left.join(", ")} in a form requireBuiltins does not rewrite`);
  if (expected !== undefined && requires.length !== expected)
    throw new Error(
      `${file}: esbuild wrote ${expected} imports of built-ins, requireBuiltins found ${requires.length}`,
    );
  const property = REQUIRE_PROPERTY.exec(rewritten);
  if (property)
    throw new Error(`${file}: uses ${property[0]}, which the shim's require (a plain function) does not have`);
  if (requires.length === 0) return source;
  if (!rewritten.includes(SHIM_LINE)) throw new Error(`${file}: imports built-ins but has no require shim`);
  return rewritten.replace(SHIM_LINE, `${SHIM_LINE} ${requires.join(" ")}`);
}
