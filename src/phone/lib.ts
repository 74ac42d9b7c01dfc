/**
 * libphonenumber-js with **max** metadata, loaded on first use. The metadata is
 * the largest thing the server would otherwise load at start-up, and most
 * sessions start the server without ever checking a number; so it is required
 * (synchronously: the callers are) by the first number check or by the
 * OUTBOUND_CALLS_ALLOWED_COUNTRIES check, and kept for the process.
 *
 * In the bundle, scripts/build.mjs sets BUNDLED_PHONE_LIB_FILE to the file of
 * its own CommonJS copy of the library, next to the bundle file holding this
 * code, with its pattern RegExps cached at build time: the package needs no
 * node_modules. From the sources (tests), it is the library in node_modules.
 */
import { createRequire } from "node:module";

export type PhoneLib = typeof import("libphonenumber-js/max");

declare const BUNDLED_PHONE_LIB_FILE: string | undefined;

let lib: PhoneLib | undefined;

export function phoneLib(): PhoneLib {
  if (lib === undefined) {
    // A plain require of a computed name: esbuild leaves it alone (not bundled into the start-up code).
    const require = createRequire(import.meta.url);
    const file = typeof BUNDLED_PHONE_LIB_FILE === "string" ? BUNDLED_PHONE_LIB_FILE : "libphonenumber-js/max";
    lib = require(file) as PhoneLib;
  }
  return lib;
}
