/**
 * node-redis is loaded only when OUTBOUND_CALLS_REDIS_URL is set: bundled the
 * way scripts/build.mjs bundles the server (esbuild, ESM, code splitting), the
 * store opener's own chunk holds no node-redis code; the client sits in a
 * chunk reached only through the dynamic import, and opening a memory store
 * does not load it.
 */
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Text only node-redis's client carries. */
const MARKER = "ClientOfflineError";

let outdir: string;

beforeAll(async () => {
  outdir = await mkdtemp(join(tmpdir(), "obc-lazy-"));
  await build({
    entryPoints: { "open-store": "src/guards/store/open.ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    splitting: true,
    outdir,
    chunkNames: "chunks/[name]-[hash]",
    banner: { js: 'import { createRequire as __r } from "node:module"; const require = __r(import.meta.url);' },
    logLevel: "silent",
  });
});

afterAll(async () => {
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

describe("node-redis is loaded lazily", () => {
  it("the opener's chunk holds none of it; a chunk reached by dynamic import does", async () => {
    const entry = await readFile(join(outdir, "open-store.js"), "utf8");
    expect(entry.includes(MARKER)).toBe(false);
    expect(entry).toMatch(/import\(["']\.\/chunks\/redis-[A-Z0-9]+\.js["']\)/);
    const chunks = await readdir(join(outdir, "chunks"));
    const withClient = [];
    for (const name of chunks)
      if ((await readFile(join(outdir, "chunks", name), "utf8")).includes(MARKER)) withClient.push(name);
    expect(withClient.length).toBeGreaterThan(0);
    // Whatever else the opener imports statically must not pull the client in either.
    for (const match of entry.matchAll(/from\s+["']\.\/chunks\/([^"']+)["']/g))
      expect(withClient).not.toContain(match[1]);
  });

  it("with the node-redis chunks deleted, the memory store still opens; only a Redis URL needs them", async () => {
    for (const name of await readdir(join(outdir, "chunks"))) {
      if ((await readFile(join(outdir, "chunks", name), "utf8")).includes(MARKER))
        await rm(join(outdir, "chunks", name));
    }
    const { openGuardStore } = (await import(
      pathToFileURL(join(outdir, "open-store.js")).href
    )) as typeof import("../../src/guards/store/open.js");
    const store = await openGuardStore({ redis: undefined, apiKey: "k" }, () => undefined);
    expect(store.kind).toBe("memory");
    await store.close();
    const settings = {
      url: "redis://127.0.0.1:1/0",
      tls: false,
      where: "127.0.0.1:1",
      database: 0,
      prefix: "obc:",
      connectTimeoutMs: 100,
      commandTimeoutMs: 100,
    };
    await expect(openGuardStore({ redis: settings, apiKey: "k" }, () => undefined)).rejects.toMatchObject({
      code: "ERR_MODULE_NOT_FOUND",
    });
  });
});
