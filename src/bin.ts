#!/usr/bin/env node
/**
 * The package's bin (dist/index.js): turns on Node's compile cache, answers a
 * stdio client's first server/discover (src/cli/early-discover.ts), then loads
 * the CLI (src/index.ts). Kept apart so that the cache is on before the ~2 MB
 * of bundled code is compiled: a static import would be compiled first. So
 * what this file imports stays small and imports nothing heavy in turn (the
 * command line, the discover answer): test/e2e/startup.test.ts holds the
 * bundle's entry to that.
 */
import { servesStdio } from "./cli/command-line.js";
import { startCompileCache } from "./cli/compile-cache.js";
import { answerEarlyDiscover } from "./cli/early-discover.js";

/** How long a silent stdin may hold the start-up: clients write their first message as they spawn the server. */
const FIRST_LINE_WAIT_MS = 100;

startCompileCache(new URL("../.cache/node-compile-cache", import.meta.url));
// Serving over stdio: a 2026-07-28 client's first server/discover is answered before the bundle loads.
if (servesStdio(process.argv.slice(2))) await answerEarlyDiscover(FIRST_LINE_WAIT_MS);
await import("./index.js");
