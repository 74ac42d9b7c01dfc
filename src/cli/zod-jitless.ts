/**
 * A stdio server parses with zod's interpreter, not its compiled fast paths. zod compiles (new Function) a fast path
 * for each object schema on its first parse: at a stdio start that is the SDK's request schemas, the configuration's
 * and the first tools', about 4–7 ms of every start, paid again by every spawn, for a session of one client whose
 * messages are small. Over --http, one long-lived process parses for many clients: there the fast paths pay and stay on.
 *
 * zod reads the setting as each schema is built, so this module must be evaluated before any schema: src/index.ts
 * imports it first (ES modules evaluate in import order, in the bundle too); test/e2e/zod-jitless.test.ts checks the
 * built server. docs/performance.md, "Start-up, fifth round", has the figures.
 */
import * as z from "zod";
import { parseArgs } from "./command-line.js";

const command = (() => {
  try {
    return parseArgs(process.argv.slice(2));
  } catch {
    return undefined; // src/index.ts says what is wrong
  }
})();
if (command?.kind === "serve" && command.http === undefined) z.config({ jitless: true });
