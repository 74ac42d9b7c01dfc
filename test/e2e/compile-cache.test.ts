/**
 * Node's compile cache (src/cli/compile-cache.ts), on a copy of the built
 * package as npm installs it (dist/ and package.json in a folder of its own):
 * the first session writes `.cache/node-compile-cache` inside the package, the
 * next ones start from it; and whatever happens to that folder (damaged
 * entries, no way to create it, several servers writing it at once, Node's
 * switch to turn it off) the server starts and serves the same tools/list.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { RecordingStdioTransport } from "../helpers/recording-transport.js";
import { ROOT, serverEnv, started } from "../helpers/server-process.js";

let dir: string;
let expectedTools: string;

/** A fresh copy of the package: dist/ and package.json. */
function install(name: string): string {
  const pkg = join(dir, name);
  cpSync(join(ROOT, "dist"), join(pkg, "dist"), { recursive: true });
  cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
  return pkg;
}

/** One stdio session: initialize, tools/list, close (the cache is written when the process exits). */
async function session(pkg: string, env: Record<string, string> = {}): Promise<{ tools: string; stderr: string }> {
  const transport = new RecordingStdioTransport({
    args: [join(pkg, "dist/index.js")],
    env: serverEnv({
      OUTBOUND_CALLS_API_KEY: "sk_test_compile_cache",
      OUTBOUND_CALLS_BASE_URL: "https://calls.example",
      ...env,
    }),
  });
  started.push(transport);
  const client = new Client({ name: "compile-cache-test", version: "1.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  await client.close();
  await transport.close();
  expect(transport.exitCode).toBe(0);
  return { tools: JSON.stringify(tools), stderr: transport.stderr };
}

/** The cache entries Node wrote for this Node line (one folder per version). */
function entries(pkg: string): string[] {
  const root = join(pkg, ".cache/node-compile-cache");
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((version) => readdirSync(join(root, version)).map((f) => join(root, version, f)));
}

/**
 * What the server prints on stderr at every start in these tests, nothing else. The lines the test helpers' own
 * settings print at every start go: unattended dialing, no consent check, and the rules of lower tiers that
 * informational calls under official rules leave out (test/helpers/server-process.ts unlessNamed).
 */
const quiet = (stderr: string) =>
  stderr
    .split("\n")
    .filter(
      (l) =>
        l !== "" &&
        !l.includes("UNATTENDED DIALING") &&
        !l.includes("NO CONSENT CHECK") &&
        !l.includes("OUTBOUND_CALLS_RULES_PROVENANCE=official: "),
    );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "outbound-calls-compile-cache-"));
  // What every session below must list: a start without any cache.
  expectedTools = (await session(install("reference"), { NODE_DISABLE_COMPILE_CACHE: "1" })).tools;
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the compile cache of an installed package", () => {
  it("is written inside the package when the first session ends, and later sessions start from it", async () => {
    const pkg = install("fresh");
    expect(entries(pkg)).toEqual([]);
    expect((await session(pkg)).tools).toBe(expectedTools);
    const written = entries(pkg);
    // The bin, the CLI and the shared chunks at least.
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written.reduce((n, f) => n + statSync(f).size, 0)).toBeGreaterThan(100_000);
    // Nowhere else in the package: dist/ stays what was shipped.
    expect(readdirSync(pkg).sort()).toEqual([".cache", "dist", "package.json"]);
    const second = await session(pkg);
    expect(second.tools).toBe(expectedTools);
    expect(quiet(second.stderr)).toEqual([]);
  });

  it("damaged entries are compiled afresh: the server starts and serves the same tools", async () => {
    const pkg = install("damaged");
    await session(pkg);
    const written = entries(pkg);
    expect(written.length).toBeGreaterThan(0);
    for (const [i, file] of written.entries()) {
      // Garbage, truncated, empty: each a way a crash or a full disk leaves a file.
      const size = statSync(file).size;
      writeFileSync(
        file,
        i % 3 === 0 ? Buffer.alloc(size, 0x5a) : i % 3 === 1 ? Buffer.alloc(Math.floor(size / 2), 0) : Buffer.alloc(0),
      );
    }
    const after = await session(pkg);
    expect(after.tools).toBe(expectedTools);
    expect(quiet(after.stderr)).toEqual([]);
    // And the next start is still fine (whatever Node rewrote).
    expect((await session(pkg)).tools).toBe(expectedTools);
  });

  it("a package folder where the cache cannot be made (a global install owned by root, a read-only image): starts without it, silently", async () => {
    const pkg = install("no-place");
    // A file where the folder would go: creating it fails even for root.
    writeFileSync(join(pkg, ".cache"), "not a folder");
    const result = await session(pkg);
    expect(result.tools).toBe(expectedTools);
    expect(quiet(result.stderr)).toEqual([]);
    expect(statSync(join(pkg, ".cache")).isFile()).toBe(true);
  });

  it("NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch) turns it off", async () => {
    const pkg = install("disabled");
    const result = await session(pkg, { NODE_DISABLE_COMPILE_CACHE: "1" });
    expect(result.tools).toBe(expectedTools);
    expect(existsSync(join(pkg, ".cache"))).toBe(false);
  });

  it("several servers starting at once on an empty cache all serve, and so does the next one", async () => {
    const pkg = install("concurrent");
    const results = await Promise.all([1, 2, 3, 4].map(() => session(pkg)));
    for (const r of results) expect(r.tools).toBe(expectedTools);
    expect(entries(pkg).length).toBeGreaterThan(0);
    expect((await session(pkg)).tools).toBe(expectedTools);
  });
});
