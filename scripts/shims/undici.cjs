"use strict";
/**
 * Build-time stand-in for `undici` in the bundle (scripts/build.mjs): Agent,
 * request and errors, from undici's own files (scripts/shims/undici-lib.cjs),
 * required on first use from a CommonJS file of their own beside the bundle
 * (`undici.cjs`, BUNDLED_UNDICI_FILE). The service client makes its Agent on
 * the first request (src/service/transport/client.ts), and a start-up has no
 * request to make: undici's half megabyte is neither read nor compiled before
 * tools/list (docs/performance.md). An import of anything else from `undici`
 * in src/ fails the build ("No matching export"): add it here and there.
 */
const { requireBeside } = require("./beside.js");

let lib;

const undici = () => (lib ??= requireBeside(BUNDLED_UNDICI_FILE));

Object.defineProperties(module.exports, {
  Agent: { enumerable: true, get: () => undici().Agent },
  Dispatcher: { enumerable: true, get: () => undici().Dispatcher },
  errors: { enumerable: true, get: () => undici().errors },
  request: { enumerable: true, get: () => undici().request },
});
