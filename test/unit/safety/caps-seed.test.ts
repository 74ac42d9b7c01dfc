/**
 * The caps' ledger seeded at start from the audit log (memory store): a busy month is hundreds of thousands of
 * dials. seed() once passed them all as arguments of one push(), past the stack at about 120,000: the server did not
 * start (RangeError) with such a log.
 */
import { expect, it } from "vitest";
import { MemoryCapLedger } from "../../../src/guards/caps/state/memory.js";

const T0 = Date.parse("2026-11-21T15:00:00Z");
const HOUR = 3_600_000;

it("seeds 250,000 logged dials of the last month, and counts them", async () => {
  const caps = new MemoryCapLedger();
  caps.keepFor(31 * 24 * HOUR);
  // Oldest last, so seed() must sort: 250,000 dials over 30 days, 10 of them in the last hour.
  const past = Array.from({ length: 250_000 }, (_, i) => ({
    at: T0 - 30 * 24 * HOUR + (i * (30 * 24 * HOUR - HOUR)) / 250_000,
    to: `+1415555${String(i % 10_000).padStart(4, "0")}`,
  }));
  past.reverse();
  for (let i = 0; i < 10; i++) past.push({ at: T0 - HOUR / 2 + i, to: "+14155550000" });
  expect(() => caps.seed(past)).not.toThrow();
  expect(await caps.check(["+14155559999"], T0, { perHour: 11, perNumberPerDay: undefined })).toEqual({ ok: true });
  expect(await caps.check(["+14155559999"], T0, { perHour: 10, perNumberPerDay: undefined })).toMatchObject({
    ok: false,
    rule: "dials_per_hour",
    recent: 10,
  });
});
