/**
 * libphonenumber-js with **max** metadata, loaded on first use. The metadata is
 * the largest thing the server would otherwise load at start-up, and most
 * sessions start the server without ever checking a number; so it is required
 * (synchronously, from node_modules) by the first number check or by the
 * OUTBOUND_CALLS_ALLOWED_COUNTRIES check, and kept for the process.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export type PhoneLib = typeof import("libphonenumber-js/max");

let lib: PhoneLib | undefined;

export function phoneLib(): PhoneLib {
  if (lib === undefined) {
    // A plain require, not import(): callers are synchronous, and the bundle leaves it alone (not bundled).
    const require = createRequire(import.meta.url);
    cachePatternRegExps(require);
    lib = require("libphonenumber-js/max") as PhoneLib;
  }
  return lib;
}

/**
 * libphonenumber-js checks a number against its metadata patterns with
 * `new RegExp("^(?:" + pattern + ")$").test(text)` (build/helpers/matchesEntirely.js),
 * a new RegExp for every pattern of every number: over a third of a batch's
 * validation time. Its callers read the function from the module's exports at
 * each call, so the same test on a cached RegExp is put there. Applied only
 * when the module looks exactly as described; otherwise the library is left as
 * it is (correct, only slower). See docs/performance.md.
 */
function cachePatternRegExps(require: NodeRequire): void {
  try {
    const root = dirname(require.resolve("libphonenumber-js/package.json"));
    const helper = require(join(root, "build", "helpers", "matchesEntirely.js")) as { default?: unknown; __esModule?: boolean };
    if (!helper.__esModule || typeof helper.default !== "function" || helper.default.length !== 2) return;
    const cache = new Map<string, RegExp>();
    helper.default = function matchesEntirely(text: string | undefined, pattern: string): boolean {
      let regExp = cache.get(pattern);
      if (regExp === undefined) {
        regExp = new RegExp(`^(?:${pattern})$`);
        cache.set(pattern, regExp);
      }
      return regExp.test(text || "");
    };
  } catch {
    // A different layout of the package: keep its own function.
  }
}
