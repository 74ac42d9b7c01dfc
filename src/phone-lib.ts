/**
 * libphonenumber-js with **max** metadata, loaded on first use. The metadata is
 * the largest thing the server would otherwise load at start-up, and most
 * sessions start the server without ever checking a number; so it is required
 * (synchronously, from node_modules) by the first number check or by the
 * OUTBOUND_CALLS_ALLOWED_COUNTRIES check, and kept for the process.
 */
import { createRequire } from "node:module";

export type PhoneLib = typeof import("libphonenumber-js/max");

let lib: PhoneLib | undefined;

export function phoneLib(): PhoneLib {
  // A plain require, not import(): callers are synchronous, and the bundle leaves it alone (not bundled).
  lib ??= createRequire(import.meta.url)("libphonenumber-js/max") as PhoneLib;
  return lib;
}
