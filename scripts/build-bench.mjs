/**
 * Builds the benchmark into dist-bench/ (npm run bench runs it):
 * - dist-bench/run.js: bench/run.ts bundled with the src/ code it measures
 *   (checkBatchRows, the sandbox); packages stay in node_modules.
 * - dist-bench/minimal-server.js: the floor, compiled file by file and NOT
 *   bundled, so it loads the SDK from node_modules as a small server does.
 */
import { rm } from "node:fs/promises";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const outdir = `${root}dist-bench`;
const common = { absWorkingDir: root, platform: "node", format: "esm", target: "node20", logLevel: "warning" };

await rm(outdir, { recursive: true, force: true });
await Promise.all([
  build({ ...common, entryPoints: ["bench/run.ts"], outdir, bundle: true, packages: "external" }),
  build({ ...common, entryPoints: ["bench/minimal-server.ts"], outdir, bundle: false }),
]);
