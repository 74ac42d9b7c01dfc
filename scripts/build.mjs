/**
 * `npm run build`: bundles the server with esbuild into dist/ (what `bin` runs
 * and `npm pack` ships). Type checking is `tsc --noEmit` (npm run typecheck),
 * which `npm test` runs first.
 *
 * - dist/index.js: the server (ESM, node20), one file for everything a live
 *   server loads at start; the sandbox is a lazy chunk under dist/chunks/, loaded
 *   only by `--sandbox` / `sandbox`.
 * - dist/demo.js: `npm run demo`, a separate bundle (it is an MCP client).
 * - libphonenumber-js (max metadata) is a CommonJS bundle of its own,
 *   `libphonenumber-max.cjs`, beside the bundle file that holds src/phone/lib.ts,
 *   which requires it on first use (a number check, or
 *   OUTBOUND_CALLS_ALLOWED_COUNTRIES): not parsed at start-up. Its pattern
 *   RegExps are cached by replacing one helper at build time
 *   (scripts/shims/matches-entirely.cjs).
 *
 * Everything the server runs is in dist/: the package has no runtime
 * dependencies (test/e2e/packaging/pack-install.test.ts installs it with --omit=dev).
 *
 * `node scripts/build.mjs --minify` builds minified (see docs/performance.md:
 * it was measured and is not the default).
 * `--sourcemap-dir DIR` writes source maps into DIR (not dist/, which ships):
 * `npm run coverage` maps the spawned servers' V8 coverage back to src/ with them.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
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
 * Start-up costs that a bundle can leave out without changing behaviour
 * (docs/performance.md has the measurements):
 * - `undici` as the server imports it resolves to scripts/shims/undici.cjs: Agent, request and errors only,
 *   without fetch, WebSocket, cache, mocks and proxies.
 * - zod's locales other than English (below).
 */
const lean = {
  name: "lean-start",
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) => (args.importer.includes("/src/") ? { path: shim("undici.cjs") } : undefined));
    // zod's translations of its error messages: the server speaks English only (zod's default, `en`), and the other
    // 47 locales are a sixth of the bundle's start-up code. z.locales keeps `en`.
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (/[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir) ? { path: shim("zod-locales.js") } : undefined));
  },
};

/** The file name of the bundled libphonenumber-js, required by src/phone/lib.ts relative to its own bundle file. */
const PHONE_LIB_FILE = "libphonenumber-max.cjs";

/** The helper the pattern cache replaces, exactly as libphonenumber-js 1.x writes it; anything else stops the build. */
const MATCHES_ENTIRELY = "text = text || '';\n  return new RegExp('^(?:' + regularExpressionText + ')$').test(text);";

const patternCache = {
  name: "libphonenumber-pattern-cache",
  setup(b) {
    let replaced = 0;
    b.onLoad({ filter: /libphonenumber-js[\\/]build[\\/]helpers[\\/]matchesEntirely\.js$/ }, async (args) => {
      const original = await readFile(args.path, "utf8");
      if (!original.includes(MATCHES_ENTIRELY)) {
        throw new Error(`${args.path} changed: check that scripts/shims/matches-entirely.cjs still does what it does, then update MATCHES_ENTIRELY`);
      }
      replaced += 1;
      return { contents: await readFile(shim("matches-entirely.cjs"), "utf8"), loader: "js" };
    });
    b.onEnd((result) => {
      if (result.errors.length === 0 && replaced !== 1) throw new Error(`the pattern cache replaced ${replaced} helpers instead of 1`);
    });
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

/**
 * tools/list as the sources write it (scripts/tool-listings.ts, bundled and run here), defined into the server as
 * BUNDLED_TOOL_LISTINGS: the server answers tools/list without building the tools' zod schemas at start-up
 * (src/mcp/tools.ts). The same code writes it; test/e2e/tools-list.test.ts checks the bundle's answer.
 */
async function toolListings() {
  const dir = await mkdtemp(join(tmpdir(), "outbound-calls-build-"));
  try {
    // Split like the server: src/mcp/tools.ts imports the tools dynamically, which one file would reorder.
    await build({ ...common, entryPoints: { "tool-listings": "scripts/tool-listings.ts" }, outdir: dir, outExtension: { ".js": ".mjs" }, splitting: true, define: { BUNDLED_PHONE_LIB_FILE: "undefined" } });
    const json = execFileSync(process.execPath, [join(dir, "tool-listings.mjs")], { encoding: "utf8" });
    if (!Array.isArray(JSON.parse(json))) throw new Error("scripts/tool-listings.ts did not print a list");
    return json;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const [server] = await Promise.all([
  build({
    ...common,
    entryPoints: { index: "src/bin.ts" },
    outdir,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    define: { BUNDLED_PHONE_LIB_FILE: JSON.stringify(`./${PHONE_LIB_FILE}`), BUNDLED_TOOL_LISTINGS: JSON.stringify(await toolListings()) },
    metafile: true,
  }),
  build({ ...common, entryPoints: { demo: "src/demo.ts" }, outdir }),
]);

// The phone library goes beside whichever output file holds src/phone/lib.ts (its require is relative to it).
const holders = Object.entries(server.metafile.outputs).filter(([, output]) => "src/phone/lib.ts" in output.inputs);
if (holders.length !== 1) throw new Error(`src/phone/lib.ts is in ${holders.length} output files, expected 1`);
const phoneLibDir = dirname(join(common.absWorkingDir, holders[0][0]));
await build({
  ...common,
  banner: {},
  format: "cjs",
  entryPoints: [createRequire(import.meta.url).resolve("libphonenumber-js/max")],
  outfile: join(phoneLibDir, PHONE_LIB_FILE),
  plugins: [patternCache],
});
process.stderr.write(`build: ${relative(common.absWorkingDir, join(phoneLibDir, PHONE_LIB_FILE))} (libphonenumber-js, pattern cache)\n`);

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
