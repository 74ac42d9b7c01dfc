/**
 * Bundles a TypeScript entry of test/opt-out-eval with esbuild into a temporary folder and runs it (npm run
 * eval:opt-outs, npm run train:opt-outs): the entry's own folder is handed over as import.meta.url, and the learned
 * reader's weights are read from the sources.
 */
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("..", import.meta.url).pathname;

export async function bundleAndRun(entry) {
  const out = mkdtempSync(join(tmpdir(), "opt-out-eval-"));
  try {
    await build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile: join(out, "entry.mjs"),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "warning",
      define: {
        "import.meta.url": JSON.stringify(pathToFileURL(join(root, entry)).href),
        BUNDLED_OPT_OUT_WEIGHTS_FILE: JSON.stringify(join(root, "src/guards/opt-outs/reader/learned-weights.json")),
      },
    });
    await import(pathToFileURL(join(out, "entry.mjs")).href);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
