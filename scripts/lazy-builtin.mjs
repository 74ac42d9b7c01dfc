/**
 * The stand-ins scripts/build.mjs gives src/ for node:crypto, node:child_process and node:fs/promises (LAZY_BUILTIN
 * there): a module exporting every function of the built-in, each requiring the built-in on its first call.
 */
import { createRequire } from "node:module";

/**
 * util.promisify gives some functions their own promise form: child_process's exec and execFile resolve to
 * { stdout, stderr }, crypto's generateKeyPair to { publicKey, privateKey }. A plain stand-in would lose it (the
 * promise would hold stdout alone) in the bundle only, where the tests, which run src/, do not look: so such a
 * stand-in's own promise form promisifies the real function, still on first call.
 */
const PROMISIFY_CUSTOM = 'Symbol.for("nodejs.util.promisify.custom")';

/** @param {string} name a built-in, e.g. "node:crypto" @returns {string} the stand-in's source */
export function lazyBuiltin(name) {
  const real = createRequire(import.meta.url)(name);
  const functions = Object.keys(real).filter((key) => typeof real[key] === "function" && /^[a-z]/.test(key));
  const special = (key) => Object.getOwnPropertySymbols(real[key]).length > 0; // promisify.custom, or Node's own list of the callback's result names
  return [
    // var and a function declaration: ready before this module's body runs, as an imported built-in is. In a bundle,
    // code of an import cycle can run before the body of a module it imports.
    "var loaded;",
    `function load() { return (loaded ??= globalThis.process.getBuiltinModule(${JSON.stringify(name)})); }`,
    // Marked pure, so that a function src/ does not import still leaves the bundle (such a one, a const, is not ready
    // before this module's body runs: none is imported by src/ today).
    `const promisable = (f) => Object.assign(f, { [${PROMISIFY_CUSTOM}]: (...args) => globalThis.process.getBuiltinModule("node:util").promisify(load()[f.name])(...args) });`,
    ...functions.map((key) =>
      special(key)
        ? `export const ${key} = /* @__PURE__ */ promisable(function ${key}(...args) { return load().${key}(...args); });`
        : `export function ${key}(...args) { return load().${key}(...args); }`,
    ),
  ].join("\n");
}
