/**
 * The bundle takes Node's built-ins from process.getBuiltinModule instead of importing them
 * (scripts/require-builtins.mjs): every import form esbuild writes gives the same values as the import did, on the same
 * lines, and the shim's require makes no createRequire until it is first called.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, expect, it } from "vitest";
import { EAGER_REQUIRE_SHIM, REQUIRE_SHIM, requireBuiltins } from "../../scripts/require-builtins.mjs";

const dir = mkdtempSync(join(tmpdir(), "outbound-calls-require-builtins-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("default, `default as`, renamed, combined and multi-line imports of built-ins keep their values, taken from getBuiltinModule", async () => {
  const entry = join(dir, "entry.mjs");
  writeFileSync(
    entry,
    [
      'import { default as fsModule, readFileSync as read } from "node:fs";',
      'import pathModule, { sep as separator } from "node:path";',
      // Written over several lines, as esbuild then writes it.
      'import {\n  join as joinPaths,\n  dirname,\n  basename, extname, isAbsolute, normalize, relative, resolve\n} from "node:path";',
      'import os from "os";',
      'import { createRequire } from "node:module";',
      "console.log(JSON.stringify([typeof fsModule.readFileSync, read === fsModule.readFileSync, pathModule.sep, separator, joinPaths('a', 'b'), [dirname, basename, extname, isAbsolute, normalize, relative, resolve].length, typeof os.tmpdir, typeof createRequire]));",
    ].join("\n"),
  );
  const bundled = (
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      format: "esm",
      write: false,
      banner: { js: REQUIRE_SHIM },
      logLevel: "silent",
    })
  ).outputFiles[0]!.text;
  // esbuild writes each form as it was written.
  expect(bundled).toMatch(/^import \{ default as /m);
  expect(bundled).toMatch(/^import [\w$]+, \{ /m);
  expect(bundled).toMatch(/^import \{\n/m);
  const rewritten = requireBuiltins(bundled, "entry.mjs");
  expect(rewritten.split("\n")).toHaveLength(bundled.split("\n").length);
  expect(rewritten.match(/^import .*$/gm)).toBeNull();
  expect(rewritten).not.toMatch(/\brequire\("node:/);
  const run = (text: string, name: string) => {
    writeFileSync(join(dir, name), text);
    return execFileSync(process.execPath, [join(dir, name)], { encoding: "utf8" });
  };
  const imported = run(bundled, "imported.mjs");
  expect(JSON.parse(imported)).toEqual(["function", true, "/", "/", "a/b", 7, "function", "function"]);
  expect(run(rewritten, "required.mjs")).toBe(imported);
});

it("an import of a built-in in a form it does not rewrite stops the build", () => {
  const source = `${REQUIRE_SHIM}\nimport * as path from "node:path";\nconsole.log(path.sep);\n`;
  expect(() => requireBuiltins(source, "star.mjs")).toThrow(
    /star\.mjs: imports node:path in a form requireBuiltins does not rewrite/,
  );
});

it("an import esbuild wrote that the line-by-line reading misses (minified) stops the build: the count is esbuild's", async () => {
  const entry = join(dir, "minified.mjs");
  writeFileSync(entry, 'import { sep } from "node:path";\nconsole.log(sep);\n');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    metafile: true,
    minify: true,
    outdir: dir,
    banner: { js: REQUIRE_SHIM },
    logLevel: "silent",
  });
  const expected = Object.values(result.metafile.outputs)[0]!.imports.filter(
    (i) => i.kind === "import-statement",
  ).length;
  expect(expected).toBe(1);
  expect(() => requireBuiltins(result.outputFiles[0]!.text, "minified.mjs", expected)).toThrow(
    "minified.mjs: esbuild wrote 1 imports of built-ins, requireBuiltins found 0",
  );
});

it("the shim's require makes its createRequire on its first call, and requires relative to the output file", () => {
  const sub = mkdtempSync(join(dir, "shim-"));
  writeFileSync(join(sub, "beside.cjs"), "module.exports = 42;");
  // A preload counts the createRequire calls, as the shim makes them (through process.getBuiltinModule).
  writeFileSync(
    join(sub, "count.cjs"),
    'const m = require("node:module"); const real = m.createRequire; globalThis.made = 0; m.createRequire = (...a) => { globalThis.made += 1; return real(...a); };',
  );
  writeFileSync(
    join(sub, "out.mjs"),
    `${REQUIRE_SHIM}\nconst before = globalThis.made;\nconst value = require("./beside.cjs");\nrequire("./beside.cjs");\nconsole.log(JSON.stringify([before, globalThis.made, value]));\n`,
  );
  const out = execFileSync(process.execPath, ["--require", join(sub, "count.cjs"), join(sub, "out.mjs")], {
    encoding: "utf8",
  });
  expect(JSON.parse(out)).toEqual([0, 1, 42]);
});

it("an output using a property of require (require.resolve) stops the build: the shim's require is a plain function", () => {
  const source = `${REQUIRE_SHIM}\nconsole.log(require.resolve("x"));\n`;
  expect(() => requireBuiltins(source, "resolve.mjs")).toThrow(
    "resolve.mjs: uses require.resolve, which the shim's require (a plain function) does not have",
  );
});

it("bundled CommonJS code reading a property of require stops the build in every form esbuild writes it (as __require)", async () => {
  // esbuild writes every `require` of bundled code as its `__require`, which is the shim's require: `require.resolve`
  // in a dependency reaches the output as `__require.resolve`, and would be undefined there when called.
  const forms = [
    'require.resolve("./dep.cjs")',
    'require?.resolve("./dep.cjs")',
    'require["cache"]',
    "(() => { const { cache } = require; return cache; })()",
  ];
  for (const [n, form] of forms.entries()) {
    const sub = mkdtempSync(join(dir, "property-"));
    writeFileSync(join(sub, "dep.cjs"), `module.exports = ${form};`);
    writeFileSync(join(sub, "entry.mjs"), 'import value from "./dep.cjs";\nconsole.log(typeof value);\n');
    const bundled = (
      await build({
        entryPoints: [join(sub, "entry.mjs")],
        bundle: true,
        platform: "node",
        format: "esm",
        write: false,
        banner: { js: REQUIRE_SHIM },
        logLevel: "silent",
      })
    ).outputFiles[0]!.text;
    expect(bundled).toContain("__require");
    expect(() => requireBuiltins(bundled, `form-${n}.mjs`), form).toThrow(
      new RegExp(`^form-${n}\\.mjs: uses .*require.*, which the shim's require \\(a plain function\\) does not have$`),
    );
  }
});

it("a minified build, which the guard cannot read, gets Node's real require: require.resolve works there", async () => {
  const sub = mkdtempSync(join(dir, "minified-"));
  writeFileSync(join(sub, "dep.cjs"), 'module.exports = typeof require.resolve("./dep.cjs");');
  writeFileSync(join(sub, "entry.mjs"), 'import value from "./dep.cjs";\nconsole.log(value);\n');
  const bundled = (
    await build({
      entryPoints: [join(sub, "entry.mjs")],
      bundle: true,
      platform: "node",
      format: "esm",
      write: false,
      minify: true,
      banner: { js: EAGER_REQUIRE_SHIM },
      logLevel: "silent",
    })
  ).outputFiles[0]!.text;
  writeFileSync(join(sub, "out.mjs"), bundled);
  expect(execFileSync(process.execPath, [join(sub, "out.mjs")], { encoding: "utf8" }).trim()).toBe("string");
});
