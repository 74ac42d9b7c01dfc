/**
 * What the bin (dist/index.js, built from src/bin.ts) loads before it turns on
 * Node's compile cache and answers a client's first server/discover: ES static
 * imports are evaluated before the bin's own first line, so whatever they reach
 * is compiled without the cache, on every start, and delays the early answer
 * that the AI SDK waits for 1 s at most (bench/NOTES.md, "What the bin
 * loads first"). Only the command line, the discover answer and the package's
 * name and version belong there; the configuration's zod schemas, zod itself
 * and the SDK load after, through the CLI's dynamic import. Reads the build:
 * `npm run build` first.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect, it } from "vitest";
import { ENTRY } from "../../helpers/server-process.js";

/** Every file the bin reaches through static imports (dynamic `import()` excluded), the bin first. */
function staticGraph(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const text = readFileSync(file, "utf8");
    files.set(file, text);
    for (const [, spec] of text.matchAll(/^import\s+(?:[^"';]*?\s+from\s+)?["'](\.[^"']+)["'];?$/gms))
      visit(join(dirname(file), spec!));
  };
  visit(entry);
  return files;
}

it("the bin's static imports are the command line and the discover answer: no zod, no SDK, no configuration", () => {
  const graph = staticGraph(ENTRY);
  const sources = [...graph.values()].flatMap((text) =>
    [...text.matchAll(/^\/\/ (src\/\S+|\S*node_modules\/\S+)$/gm)].map((m) =>
      m[1]!.replace(/^\S*?node_modules\//, "node_modules/"),
    ),
  );
  expect(sources.filter((s) => s.startsWith("node_modules/"))).toEqual([]);
  expect(sources.sort()).toEqual(
    [
      "src/cli/command-line.ts",
      "src/cli/compile-cache.ts",
      "src/cli/early-discover.ts",
      "src/config/version.ts",
      "src/mcp/identity.ts",
      "src/bin.ts",
    ].sort(),
  );
  const bytes = [...graph.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  expect(bytes).toBeLessThan(20_000);
  // The CLI itself comes after, through the dynamic import the cache is on for.
  expect(graph.get(ENTRY)).toMatch(/await import\("\.\/chunks\/[^"]+\.js"\)/);
});

it("a start reaches neither the help texts nor the HTTP configuration: they load only for --help and --http", () => {
  const bin = readFileSync(ENTRY, "utf8");
  const cli = join(dirname(ENTRY), /await import\("(\.\/chunks\/[^"]+\.js)"\)/.exec(bin)![1]!);
  const sources = [...staticGraph(cli).values()].flatMap((text) =>
    [...text.matchAll(/^\/\/ (src\/\S+)$/gm)].map((m) => m[1]!),
  );
  // The CLI's own static graph is the start's (the server's code and the SDK); the check is meaningful only if it is.
  expect(sources).toContain("src/mcp/server.ts");
  // The start's own: the command line, the switches read from the environment, zod's mode (src/cli/zod-jitless.ts).
  const started = ["src/cli/command-line.ts", "src/cli/env-flags.ts", "src/cli/zod-jitless.ts"];
  expect(sources.filter((s) => s.startsWith("src/cli/") && !started.includes(s))).toEqual([]);
  // The help texts are src/cli/variables-text.ts and the registry src/cli/variables.ts, both refused just above.
  expect(sources.filter((s) => s.startsWith("src/http/") || s.startsWith("src/cli/variables"))).toEqual([]);
});

/** The CLI's static graph: the files every start loads after the bin. */
function startGraph(): Map<string, string> {
  const bin = readFileSync(ENTRY, "utf8");
  return staticGraph(join(dirname(ENTRY), /await import\("(\.\/chunks\/[^"]+\.js)"\)/.exec(bin)![1]!));
}

it("a start reads neither undici nor ajv: each is a file of its own beside the bundle, required on first use", () => {
  const graph = startGraph();
  const packages = [...graph.values()].flatMap((text) =>
    // esbuild names a file by its real path: ../../elsewhere/node_modules/... where node_modules is a link.
    [...text.matchAll(/^\/\/ \S*?node_modules\/(\S+)$/gm)].map((m) => m[1]!),
  );
  // The check is meaningful only if the graph holds the SDK and zod, as a start does.
  expect(packages.some((p) => p.startsWith("@modelcontextprotocol/server/"))).toBe(true);
  expect(packages.filter((p) => p.startsWith("undici/") || /(^|\/)ajv(Provider-[\w-]+\.mjs|\/)/.test(p))).toEqual([]);
  // What the stand-ins require, beside the file that requires it.
  const holders = [...graph].filter(([, text]) => text.includes("// scripts/shims/beside.js"));
  expect(holders).toHaveLength(1);
  for (const file of ["undici.cjs", "sdk-ajv.cjs"])
    expect(readFileSync(join(dirname(holders[0]![0]), file), "utf8").length).toBeGreaterThan(100_000);
});

it("a start loads five files: the bin, the CLI and three chunks, not one per group of lazy modules sharing code", () => {
  // Every ES module file costs a start about 0.3 ms to resolve, read and link (bench/NOTES.md, "Start-up, third
  // round"); scripts/build.mjs keeps the CLI's whole static graph in one chunk.
  const files = new Set([...staticGraph(ENTRY).keys(), ...startGraph().keys()]);
  expect(files.size).toBeLessThanOrEqual(5);
  // The check is meaningful only if the graph is the start's: the server, the SDK and the guards.
  const sources = [...startGraph().values()].flatMap((text) =>
    [...text.matchAll(/^\/\/ (src\/\S+)$/gm)].map((m) => m[1]!),
  );
  expect(sources).toEqual(
    expect.arrayContaining(["src/mcp/server.ts", "src/guards/index.ts", "src/config/env.ts", "src/index.ts"]),
  );
});

it("a start imports no Node built-in as an ES module: each is taken from process.getBuiltinModule, so its module facade is never built", () => {
  // An ES import of a built-in builds its facade, which reads every export and so runs Node's lazy getters: node:fs
  // loads its streams, node:process its allowed-flags set (scripts/build.mjs, requireBuiltins).
  const files = new Map([...staticGraph(ENTRY), ...startGraph()]);
  const imports = [...files.values()].flatMap((text) =>
    [...text.matchAll(/^import\s+(?:[^"';]*?\s+from\s+)?["']((?:node:)?[a-z_/]+)["'];?$/gm)].map((m) => m[1]!),
  );
  expect(imports).toEqual([]);
  // The check is meaningful only if the start does take built-ins.
  // On the shim's line, taken as the file loads (the stand-ins take theirs inside functions, on first call).
  const shimLines = [...files.values()].map(
    (text) => text.split("\n").find((line) => line.startsWith("const require = (id) =>")) ?? "",
  );
  const required = shimLines.flatMap((line) =>
    [...line.matchAll(/getBuiltinModule\("(node:[a-z_/]+)"\)/g)].map((m) => m[1]!),
  );
  expect(required).toEqual(expect.arrayContaining(["node:fs", "node:path", "node:process", "node:module"]));
  expect([...files.values()].join("\n")).not.toMatch(/\brequire\("node:/);
  // And crypto, child_process and fs/promises only through src/'s stand-ins, on first use (test/e2e/lazy-builtins.test.ts).
  expect(required.filter((spec) => /^node:(crypto|child_process|fs\/promises)$/.test(spec))).toEqual([]);
});
