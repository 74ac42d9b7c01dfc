import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup/leak-check.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Spawned servers compete for 2 cores; keep parallelism modest so timing tests stay honest.
    maxWorkers: 2,
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
