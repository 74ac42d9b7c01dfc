#!/usr/bin/env node
/**
 * `npm run eval:opt-outs`: bundles the evaluation of the opt-out reader (test/opt-out-eval/cli.ts) with esbuild into a
 * temporary folder and runs it; arguments are passed on (`--errors`, extra .jsonl files or folders).
 */
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("..", import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), "opt-out-eval-"));
try {
  await build({
    absWorkingDir: root,
    entryPoints: ["test/opt-out-eval/cli.ts"],
    outfile: join(out, "cli.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
    // The bundle runs from a temporary folder: the set's own folder is handed over.
    define: { "import.meta.url": JSON.stringify(pathToFileURL(join(root, "test/opt-out-eval/cli.ts")).href) },
  });
  await import(pathToFileURL(join(out, "cli.mjs")).href);
} finally {
  rmSync(out, { recursive: true, force: true });
}
