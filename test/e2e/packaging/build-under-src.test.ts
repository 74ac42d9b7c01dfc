/**
 * SLOW (one bundle, about 10-20 s): the build works from a checkout under a folder named src (~/src/…, a common
 * layout), and gives the bundle of this checkout. scripts/build.mjs gives *this checkout's* src/ its stand-ins (the
 * lazy node:crypto, node:child_process and node:fs/promises; the lazy undici): a dependency's import resolves to the
 * real module, though every path under ~/src/ has "/src/" in it. The copy's node_modules is hard-linked (no copy of
 * its bytes), since the bundler follows a symbolic link to the real path, which is not under src/.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { ROOT } from "../../helpers/server-process.js";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "outbound-calls-under-src-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Each output file of dist/ (index.js, demo.js, chunks/*.js), with esbuild's content hashes out of the names, sorted.
 * A dependency's file is named by its real path: ../../<elsewhere>/node_modules/... where node_modules is a link, and
 * the link is followed from another depth in the copy, so that prefix is left out too.
 */
function bundle(dist: string): string[] {
  const files = [
    "index.js",
    "demo.js",
    ...readdirSync(join(dist, "chunks"))
      .filter((f) => f.endsWith(".js"))
      .map((f) => `chunks/${f}`),
  ];
  return files
    .map((f) =>
      readFileSync(join(dist, f), "utf8")
        .replace(/-[A-Z0-9]{8}\.js/g, "-HASH.js")
        .replace(/(?:\.\.\/)+(?:[\w.-]+\/)*?node_modules\//g, "node_modules/"),
    )
    .sort();
}

it("builds in ~/src/<checkout>, the same bundle as here: dependencies keep the real built-ins", async () => {
  const checkout = join(dir, "src", "outbound-calls-mcp");
  mkdirSync(checkout, { recursive: true });
  for (const entry of ["src", "scripts", "package.json", "tsconfig.json", "tsconfig.build.json"])
    cpSync(join(ROOT, entry), join(checkout, entry), { recursive: true });
  // -L: a node_modules that is itself a link (to another checkout's) is copied too, or the copy would not be under src/.
  await run("cp", ["-alL", join(ROOT, "node_modules"), join(checkout, "node_modules")]);
  await run(process.execPath, ["scripts/build.mjs"], { cwd: checkout, maxBuffer: 16 * 1024 * 1024 });
  // dist/ here is this checkout's bundle (npm test builds it first).
  expect(bundle(join(checkout, "dist"))).toEqual(bundle(join(ROOT, "dist")));
}, 180_000);
