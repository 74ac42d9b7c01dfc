/**
 * `npm ci` on a fresh machine warns about every dependency whose install script
 * package.json does not review (npm 11's `allowScripts`; npm 12 skips such
 * scripts). Each one is declared: allowed where the build needs it, denied where
 * it is not needed. This holds package.json to the lockfile, as
 * `npm install-scripts ls` and `prune` would: every package the lockfile marks
 * with an install script has an entry, and every entry names such a package.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/server-process.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
};

/** name and version of every package of the lockfile that runs an install script. */
const withScripts = Object.entries(lock.packages)
  .filter(([path, entry]) => path !== "" && entry.hasInstallScript)
  .map(([path, entry]) => ({
    name: path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length),
    version: entry.version,
  }));

/** An allowScripts key: a name, or name@version. */
const nameOf = (key: string) => key.replace(/(?<=.)@[^@/]+$/, "");
const covers = (key: string, p: { name: string; version?: string | undefined }) =>
  key === p.name || key === `${p.name}@${p.version}`;

it("declares every install script of the lockfile in allowScripts, and nothing else", () => {
  const allow = pkg.allowScripts ?? {};
  expect(withScripts.length).toBeGreaterThan(0);
  for (const p of withScripts)
    expect(
      Object.keys(allow).some((key) => covers(key, p)),
      `${p.name}@${p.version} has no allowScripts entry`,
    ).toBe(true);
  for (const key of Object.keys(allow))
    expect(
      withScripts.some((p) => p.name === nameOf(key)),
      `allowScripts.${key} names no package with an install script`,
    ).toBe(true);
  // The build needs esbuild's (it checks the platform binary); the others are a warning check and a no-op.
  expect(allow).toEqual({ esbuild: true, "@modelcontextprotocol/inspector": false, protobufjs: false });
});
