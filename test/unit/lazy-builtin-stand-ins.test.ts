/**
 * The bundle's stand-ins for node:crypto, node:child_process and node:fs/promises (scripts/lazy-builtin.mjs) behave
 * as the built-ins where src/ could tell them apart, though the tests of src/ never run them: each one imported here
 * from the source the build writes, next to the real built-in.
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
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

it.each(["node:crypto", "node:child_process", "node:fs/promises"])(
  "%s: every function of the built-in, and each one a promisify gives its own promise form keeps it",
  async (name) => {
    const lazy = await standIn(name);
    const functions = Object.keys(real(name)).filter(
      (key) => typeof real(name)[key] === "function" && /^[a-z]/.test(key),
    );
    expect(Object.keys(lazy).sort()).toEqual(functions.sort());
    const special = functions.filter((key) => Object.getOwnPropertySymbols(real(name)[key]!).length > 0);
    for (const key of special) expect(lazy[key]![promisify.custom], `${name} ${key}`).toBeTypeOf("function");
  },
);

it("promisify(execFile) resolves to { stdout, stderr } through the stand-in, as through node:child_process", async () => {
  const lazy = await standIn("node:child_process");
  const args = [process.execPath, ["-e", "process.stdout.write('out'); process.stderr.write('err')"]] as const;
  const expected = await promisify(real("node:child_process").execFile!)(...args);
  expect(expected).toEqual({ stdout: "out", stderr: "err" });
  expect(await promisify(lazy.execFile!)(...args)).toEqual(expected);
});

it("promisify(generateKeyPair) resolves to { publicKey, privateKey } through the stand-in, as through node:crypto", async () => {
  const lazy = await standIn("node:crypto");
  const pair = (await promisify(lazy.generateKeyPair!)("ed25519")) as {
    publicKey: { type: string };
    privateKey: { type: string };
  };
  expect([pair.publicKey.type, pair.privateKey.type]).toEqual(["public", "private"]);
});

it("a stand-in calls the built-in's function with its arguments and gives back its answer", async () => {
  const lazy = await standIn("node:crypto");
  const digest = (c: Functions) =>
    (c.createHash!("sha256") as { update(s: string): { digest(e: string): string } }).update("x").digest("hex");
  expect(digest(lazy)).toBe(digest(real("node:crypto")));
});

it("in a bundle, a stand-in works when code of an import cycle calls it before the stand-in's module body ran", async () => {
  // digest.mjs imports early.mjs first, and early.mjs calls digest() while digest.mjs has not run: an imported built-in
  // is ready by then, and so must its stand-in be.
  const src = join(dir, "cycle");
  mkdirSync(src, { recursive: true });
  writeFileSync(
    join(src, "entry.mjs"),
    'import { digest } from "./digest.mjs";\nimport { early } from "./early.mjs";\nconsole.log(JSON.stringify([early, digest("b")]));\n',
  );
  writeFileSync(
    join(src, "digest.mjs"),
    'import "./early.mjs";\nimport { createHash } from "node:crypto";\nexport function digest(s) { return createHash("sha256").update(s).digest("hex").slice(0, 8); }\n',
  );
  writeFileSync(join(src, "early.mjs"), 'import { digest } from "./digest.mjs";\nexport const early = digest("a");\n');
  const unbundled = execFileSync(process.execPath, [join(src, "entry.mjs")], { encoding: "utf8" });
  const outfile = join(dir, "cycle.mjs");
  await build({
    entryPoints: [join(src, "entry.mjs")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    logLevel: "silent",
    // As scripts/build.mjs gives src/ its stand-in.
    plugins: [
      {
        name: "stand-in",
        setup: (b) => {
          b.onResolve({ filter: /^node:crypto$/ }, (args) => ({ path: args.path, namespace: "lazy-builtin" }));
          b.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, (args) => ({
            contents: lazyBuiltin(args.path),
            loader: "js",
          }));
        },
      },
    ],
  });
  expect(readFileSync(outfile, "utf8")).toContain("// lazy-builtin:node:crypto");
  expect(execFileSync(process.execPath, [outfile], { encoding: "utf8" })).toBe(unbundled);
});
