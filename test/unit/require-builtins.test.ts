/**
 * The bundle requires Node's built-ins instead of importing them (scripts/require-builtins.mjs): every import form
 * esbuild writes gives the same values as the import did, on the same lines.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, expect, it } from "vitest";
import { REQUIRE_SHIM, requireBuiltins } from "../../scripts/require-builtins.mjs";

const dir = mkdtempSync(join(tmpdir(), "outbound-calls-require-builtins-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("default, `default as`, renamed, combined and multi-line imports of built-ins keep their values as requires", async () => {
  const entry = join(dir, "entry.mjs");
  writeFileSync(
    entry,
    [
      'import { default as fsModule, readFileSync as read } from "node:fs";',
      'import pathModule, { sep as separator } from "node:path";',
      // Written over several lines, as esbuild then writes it.
      'import {\n  join as joinPaths,\n  dirname,\n  basename, extname, isAbsolute, normalize, relative, resolve\n} from "node:path";',
      'import os from "os";',
      "console.log(JSON.stringify([typeof fsModule.readFileSync, read === fsModule.readFileSync, pathModule.sep, separator, joinPaths('a', 'b'), [dirname, basename, extname, isAbsolute, normalize, relative, resolve].length, typeof os.tmpdir]));",
    ].join("\n"),
  );
  const bundled = (await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", write: false, banner: { js: REQUIRE_SHIM }, logLevel: "silent" })).outputFiles[0]!.text;
  // esbuild writes each form as it was written.
  expect(bundled).toMatch(/^import \{ default as /m);
  expect(bundled).toMatch(/^import [\w$]+, \{ /m);
  expect(bundled).toMatch(/^import \{\n/m);
  const rewritten = requireBuiltins(bundled, "entry.mjs");
  expect(rewritten.split("\n")).toHaveLength(bundled.split("\n").length);
  expect(rewritten.match(/^import .*$/gm)).toEqual(['import { createRequire as __obcCreateRequire } from "node:module";']);
  const run = (text: string, name: string) => {
    writeFileSync(join(dir, name), text);
    return execFileSync(process.execPath, [join(dir, name)], { encoding: "utf8" });
  };
  const imported = run(bundled, "imported.mjs");
  expect(JSON.parse(imported)).toEqual(["function", true, "/", "/", "a/b", 7, "function"]);
  expect(run(rewritten, "required.mjs")).toBe(imported);
});

it("an import of a built-in in a form it does not rewrite stops the build", () => {
  const source = `${REQUIRE_SHIM}\nimport * as path from "node:path";\nconsole.log(path.sep);\n`;
  expect(() => requireBuiltins(source, "star.mjs")).toThrow(/star\.mjs: imports node:path in a form requireBuiltins does not rewrite/);
});

it("an import esbuild wrote that the line-by-line reading misses (minified) stops the build: the count is esbuild's", async () => {
  const entry = join(dir, "minified.mjs");
  writeFileSync(entry, 'import { sep } from "node:path";\nconsole.log(sep);\n');
  const result = await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", write: false, metafile: true, minify: true, outdir: dir, banner: { js: REQUIRE_SHIM }, logLevel: "silent" });
  const expected = Object.values(result.metafile.outputs)[0]!.imports.filter((i) => i.kind === "import-statement").length;
  expect(expected).toBe(1);
  expect(() => requireBuiltins(result.outputFiles[0]!.text, "minified.mjs", expected)).toThrow("minified.mjs: esbuild wrote 1 imports of built-ins, requireBuiltins found 0");
});
