/**
 * A stdio server starts with zod interpreting the schemas it builds (src/mcp/zod-mode.ts says why): the SDK's, the
 * configuration's, the prompts' and resources'. The tools' schemas, built later, compile as usual. Over --http, one
 * long-lived process parses for many clients: every schema compiles its fast path.
 *
 * zod reads the setting as each schema is built, so this module must be evaluated before any schema: src/index.ts
 * imports it first (ES modules evaluate in import order, in the bundle too); test/e2e/zod-jitless.test.ts checks the
 * built server.
 */
import { interpretSchemasBuiltFromNow } from "../mcp/zod-mode.js";
import { servesStdio } from "./command-line.js";

if (servesStdio(process.argv.slice(2))) interpretSchemasBuiltFromNow();
