/**
 * Builds the benchmark into dist-bench/ (npm run bench runs it):
 * - dist-bench/run.js: bench/run.ts bundled with the src/ code it measures
 *   (checkBatchRows, the sandbox); packages stay in node_modules, except the
 *   phone library: the bundle's own copy (dist/, pattern cache included), as the
 *   server runs it. `npm run build` comes first.
 * - dist-bench/minimal-server.js: the floor, compiled file by file and NOT
 *   bundled, so it loads the SDK from node_modules as a small server does.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const outdir = `${root}dist-bench`;
const common = { absWorkingDir: root, platform: "node", format: "esm", target: "node20", logLevel: "warning" };

const phoneLib = [`${root}dist/chunks/libphonenumber-max.cjs`, `${root}dist/libphonenumber-max.cjs`].find((f) =>
  existsSync(f),
);
if (!phoneLib) throw new Error("dist/chunks/libphonenumber-max.cjs is missing: run npm run build first");

await rm(outdir, { recursive: true, force: true });
await Promise.all([
  build({
    ...common,
    entryPoints: ["bench/run.ts"],
    outdir,
    bundle: true,
    packages: "external",
    define: {
      BUNDLED_PHONE_LIB_FILE: JSON.stringify(phoneLib),
      // The learned reader's weights, from the sources (its path: the bundle is elsewhere).
      BUNDLED_OPT_OUT_WEIGHTS_FILE: JSON.stringify(`${root}src/guards/opt-outs/reader/learned-weights.json`),
    },
  }),
  build({ ...common, entryPoints: ["bench/minimal-server.ts"], outdir, bundle: false }),
]);
