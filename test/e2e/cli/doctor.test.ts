/**
 * `outbound-calls-mcp doctor` through its process: the report on stdout and
 * exit 0 with the built-in sandbox, nothing on stderr, the key nowhere; the
 * flags. Every other check and failure: test/in-process/doctor.test.ts.
 */
import { describe, expect, it } from "vitest";
import { CANARY_KEY } from "../../helpers/server-process.js";
import { runCli } from "../../helpers/run-cli.js";
import { VERSION } from "../../../src/config/version.js";

describe("doctor through the process", () => {
  it("--sandbox: every check passes, exit 0, stderr empty", async () => {
    const result = await runCli(["doctor", "--sandbox"], { OUTBOUND_CALLS_API_KEY: CANARY_KEY });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`outbound-calls-mcp ${VERSION} doctor`);
    expect(result.stdout).toMatch(
      /^\[ok\]\s+configuration\s+built-in sandbox at http:\/\/127\.0\.0\.1:\d+ \(simulated: no real call\)/m,
    );
    expect(result.stdout).toMatch(/^\[ok\]\s+agents\s+3: /m);
    expect(result.stdout.trim().endsWith("All checks passed.")).toBe(true);
    expect(result.stderr).toBe("");
    expect(result.stdout).not.toContain(CANARY_KEY);
  });

  it("refuses an unknown flag with exit 2", async () => {
    const result = await runCli(["doctor", "--everything"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown argument: --everything");
    expect(result.stdout).toBe("");
  });

  it("doctor --help prints doctor's usage on stdout (test/e2e/cli/help.test.ts has the rest)", async () => {
    const result = await runCli(["doctor", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("outbound-calls-mcp doctor --sandbox");
    expect(result.stderr).toBe("");
  });
});
