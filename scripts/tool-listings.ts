/**
 * Prints every tool as tools/list publishes it (src/mcp/tools.ts publishedTool),
 * as JSON: scripts/build.mjs bundles and runs this, and defines
 * BUNDLED_TOOL_LISTINGS with the output, so that the server answers tools/list
 * without building the tools' zod schemas first.
 */
import { publishedTool } from "../src/mcp/tools.js";
import { tools } from "../src/tools/index.js";

process.stdout.write(JSON.stringify(tools.map(publishedTool)));
