#!/usr/bin/env node
/**
 * `npm test`, the README's test command and what CI runs (.ci/run):
 *
 * 1. the test parts (scripts/test-parts.mjs: redis-server, chromium);
 * 2. build, type check, lint (with the Node that runs this script);
 * 3. the whole vitest suite on Node 24, and the smoke files below on Node 22:
 *    the two supported lines (package.json `engines`). A line that is not the
 *    one running this script comes from the npm registry (`npx -y -p node@N`),
 *    so any machine with npm runs both.
 *
 * The last line sums up both runs as "N passed, N failed". Exit code 1 if any
 * step failed.
 *
 *   node scripts/test.mjs              everything (npm test)
 *   node scripts/test.mjs -- <files>   only steps 1-2, then these files on both lines
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
/** Every file runs here. */
const FULL_LINE = 24;
/** These run here too: start-up, the compile cache (Node's own, per line), the tool surface, the converters, null arguments, one sandbox session end to end. */
const SMOKE_LINE = 22;
const SMOKE_FILES = [
  "test/e2e/startup.test.ts",
  "test/e2e/compile-cache.test.ts",
  "test/e2e/tools-list.test.ts",
  "test/e2e/null-arguments.test.ts",
  "test/e2e/sandbox-upstream.test.ts",
  "test/e2e/interop/converters.test.ts",
];

function say(line) {
  process.stderr.write(`test: ${line}\n`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** The path of a `node` binary of this major line: this one, or one from the npm registry. */
function nodeOf(major) {
  if (Number(process.versions.node.split(".")[0]) === major) return process.execPath;
  const found = spawnSync("npx", ["-y", "-p", `node@${major}`, "node", "-e", "process.stdout.write(process.execPath)"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (found.status !== 0 || !found.stdout) throw new Error(`could not get Node ${major} with npx -y -p node@${major} (is the npm registry reachable?)`);
  return found.stdout.trim();
}

/** vitest on one Node line; children that run `node` or `npm` from PATH get that line too. */
function vitest(major, files) {
  const node = nodeOf(major);
  const dir = mkdtempSync(join(tmpdir(), "outbound-calls-test-"));
  const report = join(dir, "report.json");
  try {
    say(`vitest on Node ${major} (${node})${files.length ? `: ${files.join(" ")}` : ": the whole suite"}`);
    const code = run(node, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...files], {
      env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ""}` },
    });
    let counts = { passed: 0, failed: 0 };
    try {
      const json = JSON.parse(readFileSync(report, "utf8"));
      // A file that failed before running any test (an import error, a Node line too old) counts as one failure.
      const brokenFiles = (json.testResults ?? []).filter((f) => f.status === "failed" && (f.assertionResults ?? []).length === 0).length;
      counts = { passed: json.numPassedTests ?? 0, failed: (json.numFailedTests ?? 0) + brokenFiles };
    } catch {
      // No report: vitest itself failed; the exit code says so.
    }
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    return counts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.argv.includes("--") ? process.argv.slice(process.argv.indexOf("--") + 1) : undefined;

for (const [what, command, args] of [
  ["test parts", process.execPath, ["scripts/test-parts.mjs"]],
  ["build", "npm", ["run", "build", "--silent"]],
  ["type check", "npm", ["run", "typecheck", "--silent"]],
  ["lint", "npm", ["run", "lint", "--silent"]],
]) {
  say(what);
  if (run(command, args) !== 0) {
    say(`${what} failed`);
    process.stdout.write("0 passed, 1 failed\n");
    process.exit(1);
  }
}

const runs = [
  [FULL_LINE, only ?? []],
  [SMOKE_LINE, only ?? SMOKE_FILES],
];
let passed = 0;
let failed = 0;
for (const [major, files] of runs) {
  const counts = vitest(major, files);
  say(`Node ${major}: ${counts.passed} passed, ${counts.failed} failed`);
  passed += counts.passed;
  failed += counts.failed;
}
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
