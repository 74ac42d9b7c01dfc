/**
 * `npm run docs`: regenerates the parts of the docs that restate the code (scripts/gen-docs.ts says which).
 * `--check` writes nothing and exits 1 when a file is stale (test/docs/generated.test.ts does the same in `npm test`).
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const check = process.argv.includes("--check");
const dir = await mkdtemp(join(tmpdir(), "outbound-calls-docs-"));
try {
  const entry = join(dir, "entry.ts");
  await writeFile(
    entry,
    `import { generatedFiles } from ${JSON.stringify(join(root, "scripts/gen-docs.ts"))};\n` +
      `process.stdout.write(JSON.stringify(generatedFiles(${JSON.stringify(root)})));\n`,
  );
  // Bundled with its dependencies, as scripts/build.mjs bundles scripts/tool-listings.ts: the sources import .js paths.
  await build({
    entryPoints: [entry],
    outfile: join(dir, "entry.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "warning",
    nodePaths: [join(root, "node_modules")],
    banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
    define: { BUNDLED_PHONE_LIB_FILE: "undefined" },
  });
  const files = JSON.parse(
    execFileSync(process.execPath, [join(dir, "entry.mjs")], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }),
  );
  const stale = files.filter((f) => f.current !== f.expected);
  if (check) {
    for (const f of stale) process.stderr.write(`${f.path} is stale: run npm run docs\n`);
    process.exitCode = stale.length > 0 ? 1 : 0;
  } else {
    for (const f of stale) await writeFile(join(root, f.path), f.expected);
    process.stderr.write(
      stale.length > 0 ? `regenerated: ${stale.map((f) => f.path).join(", ")}\n` : "the generated docs were current\n",
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
