import { appendFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

/**
 * Under npm test (scripts/test.mjs sets it): the file that takes what the test files print to the console (an
 * identity provider's development warning, a library's warning), so the console shows progress, failures and the
 * summary. What tests print themselves and the servers' stderr go there too (test/helpers/test-output.ts).
 */
const OUTPUT_LOG = process.env.TESTS_OUTPUT_LOG || undefined;

/**
 * Two projects over one pool of 4 workers:
 * - `shared`: unit, in-process, fuzz, sandbox and docs tests share one module graph per worker
 *   (isolate: false), so the server's modules load once per worker instead of once per file.
 *   They start no process and replace no module.
 * - `isolated`: a fresh module graph per file: the end-to-end and fault tests (spawned servers,
 *   real sockets), the guard store's (real redis-server; one checks that Redis is loaded lazily), the
 *   replicas on one Redis, and
 *   the files of the shared folders that mock a module or start the built server.
 */
const shared = [
  "test/unit/**/*.test.ts",
  "test/in-process/**/*.test.ts",
  "test/fuzz/**/*.test.ts",
  "test/sandbox/**/*.test.ts",
  "test/docs/**/*.test.ts",
];
const ownGraph = [
  "test/in-process/idempotency-retry.test.ts", // vi.mock("undici")
  "test/fuzz/tools-stdio.test.ts", // the built server over stdio
];

export default defineConfig({
  test: {
    setupFiles: ["test/setup/leak-check.ts"],
    // A backstop for a test that hangs, not a bound on speed: a test that proves a bound measures it itself (and
    // allows for what a busy machine takes, test/helpers/machine-lag.ts). The slowest files (replicas on Redis, the
    // approver in Chromium) take 5-9 s a test when idle and four times that at a load of 15 on 2 cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Most files spend their time waiting (deadlines, a person's click, a poll, Redis), not computing: 4 workers on
    // 2 cores overlap the waits (measured: 140 s with 2, 101-109 s with 4, 109 s and a flaky Redis bound with 6).
    maxWorkers: 4,
    onConsoleLog: OUTPUT_LOG
      ? (log, type, entity) => {
          const where = entity
            ? "fullName" in entity
              ? `${entity.module.moduleId} > ${entity.fullName}`
              : entity.moduleId
            : "";
          appendFileSync(OUTPUT_LOG, `[${type}] ${where}\n${log.endsWith("\n") ? log : `${log}\n`}`);
          return false;
        }
      : undefined,
    projects: [
      { extends: true, test: { name: "shared", include: shared, exclude: ownGraph, isolate: false } },
      {
        extends: true,
        test: {
          name: "isolated",
          include: [
            "test/e2e/**/*.test.ts",
            "test/faults/**/*.test.ts",
            "test/state/**/*.test.ts",
            "test/replicas/**/*.test.ts",
            ...ownGraph,
          ],
        },
      },
    ],
    // `npm run coverage` (scripts/coverage.mjs) turns it on; it adds the spawned servers' coverage to this.
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["json", "json-summary"],
      reportsDirectory: "coverage/in-process",
      // A failing test must not cost the coverage report of a six-minute run.
      reportOnFailure: true,
    },
  },
});
