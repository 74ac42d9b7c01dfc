/**
 * --help through the built process (on stdout: it is what was asked for), held to the source: every OUTBOUND_CALLS_*
 * variable read anywhere in src/ and every flag the argument parser knows appears in the help, one line each; a test
 * hook (declared for tests and dry runs only) has none. The variables' lines are rendered from their definitions;
 * that every variable has one, and the configuration table, are held by test/docs/generated.test.ts and
 * test/docs/variables.test.ts.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { variables as registry } from "../../../src/cli/variables.js";
import { ROOT } from "../../helpers/server-process.js";
import { runCli, type CliResult } from "../../helpers/run-cli.js";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const sources = sourceFiles(join(ROOT, "src")).map((path) => readFileSync(path, "utf8"));
const variables = [
  ...new Set(sources.flatMap((text) => text.match(/OUTBOUND_CALLS_[A-Z0-9_]*[A-Z0-9]/g) ?? [])),
].sort();
// Every long flag the serving command line knows, from the parser itself.
const flags = [
  ...new Set(readFileSync(join(ROOT, "src/cli/command-line.ts"), "utf8").match(/"--[a-z][a-z-]*"/g) ?? []),
].map((f) => f.slice(1, -1));

describe("--help", () => {
  let help: CliResult;
  let lines: string[];
  beforeAll(async () => {
    help = await runCli(["--help"]);
    lines = help.stdout.split("\n");
  });

  it("exits 0 and prints on stdout only (so `--help | less` shows it)", () => {
    expect(help.code).toBe(0);
    expect(help.stderr).toBe("");
    expect(help.stdout).toMatch(/^outbound-calls-mcp: an MCP server/);
  });

  it("finds the variables and flags to check (the scan works)", () => {
    expect(variables).toEqual(
      expect.arrayContaining([
        "OUTBOUND_CALLS_API_KEY",
        "OUTBOUND_CALLS_BASE_URL",
        "OUTBOUND_CALLS_SANDBOX",
        "OUTBOUND_CALLS_TIMEOUT_MS",
      ]),
    );
    expect(flags).toEqual(expect.arrayContaining(["--sandbox", "--read-only", "--help", "--version"]));
  });

  it.each(variables)("has one line for %s (a test hook none)", (variable) => {
    const hook = registry[variable]?.audience === "test";
    expect(lines.filter((l) => l.trimStart().startsWith(`${variable} `))).toHaveLength(hook ? 0 : 1);
  });

  it.each(flags)("mentions %s", (flag) => {
    expect(lines.some((l) => new RegExp(`(^|[\\s|\\[])${flag}(?![a-z-])`).test(l))).toBe(true);
  });

  it("names the commands: serve, --sandbox, sandbox, doctor, --help, --version", () => {
    for (const command of [
      "outbound-calls-mcp --sandbox",
      "outbound-calls-mcp sandbox",
      "outbound-calls-mcp doctor",
      "--help | --version",
    ]) {
      expect(help.stdout).toContain(command);
    }
  });
});

describe("doctor --help", () => {
  it("prints doctor's own help on stdout, not the server's, and checks nothing", async () => {
    for (const args of [
      ["doctor", "--help"],
      ["doctor", "-h"],
      ["doctor", "--sandbox", "--help"],
    ]) {
      const result = await runCli(args);
      expect(result.code, args.join(" ")).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(/^outbound-calls-mcp doctor: check the configuration/);
      expect(result.stdout).toContain("outbound-calls-mcp doctor --sandbox");
      expect(result.stdout).not.toContain("Environment with --http");
      expect(result.stdout).not.toContain("[ok]");
    }
  });
});

describe("OUTBOUND_CALLS_SANDBOX when serving", () => {
  it("a value that is not true or false stops the server with one line naming the variable", async () => {
    const result = await runCli([], { OUTBOUND_CALLS_SANDBOX: "yes" });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toEqual([
      'outbound-calls-mcp: OUTBOUND_CALLS_SANDBOX must be "true" or "false" (or 1 / 0)',
    ]);
  });
});
