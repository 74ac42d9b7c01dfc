/**
 * The caps' ledger in memory keeps no dial when no cap and no per-number limit of the law is in force (set at start,
 * never after): nothing can ask it for a count. Asked for one all the same, it refuses instead of counting from
 * nothing, so a limit it was never told of cannot pass dials it did not count.
 */
import { expect, it } from "vitest";
import { MemoryCapLedger } from "../../../src/guards/caps/state/memory.js";

const T0 = Date.parse("2026-11-28T15:00:00Z");
const NONE = { perHour: undefined, perNumberPerDay: undefined };
const held = (caps: MemoryCapLedger) => (caps as unknown as { dials: unknown[] }).dials.length;

it("keeps no dial, seeded or reserved, and passes every dial asked with no limit", async () => {
  const caps = new MemoryCapLedger();
  await caps.reserve("before", ["+14155550100"], T0 - 1, NONE);
  caps.countNothing();
  caps.seed([{ at: T0 - 1, to: "+14155550100" }]);
  for (let i = 0; i < 100; i++)
    expect(await caps.reserve(`r${i}`, ["+14155550100"], T0 + i, NONE, i > 0 ? `r${i - 1}` : undefined)).toEqual({
      ok: true,
    });
  expect(await caps.check(["+14155550100"], T0 + 100, NONE)).toEqual({ ok: true });
  await caps.release("r5");
  expect(held(caps)).toBe(0);
});

it("refuses a count it was never told of: a cap, or a law limit", async () => {
  const caps = new MemoryCapLedger();
  caps.countNothing();
  await caps.reserve("r0", ["+13055550100"], T0, NONE);
  const law = new Map([["+13055550100", [{ id: "us_fl_frequency", limit: 3, windowMs: 86_400_000 }]]]);
  for (const limits of [
    { ...NONE, perHour: 1 },
    { ...NONE, perNumberPerDay: 1 },
    { ...NONE, perNumberLaw: law },
  ]) {
    await expect(caps.check(["+13055550100"], T0, limits)).rejects.toThrow(/no count/);
    await expect(caps.reserve("r1", ["+13055550100"], T0, limits)).rejects.toThrow(/no count/);
  }
});
