/** Dial caps: sliding windows in the memory store, and the refusals that say when a dial may go. */
import { describe, expect, it } from "vitest";
import { refuseOverCap } from "../../../src/guards/caps/refusals.js";
import { MemoryCapLedger } from "../../../src/guards/caps/state/memory.js";
import type { CapLimits } from "../../../src/guards/caps/state/store.js";
import { BatchValidationError, UserInputError } from "../../../src/validation/errors.js";

const T0 = Date.parse("2026-11-21T15:00:00Z");
const MIN = 60_000;

async function refusal(
  caps: MemoryCapLedger,
  numbers: string[],
  now: number,
  limits: CapLimits,
): Promise<UserInputError | undefined> {
  try {
    refuseOverCap(await caps.check(numbers, now, limits), numbers, limits, now);
    return undefined;
  } catch (error) {
    return error as UserInputError;
  }
}

describe("per hour", () => {
  const limits = { perHour: 2, perNumberPerDay: undefined };
  it("refuses past the cap and says when the oldest dial ages out", async () => {
    const caps = new MemoryCapLedger();
    expect((await caps.reserve("a", ["+1"], T0, limits)).ok).toBe(true);
    expect((await caps.reserve("b", ["+2"], T0 + 10 * MIN, limits)).ok).toBe(true);
    const refused = await refusal(caps, ["+3"], T0 + 20 * MIN, limits);
    expect(refused?.rule).toBe("dials_per_hour");
    expect(refused?.message).toContain("may go at 16:00 UTC, in 40 min");
    expect(await refusal(caps, ["+3"], T0 + 60 * MIN + 1, limits)).toBeUndefined();
  });

  it("a batch needs room for every row", async () => {
    const caps = new MemoryCapLedger();
    const three = { perHour: 3, perNumberPerDay: undefined };
    await caps.reserve("a", ["+1", "+2"], T0, three);
    expect(await refusal(caps, ["+3"], T0, three)).toBeUndefined();
    expect((await refusal(caps, ["+3", "+4"], T0, three))?.rule).toBe("dials_per_hour");
    expect((await refusal(caps, ["+5", "+6", "+7", "+8"], T0, three))?.message).toContain(
      "split the batch into batches of at most 3 rows",
    );
  });

  it("a released reservation is not counted, and reserve refuses what check refuses", async () => {
    const caps = new MemoryCapLedger();
    const one = { perHour: 1, perNumberPerDay: undefined };
    await caps.reserve("r", ["+1"], T0, one);
    expect((await caps.reserve("s", ["+2"], T0, one)).ok).toBe(false);
    await caps.release("r");
    expect((await caps.reserve("s", ["+2"], T0, one)).ok).toBe(true);
  });
});

describe("per number per day", () => {
  const limits = { perHour: undefined, perNumberPerDay: 2 };
  it("names the rows over the cap with when they may go, from seeded history", async () => {
    const caps = new MemoryCapLedger();
    caps.seed([
      { at: T0 - 23 * 60 * MIN, to: "+1" },
      { at: T0 - 60 * MIN, to: "+1" },
      { at: T0 - 25 * 60 * MIN, to: "+1" }, // older than 24 hours: not counted
    ]);
    const refused = await refusal(caps, ["+2", "+1"], T0, limits);
    expect(refused).toBeInstanceOf(BatchValidationError);
    const problems = (refused as BatchValidationError).problems;
    expect(problems.map((p) => p.index)).toEqual([1]);
    expect(problems[0]!.reason).toContain("+1 was dialed 2 times in the last 24 hours");
    expect(problems[0]!.reason).toContain("may be dialed again at 16:00 UTC, in 1 h");
  });

  it("a number twice in one batch counts twice", async () => {
    const caps = new MemoryCapLedger();
    const refused = await refusal(caps, ["+1", "+1"], T0, { perHour: undefined, perNumberPerDay: 1 });
    expect((refused as BatchValidationError).problems.map((p) => p.index)).toEqual([0, 1]);
  });
});
