/**
 * Build-time stand-in for zod's `v4/locales/index.js` in the bundle
 * (scripts/build.mjs): English only, the locale zod configures by default and
 * the only one the server uses (its messages are English). The other locales
 * were a sixth of the code compiled at start-up.
 */
export { default as en } from "zod/v4/locales/en.js";
