/** Dial caps: sliding windows, the time a refused dial may go, reservations. */
import { describe, expect, it } from "vitest";
import { DialCaps } from "../../src/safety/dial-caps.js";

const T0 = Date.parse("2026-11-21T15:00:00Z");
const MIN = 60_000;

describe("per hour", () => {
  it("refuses past the cap and says when the oldest dial ages out", () => {
    const caps = new DialCaps({ perHour: 2, perNumberPerDay: undefined });
    caps.reserve(["+1"], T0).commit();
    caps.reserve(["+2"], T0 + 10 * MIN).commit();
    const refusal = caps.check(["+3"], T0 + 20 * MIN);
    expect(refusal).toMatchObject({ rule: "dials_per_hour" });
    expect(refusal && "reason" in refusal && refusal.reason).toContain("may go at 16:00 UTC, in 40 min");
    expect(caps.check(["+3"], T0 + 60 * MIN + 1)).toBeUndefined();
  });

  it("a batch needs room for every row", () => {
    const caps = new DialCaps({ perHour: 3, perNumberPerDay: undefined });
    caps.reserve(["+1", "+2"], T0).commit();
    expect(caps.check(["+3"], T0)).toBeUndefined();
    expect(caps.check(["+3", "+4"], T0)).toMatchObject({ rule: "dials_per_hour" });
    const tooBig = caps.check(["+5", "+6", "+7", "+8"], T0);
    expect(tooBig && "reason" in tooBig && tooBig.reason).toContain("split the batch into batches of at most 3 rows");
  });

  it("a released reservation is not counted", () => {
    const caps = new DialCaps({ perHour: 1, perNumberPerDay: undefined });
    const r = caps.reserve(["+1"], T0);
    expect(caps.check(["+2"], T0)).toBeDefined();
    r.release();
    expect(caps.check(["+2"], T0)).toBeUndefined();
  });
});

describe("per number per day", () => {
  it("names the rows over the cap with when they may go, from loaded history", () => {
    const caps = new DialCaps({ perHour: undefined, perNumberPerDay: 2 });
    caps.load([
      { at: T0 - 23 * 60 * MIN, to: "+1" },
      { at: T0 - 60 * MIN, to: "+1" },
      { at: T0 - 25 * 60 * MIN, to: "+1" }, // older than 24 hours: not counted
    ]);
    const refusal = caps.check(["+2", "+1"], T0);
    expect(refusal).toMatchObject({ rule: "dials_per_number_per_day" });
    const rows = refusal && "rows" in refusal ? refusal.rows : [];
    expect(rows.map((r) => r.index)).toEqual([1]);
    expect(rows[0]!.reason).toContain("+1 was dialed 2 times in the last 24 hours");
    expect(rows[0]!.reason).toContain("may be dialed again at 16:00 UTC, in 1 h");
  });

  it("a number twice in one batch counts twice", () => {
    const caps = new DialCaps({ perHour: undefined, perNumberPerDay: 1 });
    const refusal = caps.check(["+1", "+1"], T0);
    expect(refusal && "rows" in refusal && refusal.rows.map((r) => r.index)).toEqual([0, 1]);
  });
});
