#!/usr/bin/env node
/**
 * `npm test`, the README's test command and what CI runs (.ci/run):
 *
 * 1. the test parts (scripts/test-parts.mjs: redis-server, chromium);
 * 2. the bundle (with the Node that runs this script);
 * 3. the whole vitest suite on Node 24, and the smoke files below on Node 22,
 *    with the type check (src, tests, bench, scripts), lint, the formatter's check and the import rule
 *    (docs/architecture.md "The rooms") running beside them:
 *    the two supported lines (package.json `engines`). A line that is not the
 *    one running this script comes from the npm registry (`npx -y -p node@N`),
 *    so any machine with npm runs both.
 *
 * The last line sums up both runs as "N passed, N failed". Exit code 1 if any
 * step failed. What the tests print on purpose (the servers' stderr with the
 * unattended-dialing banner, an identity provider's development warning, the
 * fault tables, fuzz seeds) and the output of the checks that passed go to
 * OUTPUT_LOG, named on the console at the end; the console shows progress,
 * failures and the summary.
 *
 *   node scripts/test.mjs              everything (npm test)
 *   node scripts/test.mjs -- <files>   steps 1-2, then these files on both lines (no type check, lint or import rule)
 */
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** The tests' expected output (test/helpers/test-output.ts, vitest.config.ts onConsoleLog): gitignored, beside dist/. */
const OUTPUT_LOG = join(ROOT, ".cache", "test-output.log");
mkdirSync(dirname(OUTPUT_LOG), { recursive: true });
writeFileSync(OUTPUT_LOG, `npm test, ${new Date().toISOString()}\n`);

function say(line) {
  process.stderr.write(`test: ${line}\n`);
}

/**
 * A command run in the background, by default at the lowest CPU priority (`nice`, where there is one), so it takes
 * only the time the tests leave idle and never slows a test that is bounded by a deadline; its output gathered.
 * Returns `done` (resolves with its exit code and output) and `stop` (ends it and every process it started).
 */
function background(command, args, env = process.env, { niced = true } = {}) {
  const nice =
    niced &&
    process.platform !== "win32" &&
    spawnSync("sh", ["-c", "command -v nice"], { stdio: "ignore" }).status === 0;
  // Its own process group, so stopping it stops npm's children too.
  const child = spawn(nice ? "nice" : command, nice ? ["-n", "19", command, ...args] : args, {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: process.platform !== "win32",
  });
  let output = "";
  let settled = false;
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const done = new Promise((resolve) => {
    child.on("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  }).finally(() => (settled = true));
  const stop = () => {
    if (settled || child.pid === undefined) return;
    try {
      process.kill(process.platform === "win32" ? child.pid : -child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  return { done, stop };
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** The path of a `node` binary of this major line: this one, or one from the npm registry. */
function nodeOf(major) {
  if (Number(process.versions.node.split(".")[0]) === major) return process.execPath;
  const found = spawnSync(
    "npx",
    ["-y", "-p", `node@${major}`, "node", "-e", "process.stdout.write(process.execPath)"],
    {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  if (found.status !== 0 || !found.stdout)
    throw new Error(`could not get Node ${major} with npx -y -p node@${major} (is the npm registry reachable?)`);
  return found.stdout.trim();
}

/** vitest on one Node line; children that run `node` or `npm` from PATH get that line too. */
function vitest(major, files) {
  const node = nodeOf(major);
  const dir = mkdtempSync(join(tmpdir(), "outbound-calls-test-"));
  const report = join(dir, "report.json");
  try {
    say(`vitest on Node ${major} (${node})${files.length ? `: ${files.join(" ")}` : ": the whole suite"}`);
    appendFileSync(OUTPUT_LOG, `\n== vitest on Node ${major} ==\n`);
    const code = run(
      node,
      [
        join(ROOT, "node_modules/vitest/vitest.mjs"),
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${report}`,
        ...files,
      ],
      {
        env: {
          ...process.env,
          PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ""}`,
          TESTS_OUTPUT_LOG: OUTPUT_LOG,
        },
      },
    );
    let counts = { passed: 0, failed: 0 };
    try {
      const json = JSON.parse(readFileSync(report, "utf8"));
      // A file that failed before running any test (an import error, a Node line too old) counts as one failure.
      const brokenFiles = (json.testResults ?? []).filter(
        (f) => f.status === "failed" && (f.assertionResults ?? []).length === 0,
      ).length;
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
  // The bundle only: the type check below covers src, the tests, bench and scripts (npm run build checks src again).
  ["build", process.execPath, ["scripts/build.mjs"]],
]) {
  say(what);
  if (run(command, args) !== 0) {
    say(`${what} failed`);
    process.stdout.write("0 passed, 1 failed\n");
    process.exit(1);
  }
}

// The type check, lint and the import rule compute while most test files wait (deadlines, sockets, processes):
// they run beside the suite, their output kept until it ends. The import rule's tool (dependency-cruiser) runs
// only on the supported lines, so it gets Node 24 whatever Node runs this script.
const checkCommands = only
  ? []
  : [
      ["type check", "npm", ["run", "typecheck", "--silent"], process.env],
      ["lint", "npm", ["run", "lint", "--silent"], process.env],
      ["format", "npm", ["run", "format:check", "--silent"], process.env],
      [
        "import rule",
        "npm",
        ["run", "lint:imports", "--silent"],
        { ...process.env, PATH: `${dirname(nodeOf(FULL_LINE))}${delimiter}${process.env.PATH ?? ""}` },
      ],
    ];
const checks = checkCommands.map(([what, command, args, env]) => [
  what,
  command,
  args,
  env,
  background(command, args, env),
]);
if (checks.length > 0) say("type check, lint, format and the import rule, beside the suite");

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
for (const [what, command, args, env, check] of checks) {
  // On a machine busy with other work, a niced check gets almost no CPU and could wait for hours: once the suite is
  // over, one still running starts again at normal priority, as it would be run by hand.
  // The suite ran synchronously, so a check that ended meanwhile is told only now: give the event loop a moment.
  const ended = await Promise.race([
    check.done.then(() => true),
    new Promise((resolve) => setTimeout(resolve, 1000, false)),
  ]);
  let result;
  if (ended) result = await check.done;
  else {
    check.stop();
    await check.done;
    say(`${what}: still running when the tests ended (the machine is busy); running it again at normal priority`);
    result = await background(command, args, env, { niced: false }).done;
  }
  // A check that passed may still print (an engine notice, "no violations"): that goes to the log; a failure is shown.
  if (result.output.trim()) {
    if (result.code === 0) appendFileSync(OUTPUT_LOG, `\n== ${what} ==\n${result.output}`);
    else process.stderr.write(result.output);
  }
  say(`${what}: ${result.code === 0 ? "passed" : "FAILED"}`);
  if (result.code !== 0) failed += 1;
}
say(`what the tests print on purpose (servers' stderr, warnings, fault tables, fuzz seeds): ${OUTPUT_LOG}`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
