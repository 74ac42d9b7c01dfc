/**
 * `npm run build`: bundles the server with esbuild into dist/ (what `bin` runs
 * and `npm pack` ships). Type checking is `tsc --noEmit` (npm run typecheck),
 * which `npm test` runs first.
 *
 * - dist/index.js: the server (ESM, node20), one file for everything a live
 *   server loads at start; the sandbox is a lazy chunk under dist/chunks/, loaded
 *   only by `--sandbox` / `sandbox`.
 * - dist/demo.js: `npm run demo`, a separate bundle (it is an MCP client).
 * - libphonenumber-js is not bundled: src/phone/lib.ts requires it from
 *   node_modules on first use (a number check, or OUTBOUND_CALLS_ALLOWED_COUNTRIES).
 *
 * `node scripts/build.mjs --minify` builds minified (see docs/performance.md:
 * it was measured and is not the default).
 * `--sourcemap-dir DIR` writes source maps into DIR (not dist/, which ships):
 * `npm run coverage` maps the spawned servers' V8 coverage back to src/ with them.
 */
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { build } from "esbuild";

const minify = process.argv.includes("--minify");
const mapsArg = process.argv.indexOf("--sourcemap-dir");
const mapsDir = mapsArg >= 0 ? process.argv[mapsArg + 1] : undefined;
const root = new URL("..", import.meta.url);
const outdir = new URL("dist/", root).pathname;

// Bundled CommonJS dependencies (undici, ajv) call require() for Node's built-ins.
const requireShim = 'import { createRequire as __obcCreateRequire } from "node:module";\nconst require = __obcCreateRequire(import.meta.url);';

const shim = (name) => new URL(`shims/${name}`, import.meta.url).pathname;

/**
 * Two start-up costs that a bundle can leave out without changing behaviour
 * (docs/performance.md has the measurements):
 * - `undici` as the server imports it resolves to scripts/shims/undici.cjs: Agent, request and errors only,
 *   without fetch, WebSocket, cache, mocks and proxies.
 * - the SDK's ajv-provider resolves to scripts/shims/ajv-provider.js, which builds its ajv instance
 *   on first use instead of in every Server's constructor.
 */
const lean = {
  name: "lean-start",
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) => (args.importer.includes("/src/") ? { path: shim("undici.cjs") } : undefined));
    b.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, (args) =>
      args.importer.includes("@modelcontextprotocol/sdk") ? { path: shim("ajv-provider.js") } : undefined,
    );
  },
};

/** @type {import("esbuild").BuildOptions} */
const common = {
  absWorkingDir: new URL(".", root).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify,
  ...(mapsDir ? { sourcemap: "external" } : {}),
  banner: { js: requireShim },
  logLevel: "warning",
  plugins: [lean],
};

await rm(outdir, { recursive: true, force: true });
await Promise.all([
  build({
    ...common,
    entryPoints: { index: "src/index.ts" },
    outdir,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
  }),
  build({ ...common, entryPoints: { demo: "src/demo.ts" }, outdir }),
]);

// External maps carry no sourceMappingURL comment, so moving them leaves the bundle as it ships.
if (mapsDir) {
  await rm(mapsDir, { recursive: true, force: true });
  for (const entry of await readdir(outdir, { recursive: true })) {
    if (!entry.endsWith(".map")) continue;
    const to = join(mapsDir, entry);
    await mkdir(dirname(to), { recursive: true });
    await rename(join(outdir, entry), to);
  }
  process.stderr.write(`source maps in ${relative(process.cwd(), mapsDir) || "."}\n`);
}
