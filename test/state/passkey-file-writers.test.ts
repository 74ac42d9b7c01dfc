/**
 * Issue 23 item 2, the passkey file without Redis: two processes that update it
 * at the same moment (the enroll command and a running server, or two servers
 * of one machine) lose no update. Real processes, each bundled from the source
 * with esbuild, each adding passkeys concurrently into one file under its lock;
 * the file stays 0600 and whole.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { PasskeyRegistry } from "../../src/approval/passkeys/registry.js";
import { FilePasskeyShelf } from "../../src/state/passkey-shelf.js";
import { tempDir } from "../helpers/guards.js";

const dir = tempDir("passkey-writers");
const bundle = join(dir, "writer.mjs");

beforeAll(async () => {
  await build({
    entryPoints: [fileURLToPath(new URL("../helpers/passkey-file-writer.ts", import.meta.url))],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: bundle,
    logLevel: "silent",
  });
});

function writer(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (out += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (out += c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("the passkey file, written by two processes at once", () => {
  it("keeps every passkey both enrolled, in one whole 0600 file, and leaves no lock or temporary file", async () => {
    const file = join(dir, "state", "passkeys.json");
    const seen = join(dir, "state", "passkeys-seen.json");
    const startAt = String(Date.now() + 1_500);
    const [a, b] = await Promise.all([
      writer([file, seen, "a", "15", startAt]),
      writer([file, seen, "b", "15", startAt]),
    ]);
    expect(a, a.out).toMatchObject({ code: 0 });
    expect(b, b.out).toMatchObject({ code: 0 });
    expect(a.out + b.out).not.toContain("ROLLBACK");
    const listed = await new PasskeyRegistry({
      shelf: async () => new FilePasskeyShelf(file),
      key: Buffer.alloc(32, 7),
      watermarkFile: seen,
      now: Date.now,
      log: () => undefined,
    }).list();
    expect(listed.map((p) => p.id).sort()).toEqual(
      [...Array.from({ length: 15 }, (_, i) => `a-${i}`), ...Array.from({ length: 15 }, (_, i) => `b-${i}`)].sort(),
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(() => JSON.parse(readFileSync(file, "utf8")) as unknown).not.toThrow();
    expect(readdirSync(join(dir, "state")).sort()).toEqual(["passkeys-seen.json", "passkeys.json"]);
  });
});
