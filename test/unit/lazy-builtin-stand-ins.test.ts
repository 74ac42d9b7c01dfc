/**
 * The bundle's stand-ins for node:crypto, node:child_process and node:fs/promises (scripts/lazy-builtin.mjs) behave
 * as the built-ins where src/ could tell them apart, though the tests of src/ never run them: each one imported here
 * from the source the build writes, next to the real built-in.
 */
import { createRequire } from "node:module";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { lazyBuiltin } from "../../scripts/lazy-builtin.mjs";

// Any function of a built-in, called with the test's arguments.
type Functions = Record<string, ((...args: any[]) => unknown) & { [promisify.custom]?: unknown }>;

const dir = mkdtempSync(join(tmpdir(), "outbound-calls-stand-ins-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function standIn(name: string): Promise<Functions> {
  const file = join(dir, `${name.replace(/\W/g, "-")}.mjs`);
  writeFileSync(file, lazyBuiltin(name));
  return (await import(pathToFileURL(file).href)) as Functions;
}
const real = (name: string) => createRequire(import.meta.url)(name) as Functions;

it.each(["node:crypto", "node:child_process", "node:fs/promises"])("%s: every function of the built-in, and each one a promisify gives its own promise form keeps it", async (name) => {
  const lazy = await standIn(name);
  const functions = Object.keys(real(name)).filter((key) => typeof real(name)[key] === "function" && /^[a-z]/.test(key));
  expect(Object.keys(lazy).sort()).toEqual(functions.sort());
  const special = functions.filter((key) => Object.getOwnPropertySymbols(real(name)[key]!).length > 0);
  for (const key of special) expect(lazy[key]![promisify.custom], `${name} ${key}`).toBeTypeOf("function");
});

it("promisify(execFile) resolves to { stdout, stderr } through the stand-in, as through node:child_process", async () => {
  const lazy = await standIn("node:child_process");
  const args = [process.execPath, ["-e", "process.stdout.write('out'); process.stderr.write('err')"]] as const;
  const expected = await promisify(real("node:child_process").execFile!)(...args);
  expect(expected).toEqual({ stdout: "out", stderr: "err" });
  expect(await promisify(lazy.execFile!)(...args)).toEqual(expected);
});

it("promisify(generateKeyPair) resolves to { publicKey, privateKey } through the stand-in, as through node:crypto", async () => {
  const lazy = await standIn("node:crypto");
  const pair = (await promisify(lazy.generateKeyPair!)("ed25519")) as { publicKey: { type: string }; privateKey: { type: string } };
  expect([pair.publicKey.type, pair.privateKey.type]).toEqual(["public", "private"]);
});

it("a stand-in calls the built-in's function with its arguments and gives back its answer", async () => {
  const lazy = await standIn("node:crypto");
  const digest = (c: Functions) => (c.createHash!("sha256") as { update(s: string): { digest(e: string): string } }).update("x").digest("hex");
  expect(digest(lazy)).toBe(digest(real("node:crypto")));
});
