/**
 * Whether zod compiles a fast path (new Function) for an object schema on its first parse: zod decides it as each
 * schema is built. A stdio server builds the SDK's message schemas, the configuration's, the prompts' and the
 * resources' as it starts, and its first messages parse with them: compiling them there is 4–7 ms of every start, paid
 * again by every spawn, where interpreting them costs a call about 20 µs. The tools' schemas, built when the tools
 * load (after the first tools/list), compile theirs on the first call, off the start. bench/NOTES.md, "Start-up,
 * fifth round", has the figures.
 */
import * as z from "zod";

/** Schemas built from now on are interpreted: set before any is built (src/cli/zod-jitless.ts, stdio only). */
export function interpretSchemasBuiltFromNow(): void {
  z.config({ jitless: true });
}

/** Schemas built from now on compile their fast paths, zod's default (src/mcp/tools.ts, as the tools load). */
export function compileSchemasBuiltFromNow(): void {
  z.config({ jitless: false });
}
