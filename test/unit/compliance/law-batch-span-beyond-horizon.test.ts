/**
 * A batch whose span is longer than the 8 days the batch guard scans: with a rule that closes only on public
 * holidays (an operator's rule, or a built-in one given 00:00-24:00 hours), a batch of 300 rows at 3600 s a row
 * (12.5 days) sent on Monday 2026-12-14 in Paris would ring on Christmas Day, 11 days later, past the scan. Such a
 * batch is refused for every row that meets an hours or holiday rule. Paris CET, UTC+1.
 */
import { describe, expect, it } from "vitest";
import { lawBook, type LawBook } from "../../../src/guards/law/book.js";
import { checkLawOfThePlace } from "../../../src/guards/law/check.js";
import { BatchSafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { row } from "./law-rows.js";

const at = (isoLocal: string, offsetHours: number) => Date.parse(`${isoLocal}Z`) - offsetHours * 3_600_000;
const PARIS = "+33142685300";
const holidaysOnly = (perRowMs: number): LawBook => ({
  ...lawBook(
    "telemarketing",
    [
      { id: "fr_hours", enabled: false },
      { id: "fr_alsace_moselle_holidays", enabled: false },
      { id: "fr_holidays_only", place: "FR", source: "counsel memo", holidays: "FR" },
    ],
    "/rules.json",
  ),
  batchSpanPerRowMs: perRowMs,
});

async function batchVerdict(book: LawBook, n: number, now: number): Promise<string> {
  try {
    await checkLawOfThePlace(
      book,
      Array.from({ length: n }, () => row(PARIS)),
      now,
      { batch: true },
    );
    return "ok";
  } catch (error) {
    if (error instanceof BatchSafetyRefusal) return `${error.safetyRule}: ${error.message}`;
    throw error;
  }
}

describe("a batch longer than the guard's 8-day scan", () => {
  const monday = at("2026-12-14T10:00", 1);

  it("is refused when it may ring past the scan (300 rows, 3600 s a row: 12.5 days, over Christmas)", async () => {
    const v = await batchVerdict(holidaysOnly(3_600_000), 300, monday);
    expect(v).toMatch(/^fr_holidays_only: /);
    expect(v).toContain("longer than the 8 days the guard checks ahead");
    expect(v).toContain("a batch with this row may hold at most 191 rows now");
  });

  it("is checked as before when it fits in the scan: 100 rows at 3600 s (4.2 days, no holiday) go", async () => {
    expect(await batchVerdict(holidaysOnly(3_600_000), 100, monday)).toBe("ok");
  });
});
