/**
 * The registry of environment variables (src/cli/variables.ts) is the one list of what the server reads: every
 * variable read anywhere in src/ is declared in it exactly once, every module's declarations are in it, and the
 * configuration table of docs/configuration.md and --help are the registry's operator variables, in its order.
 * The test hooks are declared too, but are no part of what an operator configures.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { HELP } from "../../src/cli/args.js";
import { variableParts, variables } from "../../src/cli/variables.js";
import { collectVariables, declareVariables, operatorVariables } from "../../src/config/variables.js";
import { text } from "../../src/config/parsers.js";

const ROOT = join(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const sources = sourceFiles(join(ROOT, "src")).map((path) => ({
  path: relative(ROOT, path),
  text: readFileSync(path, "utf8"),
}));

/**
 * Variables the system sets, which the server reads but does not own: where state files go (XDG, HOME), whether a
 * browser can be shown (a display, WSL). Not declared: no operator sets them for this server.
 */
const SYSTEM = ["HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR", "DISPLAY", "WAYLAND_DISPLAY", "WSL_DISTRO_NAME"];

/** Every name of the server's own prefix in src/, and every variable read as `env.NAME`. */
const read = [
  ...new Set(
    sources.flatMap(({ text: source }) => [
      ...(source.match(/OUTBOUND_CALLS_[A-Z0-9_]*[A-Z0-9]/g) ?? []),
      ...[...source.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b/g)].map((m) => m[1]!),
    ]),
  ),
].sort();

describe("the registry of variables", () => {
  it("finds what src/ reads (the scan works): the server's variables and the system's", () => {
    expect(read).toEqual(
      expect.arrayContaining(["OUTBOUND_CALLS_API_KEY", "OUTBOUND_CALLS_TEST_NOW", "HOME", "DISPLAY"]),
    );
  });

  it.each(read.filter((name) => !SYSTEM.includes(name)))("%s, read in src/, is declared exactly once", (name) => {
    const declaredIn = variableParts.filter((part) => Object.hasOwn(part, name));
    expect(
      declaredIn,
      `declare ${name} beside its parser and add the declarations to src/cli/variables.ts`,
    ).toHaveLength(1);
    expect(variables[name]?.name).toBe(name);
  });

  it("declares each variable once in the source, and the registry holds exactly those", () => {
    // The keys of the objects given to declareVariables(), two spaces in; `[CONST]` is resolved in its file.
    const declared = sources
      .filter(({ text: source }) => /\bdeclareVariables\(/.test(source))
      .flatMap(({ text: source }) =>
        [...source.matchAll(/^ {2}(\[?)([A-Za-z_][A-Za-z0-9_]*)\]?: \{$/gm)].map(([, computed, key]) =>
          computed ? new RegExp(`const ${key} = "([A-Z0-9_]+)"`).exec(source)?.[1] : key,
        ),
      );
    const twice = declared.filter((name, i) => declared.indexOf(name) !== i);
    expect(twice).toEqual([]);
    expect([...declared].sort()).toEqual(Object.keys(variables).sort());
  });

  it("declares nothing of the server's own that src/ does not read: each name is read outside its declaration", () => {
    const outside = (name: string) =>
      sources.some(({ text: source }) =>
        source.split("\n").some((line) => line.includes(name) && !new RegExp(`^ {2}\\[?${name}\\]?: \\{$`).test(line)),
      );
    // BROWSER is read only through its declaration (approval/opener.ts), like every variable; the others are also named
    // in the messages and comments of the code that reads them.
    expect(Object.keys(variables).filter((name) => name !== "BROWSER" && !outside(name))).toEqual([]);
  });

  it("holds every module's declarations: each declareVariables() in src/ is one part of the registry", () => {
    const calls = sources
      .filter(({ path }) => path !== "src/config/variables.ts")
      .flatMap(({ path, text: source }) => (source.match(/\bdeclareVariables\(/g) ?? []).map(() => path));
    expect(calls).toHaveLength(variableParts.length);
    expect(Object.keys(variables)).toHaveLength(variableParts.reduce((n, part) => n + Object.keys(part).length, 0));
  });

  it("refuses a variable declared in two modules", () => {
    const one = declareVariables({
      OUTBOUND_CALLS_X: { group: "safety", summary: "x", description: "x", parse: text },
    });
    const two = declareVariables({ OUTBOUND_CALLS_X: { group: "http", summary: "y", description: "y", parse: text } });
    expect(() => collectVariables(one, two)).toThrow("OUTBOUND_CALLS_X is declared twice");
  });

  it("the configuration table is the registry's operator variables, in its order", () => {
    const page = readFileSync(join(ROOT, "docs/configuration.md"), "utf8");
    const rows = [...page.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]);
    const operator = operatorVariables(variables).map(([name]) => name);
    // The table lists the groups in the order of --help; within a group, the registry's order.
    const groups = ["service", "safety", "http", "replicas"];
    const expected = groups.flatMap((group) => operator.filter((name) => variables[name]!.group === group));
    expect(rows).toEqual(expected);
    for (const name of operator) {
      expect(HELP.split("\n").filter((line) => line.startsWith(`  ${name} `))).toHaveLength(1);
    }
  });

  describe("the test hooks", () => {
    const hooks = Object.values(variables).filter((v) => v.audience === "test");

    it("are declared, and marked as such", () => {
      expect(hooks.map((v) => v.name).sort()).toEqual(["OUTBOUND_CALLS_TEST_LEASE_MS", "OUTBOUND_CALLS_TEST_NOW"]);
    });

    it.each(hooks.map((v) => v.name))("%s is in neither --help nor the operator's table", (name) => {
      expect(HELP).not.toContain(name);
      expect(readFileSync(join(ROOT, "docs/configuration.md"), "utf8")).not.toContain(`| \`${name}\` |`);
    });

    it("OUTBOUND_CALLS_TEST_NOW is documented as a clock for tests and dry runs", () => {
      expect(variables.OUTBOUND_CALLS_TEST_NOW!.summary).toMatch(/^a clock for tests and dry runs/);
      expect(readFileSync(join(ROOT, "docs/safety.md"), "utf8")).toMatch(
        /^## A clock for tests and dry runs — `OUTBOUND_CALLS_TEST_NOW`$/m,
      );
    });
  });
});
