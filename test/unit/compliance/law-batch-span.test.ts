/**
 * A batch near closing: the service's pace of a batch is not documented, so a
 * submit_batch of N rows must stay allowed, in every row's place and zone, for
 * N × OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW plus the 30 s ring margin. The
 * clock is the `now` each check is given: Monday 2026-11-23 (New York EST,
 * UTC-5; Paris CET, UTC+1).
 */
import { describe, expect, it } from "vitest";
import { lawBook, type LawBook } from "../../../src/guards/law/book.js";
import { checkLawOfThePlace } from "../../../src/guards/law/check.js";
import { batchSpanMs, DEFAULT_BATCH_SPAN_PER_ROW_MS, rowsThatFit } from "../../../src/guards/law/batch-span.js";
import { BatchSafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { checkRow, type CheckedRow } from "../../../src/validation/call-row.js";

const policy = { allowedCountries: undefined, blockedTypes: new Set<never>() };
const row = (to: string): CheckedRow => checkRow({ to, agent_id: "agt_1" }, policy).row!;
const rows = (...to: string[]) => to.map(row);

const COLUMBUS_OH = "+16145550123"; // Columbus, Ohio: Eastern time, the federal window alone
const COLUMBUS_OH_2 = "+16145550124";
const TORONTO = "+14165550123"; // CRTC weekdays until 21:30
const PARIS = "+33142685300";

const telemarketing = lawBook("telemarketing");
const perRow = (ms: number): LawBook => ({ ...telemarketing, batchSpanPerRowMs: ms });
/** UTC instant from a local wall time (seconds allowed) at a fixed offset, hours east of UTC. */
const at = (isoLocal: string, offsetHours: number) => Date.parse(`${isoLocal}Z`) - offsetHours * 3_600_000;

async function batchVerdict(book: LawBook, batch: CheckedRow[], now: number): Promise<BatchSafetyRefusal | "ok"> {
  try {
    await checkLawOfThePlace(book, batch, now, { batch: true });
    return "ok";
  } catch (error) {
    if (error instanceof BatchSafetyRefusal) return error;
    throw error;
  }
}

describe("the span a batch may take to ring", () => {
  it("is the ring margin plus the rows times the per-row setting (60 s by default)", () => {
    expect(DEFAULT_BATCH_SPAN_PER_ROW_MS).toBe(60_000);
    expect(batchSpanMs(2, 60_000, 30_000)).toBe(150_000);
  });

  it("fits only the rows that all ring strictly before the close", () => {
    // 150 s to the close, 30 s margin: 2 rows end exactly at the close (outside), so 1 fits.
    expect(rowsThatFit(150_000, 0, 60_000, 30_000)).toBe(1);
    expect(rowsThatFit(150_001, 0, 60_000, 30_000)).toBe(2);
    expect(rowsThatFit(20_000, 0, 60_000, 30_000)).toBe(0);
  });
});

describe("the federal window's close (us_fcc_hours, 21:00 in Ohio)", () => {
  it.each([
    ["2026-11-23T20:57:29", true],
    ["2026-11-23T20:57:30", false],
  ])("a batch of 2 sent at %s: allowed %s", async (local, allowed) => {
    const v = await batchVerdict(telemarketing, rows(COLUMBUS_OH, COLUMBUS_OH_2), at(local, -5));
    if (allowed) {
      expect(v).toBe("ok");
      return;
    }
    expect(v).toBeInstanceOf(BatchSafetyRefusal);
    const refusal = v as BatchSafetyRefusal;
    expect(refusal.safetyRule).toBe("us_fcc_hours");
    expect(refusal.problems.map((p) => p.index)).toEqual([0, 1]);
    const reason = refusal.problems[0]!.reason;
    expect(reason).toContain("rule us_fcc_hours, United States (federal)");
    expect(reason).toContain(
      "<https://www.ecfr.gov/api/versioner/v1/full/2026-09-02/title-47.xml?part=64&section=64.1200>",
    );
    expect(reason).toContain("the place closes at Monday 21:00 in America/New_York");
    expect(reason).toContain("60 s a row, OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW");
    expect(reason).toContain("may hold at most 1 row now");
    expect(refusal.message).toContain("Split the batch: send at most 1 row with these numbers now");
  });

  it("the same two numbers dialed one at a time are allowed then: the guard is for batches", async () => {
    const now = at("2026-11-23T20:57:30", -5);
    await expect(checkLawOfThePlace(telemarketing, [row(COLUMBUS_OH)], now)).resolves.toEqual([]);
  });

  it("follows the operator's per-row setting", async () => {
    // 10 s a row: 2 rows take 50 s.
    expect(await batchVerdict(perRow(10_000), rows(COLUMBUS_OH, COLUMBUS_OH_2), at("2026-11-23T20:59:09", -5))).toBe(
      "ok",
    );
    expect(
      await batchVerdict(perRow(10_000), rows(COLUMBUS_OH, COLUMBUS_OH_2), at("2026-11-23T20:59:10", -5)),
    ).toBeInstanceOf(BatchSafetyRefusal);
  });

  it("names only the rows whose place closes within the span", async () => {
    // 20:58 in New York and Toronto: New York closes at 21:00, Toronto (CRTC) at 21:30.
    const v = await batchVerdict(telemarketing, rows(TORONTO, COLUMBUS_OH), at("2026-11-23T20:58:00", -5));
    expect((v as BatchSafetyRefusal).problems.map((p) => p.index)).toEqual([1]);
  });

  it("a large batch early in the day: refused, saying how many rows fit before the close", async () => {
    // 700 rows take 11 h 40 min 30 s; from 10:00 the close is 11 h away.
    const many = Array.from({ length: 700 }, (_, i) => row(`+1212555${String(1000 + i).padStart(4, "0")}`));
    const v = await batchVerdict(telemarketing, many, at("2026-11-23T10:00:00", -5));
    expect((v as BatchSafetyRefusal).message).toContain(
      "Split the batch: send at most 659 rows with these numbers now",
    );
    expect(await batchVerdict(telemarketing, many.slice(0, 659), at("2026-11-23T10:00:00", -5))).toBe("ok");
    expect(await batchVerdict(telemarketing, many.slice(0, 660), at("2026-11-23T10:00:00", -5))).toBeInstanceOf(
      BatchSafetyRefusal,
    );
  });
});

describe("any close counts: France's midday break (fr_hours, 13:00-14:00 in Paris)", () => {
  it("a batch of 2 at 12:58 in Paris is refused by the break, not only by the evening close", async () => {
    const v = await batchVerdict(telemarketing, rows(PARIS, "+33142685301"), at("2026-11-23T12:58:00", 1));
    const refusal = v as BatchSafetyRefusal;
    expect(refusal.safetyRule).toBe("fr_hours");
    expect(refusal.problems[0]!.reason).toContain("the place closes at Monday 13:00 in Europe/Paris");
    expect(refusal.problems[0]!.reason).toContain("at most 1 row now");
    expect(await batchVerdict(telemarketing, rows(PARIS, "+33142685301"), at("2026-11-23T12:57:29", 1))).toBe("ok");
  });

  it("informational calls meet none of it", async () => {
    expect(
      await batchVerdict(lawBook("informational"), rows(COLUMBUS_OH, COLUMBUS_OH_2), at("2026-11-23T20:59:50", -5)),
    ).toBe("ok");
  });
});
