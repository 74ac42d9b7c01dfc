/**
 * `doctor` reads the environment through the registry of variables (src/cli/variables.ts): a server variable set
 * under a name the server does not read is a warning that names the variable meant (a misspelt guard is a guard
 * left at its default, silently), a test hook set is said, and a wrong value's fix says what the variable is for.
 * Against the built-in sandbox (`doctor --sandbox`), in-process.
 */
import { describe, expect, it } from "vitest";
import { doctorInProcess } from "../helpers/doctor.js";

const lines = (stdout: string) => stdout.split("\n");

describe("doctor and the registry of variables", () => {
  it("warns of a misspelt variable, names the one meant, and still passes (the server would start)", async () => {
    const result = await doctorInProcess(["doctor", "--sandbox"], { OUTBOUND_CALLS_MAX_DIALS_PER_HUOR: "5" });
    expect(result.code).toBe(0);
    const all = lines(result.stdout);
    const i = all.findIndex((l) => /^\[warn\]\s+variables\s/.test(l));
    expect(all[i]).toContain("OUTBOUND_CALLS_MAX_DIALS_PER_HUOR is set, but the server reads no such variable");
    expect(all[i + 1]).toMatch(/fix: did you mean OUTBOUND_CALLS_MAX_DIALS_PER_HOUR\? /);
  });

  it("says nothing of variables the server reads", async () => {
    const result = await doctorInProcess(["doctor", "--sandbox"], { OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "5" });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/^\[warn\]\s+variables/m);
  });

  it("says a test hook is set: the clock for tests and dry runs", async () => {
    const result = await doctorInProcess(["doctor", "--sandbox"], { OUTBOUND_CALLS_TEST_NOW: "2026-11-23T15:00:00Z" });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^\[warn\]\s+variables\s+OUTBOUND_CALLS_TEST_NOW is set: a clock for tests and dry runs/m,
    );
  });

  it("a wrong value's fix says what the variable is for, from its declaration", async () => {
    const result = await doctorInProcess(["doctor", "--sandbox"], { OUTBOUND_CALLS_CALL_PURPOSE: "sales" });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "; it is: what the calls are for, telemarketing or informational: which laws of the place called apply",
    );
  });
});
