/**
 * For test files that load packages needing a newer Node than the one running
 * them (the converters, the current Inspector, the agent frameworks need 22+).
 * Such a file FAILS on an older line with how to run it, never skips:
 * `npm test` runs the whole suite on Node 24 (scripts/test.mjs), so CI always
 * runs it.
 */
export function requireNodeLine(minimumMajor: number, what: string): void {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < minimumMajor) {
    throw new Error(
      `${what} needs Node ${minimumMajor} or newer; this is Node ${process.versions.node}. ` +
        "Run the suite with `npm test` (it runs vitest on Node 24 from the npm registry), or this file with " +
        "`npx -y -p node@24 node node_modules/vitest/vitest.mjs run <file>`.",
    );
  }
}
