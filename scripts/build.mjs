/**
 * `npm run build`: bundles the server with esbuild into dist/ (what `bin` runs
 * and `npm pack` ships). Type checking is `tsc --noEmit` (npm run typecheck),
 * which `npm test` runs first.
 *
 * - dist/index.js: the server (ESM, node20), one file for everything a live
 *   server loads at start; the sandbox is a lazy chunk under dist/chunks/, loaded
 *   only by `--sandbox` / `sandbox`.
 * - dist/demo.js: `npm run demo`, a separate bundle (it is an MCP client).
 * - undici (Agent, request, errors) and the SDK's ajv provider are CommonJS
 *   files of their own beside the bundle, `undici.cjs` and `sdk-ajv.cjs`,
 *   required on first use (the first request to the service; the first form a
 *   client answers): neither is read nor compiled at start-up.
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
 * `node scripts/build.mjs --minify` builds minified (see bench/NOTES.md:
 * it was measured and is not the default), with Node's built-ins left as imports.
 * `--sourcemap-dir DIR` writes source maps into DIR (not dist/, which ships):
 * `npm run coverage` maps the spawned servers' V8 coverage back to src/ with them.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { lazyBuiltin } from "./lazy-builtin.mjs";
import { EAGER_REQUIRE_SHIM, REQUIRE_SHIM, requireBuiltins, rewritesBuiltin } from "./require-builtins.mjs";

const minify = process.argv.includes("--minify");
const mapsArg = process.argv.indexOf("--sourcemap-dir");
const mapsDir = mapsArg >= 0 ? process.argv[mapsArg + 1] : undefined;
const root = new URL("..", import.meta.url);
/** This checkout's src/, not any folder named src: a dependency's (node_modules/x/src/), or every path of a checkout under ~/src/. */
const SRC_DIR = fileURLToPath(new URL("src/", root));
const fromSrc = (importer) => importer.startsWith(SRC_DIR);
const outdir = new URL("dist/", root).pathname;

const shim = (name) => new URL(`shims/${name}`, import.meta.url).pathname;

/** The CommonJS files required on first use, beside the bundle file holding scripts/shims/beside.js. */
const UNDICI_FILE = "undici.cjs";
const SDK_AJV_FILE = "sdk-ajv.cjs";

/** What the SDK's `_shims` exports, which scripts/shims/sdk-shims.js stands in for (its DefaultJsonSchemaValidator lazy). */
const SDK_SHIMS = "@modelcontextprotocol/server/_shims";
const SDK_SHIMS_EXPORTS = ["DefaultJsonSchemaValidator", "process"];
const sdkShimsExports = Object.keys(await import(SDK_SHIMS)).sort();
if (sdkShimsExports.join() !== SDK_SHIMS_EXPORTS.join())
  throw new Error(
    `${SDK_SHIMS} exports ${sdkShimsExports.join(", ")}, where scripts/shims/sdk-shims.js stands in for ${SDK_SHIMS_EXPORTS.join(", ")}: make the stand-in do what the SDK's module does, then update SDK_SHIMS_EXPORTS`,
  );

/**
 * The built-ins src/ imports that a start never calls, and that cost a start to load: node:crypto alone is about 5 ms
 * (it loads its whole family, webcrypto and argon2 among them), node:child_process and node:fs/promises about 1 ms
 * each. In the bundle each resolves, for src/ only, to a stand-in exporting every function of the built-in, which
 * requires the built-in on its first call (test/e2e/lazy-builtins.test.ts checks that a start loads none of them). An
 * import of anything but a function (a class, `constants`) finds no export and stops the build. The stand-ins are
 * written by scripts/lazy-builtin.mjs.
 */
const LAZY_BUILTIN = /^node:(crypto|child_process|fs\/promises)$/;

/**
 * Start-up costs that a bundle can leave out without changing behaviour
 * (docs/performance.md, "Start-up tricks", has what each saves):
 * - `undici` as the server imports it resolves to scripts/shims/undici.cjs, which requires Agent, request and
 *   errors (scripts/shims/undici-lib.cjs: without fetch, WebSocket, cache, mocks and proxies) from `undici.cjs`
 *   on the first request.
 * - The SDK's `_shims` resolves to scripts/shims/sdk-shims.js, whose JSON Schema validator requires the SDK's own
 *   (its public `validators/ajv` entry) from `sdk-ajv.cjs` on the first JSON Schema it validates.
 * - node:crypto, node:child_process and node:fs/promises, as src/ imports them, load on first use (LAZY_BUILTIN).
 */
const lean = {
  name: "lean-start",
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) => (fromSrc(args.importer) ? { path: shim("undici.cjs") } : undefined));
    b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({ path: shim("sdk-shims.js") }));
    b.onResolve({ filter: LAZY_BUILTIN }, (args) =>
      args.kind === "import-statement" && fromSrc(args.importer)
        ? { path: args.path, namespace: "lazy-builtin" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, (args) => ({
      contents: lazyBuiltin(args.path),
      loader: "js",
    }));
  },
};

/**
 * The opt-out reader's learned weights, required on the first reading (src/guards/opt-outs/reader/learned.ts): in the
 * bundle a CommonJS file of the same object, as the rest of what ships is JavaScript.
 */
const OPT_OUT_WEIGHTS = "src/guards/opt-outs/reader/learned-weights.json";
const OPT_OUT_WEIGHTS_FILE = "learned-weights.cjs";

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
        throw new Error(
          `${args.path} changed: check that scripts/shims/matches-entirely.cjs still does what it does, then update MATCHES_ENTIRELY`,
        );
      }
      replaced += 1;
      return { contents: await readFile(shim("matches-entirely.cjs"), "utf8"), loader: "js" };
    });
    b.onEnd((result) => {
      if (result.errors.length === 0 && replaced !== 1)
        throw new Error(`the pattern cache replaced ${replaced} helpers instead of 1`);
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
  banner: { js: minify ? EAGER_REQUIRE_SHIM : REQUIRE_SHIM },
  logLevel: "warning",
  plugins: [lean],
  define: {
    BUNDLED_UNDICI_FILE: JSON.stringify(`./${UNDICI_FILE}`),
    BUNDLED_SDK_AJV_FILE: JSON.stringify(`./${SDK_AJV_FILE}`),
  },
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
    await build({
      ...common,
      entryPoints: { "tool-listings": "scripts/tool-listings.ts" },
      outdir: dir,
      outExtension: { ".js": ".mjs" },
      splitting: true,
      define: { ...common.define, BUNDLED_PHONE_LIB_FILE: "undefined" },
    });
    const json = execFileSync(process.execPath, [join(dir, "tool-listings.mjs")], { encoding: "utf8" });
    if (!Array.isArray(JSON.parse(json))) throw new Error("scripts/tool-listings.ts did not print a list");
    return json;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The module the bin imports dynamically (the CLI): its static graph is what every start loads. */
const CLI = "src/index.ts";

/**
 * The modules src/ imports dynamically (the tools, the sandbox, --http, doctor, Redis...) that the CLI's static graph
 * does not reach anyway, from a first pass of the same build (nothing written).
 */
async function lazyEntries(options) {
  const { metafile } = await build({ ...options, write: false, metafile: true });
  const started = new Set();
  const visit = (path) => {
    if (started.has(path)) return;
    started.add(path);
    for (const i of metafile.inputs[path]?.imports ?? []) if (i.kind !== "dynamic-import" && !i.external) visit(i.path);
  };
  visit(CLI);
  const lazy = Object.entries(metafile.inputs).flatMap(([from, input]) =>
    input.imports
      .filter((i) => i.kind === "dynamic-import" && i.path.startsWith("src/"))
      .map((i) => ({ from, path: i.path })),
  );
  // Such an import gains nothing (the module is loaded at start) and splits the start's chunk in two.
  const loaded = lazy.filter(({ from, path }) => started.has(path) && !(from === "src/bin.ts" && path === CLI));
  if (loaded.length > 0)
    throw new Error(
      `imported dynamically, though every start loads it: ${loaded.map(({ from, path }) => `${path} (in ${from})`).join(", ")}; import it statically`,
    );
  return new Set(lazy.map(({ path }) => path).filter((path) => !started.has(path)));
}

/**
 * One chunk for the start-up, not two dozen. esbuild splits the modules a start loads by which lazy modules also reach
 * them (the CLI and the tools, the CLI and the sandbox and doctor, ...), and every file an ES start loads costs about
 * 0.3 ms of resolving, reading and linking. The CLI's static graph is loaded by every start, whatever the command (the
 * bin imports it), before any lazy module: so each lazy module may import it too, which changes nothing when it runs
 * and puts every module of that graph in one shared chunk (bench/NOTES.md, "Start-up, third round").
 */
function oneStartChunk(lazy) {
  const cli = join(common.absWorkingDir, CLI);
  return {
    name: "one-start-chunk",
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
        if (!lazy.has(relative(common.absWorkingDir, args.path))) return undefined;
        const source = await readFile(args.path, "utf8");
        if (source.startsWith("#!")) throw new Error(`${args.path}: a lazily imported module with a #! line`);
        // On the first line: the source map's lines stay the source's.
        return { contents: `import ${JSON.stringify(cli)}; ${source}`, loader: "ts" };
      });
    },
  };
}

/** @type {import("esbuild").BuildOptions} */
const serverBuild = {
  ...common,
  entryPoints: { index: "src/bin.ts" },
  outdir,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  define: {
    ...common.define,
    BUNDLED_PHONE_LIB_FILE: JSON.stringify(`./${PHONE_LIB_FILE}`),
    BUNDLED_OPT_OUT_WEIGHTS_FILE: JSON.stringify(`./${OPT_OUT_WEIGHTS_FILE}`),
    BUNDLED_TOOL_LISTINGS: JSON.stringify(await toolListings()),
  },
  metafile: true,
};

const [server, demo] = await Promise.all([
  build({ ...serverBuild, plugins: [...common.plugins, oneStartChunk(await lazyEntries(serverBuild))] }),
  build({ ...common, entryPoints: { demo: "src/demo.ts" }, outdir, metafile: true }),
]);

/**
 * zod's compiler (z.compile) is used by nothing in the server: if the start chunk holds it, zod's namespace object was
 * bundled as a value (an `import { z } from "zod"`, or `z` passed around), which keeps every part of zod, 180 KB and
 * 3–5 ms of every start (bench/NOTES.md, "Start-up, fifth round"). eslint.config.js forbids the import.
 */
const ZOD_COMPILER = "node_modules/zod/v4/core/compile.js";
const startChunk = Object.entries(server.metafile.outputs).find(([, output]) => CLI in output.inputs);
if (!startChunk) throw new Error(`no output holds ${CLI}`);
// By its real path: ../../<elsewhere>/node_modules/zod/... where node_modules is a link.
if (Object.keys(startChunk[1].inputs).some((input) => input.endsWith(ZOD_COMPILER)))
  throw new Error(
    `${startChunk[0]} holds ${ZOD_COMPILER}: zod's whole namespace is bundled; use z.<name> of \`import * as z from "zod"\` only, never z as a value`,
  );

/** The ES outputs' built-in imports are taken from process.getBuiltinModule (scripts/require-builtins.mjs), as many as esbuild wrote. */
async function requireBuiltinsIn(file, output) {
  const expected = output.imports.filter((i) => i.kind === "import-statement" && rewritesBuiltin(i.path)).length;
  const source = await readFile(file, "utf8");
  const rewritten = requireBuiltins(source, file, expected);
  if (rewritten !== source) await writeFile(file, rewritten);
}

// Minified, esbuild writes its imports inside lines, which requireBuiltins does not read: the built-ins stay imports.
if (minify)
  process.stderr.write(
    "build: --minify: Node's built-ins stay ES imports (scripts/require-builtins.mjs reads unminified output)\n",
  );
for (const result of minify ? [] : [server, demo]) {
  await Promise.all(
    Object.entries(result.metafile.outputs)
      .filter(([file]) => file.endsWith(".js"))
      .map(([file, output]) => requireBuiltinsIn(join(common.absWorkingDir, file), output)),
  );
}

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
process.stderr.write(
  `build: ${relative(common.absWorkingDir, join(phoneLibDir, PHONE_LIB_FILE))} (libphonenumber-js, pattern cache)\n`,
);

// The learned weights go beside the output file holding the learned reader (it reads them relative to itself).
const weightHolders = Object.entries(server.metafile.outputs).filter(
  ([, output]) => "src/guards/opt-outs/reader/learned.ts" in output.inputs,
);
if (weightHolders.length !== 1)
  throw new Error(`src/guards/opt-outs/reader/learned.ts is in ${weightHolders.length} output files, expected 1`);
const weightsTo = join(dirname(join(common.absWorkingDir, weightHolders[0][0])), OPT_OUT_WEIGHTS_FILE);
const weights = JSON.stringify(JSON.parse(await readFile(join(common.absWorkingDir, OPT_OUT_WEIGHTS), "utf8")));
await writeFile(weightsTo, `"use strict";\nmodule.exports = ${weights};\n`);
process.stderr.write(`build: ${relative(common.absWorkingDir, weightsTo)} (read on the first opt-out reading)\n`);

// undici and the SDK's ajv provider go beside every output file that may require them (scripts/shims/beside.js).
const besideHolders = new Set(
  [server, demo].flatMap((result) =>
    Object.entries(result.metafile.outputs)
      .filter(([, output]) => "scripts/shims/beside.js" in output.inputs)
      .map(([file]) => dirname(join(common.absWorkingDir, file))),
  ),
);
if (besideHolders.size === 0)
  throw new Error("no bundle file holds scripts/shims/beside.js: the lazy undici and ajv are gone");
for (const dir of besideHolders) {
  await Promise.all([
    build({
      ...common,
      banner: {},
      format: "cjs",
      entryPoints: [shim("undici-lib.cjs")],
      outfile: join(dir, UNDICI_FILE),
      plugins: [],
    }),
    build({
      ...common,
      banner: {},
      format: "cjs",
      stdin: {
        contents: 'export { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";',
        resolveDir: common.absWorkingDir,
        loader: "js",
      },
      outfile: join(dir, SDK_AJV_FILE),
      plugins: [],
    }),
  ]);
  process.stderr.write(
    `build: ${relative(common.absWorkingDir, join(dir, UNDICI_FILE))}, ${SDK_AJV_FILE} (loaded on first use)\n`,
  );
}

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
