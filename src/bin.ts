#!/usr/bin/env node
/**
 * The package's bin (dist/index.js): turns on Node's compile cache, then loads
 * the CLI (src/index.ts). Kept apart so that the cache is on before the ~2 MB
 * of bundled code is compiled: a static import would be compiled first.
 */
import { startCompileCache } from "./cli/compile-cache.js";

startCompileCache(new URL("../.cache/node-compile-cache", import.meta.url));
await import("./index.js");
