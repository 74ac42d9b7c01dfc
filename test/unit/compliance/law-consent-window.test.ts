/**
 * A consent exception (Virginia's, us_va_hours) lifted the hours for a dial whose record ended while the call or
 * the batch could still ring, and for a record dated (without a time) a day that had not yet begun where the person
 * is. Injected clock: Virginia EST UTC-5; the federal window is switched off to see Virginia's rule alone.
 */
import { describe, expect, it } from "vitest";
import type { ConsentRecord } from "../../../src/guards/consent/file.js";
import { lawBook, type LawBook } from "../../../src/guards/law/book.js";
import { at, lawVerdict as verdict } from "./law-rows.js";

const ARLINGTON_VA = "+17035550123";

describe("a consent exception holds only while the record is live for as long as the dial may ring", () => {
  // The federal windows are switched off so that Virginia's own hours and its consent exception are seen alone.
  const book = (perRowMs?: number): LawBook => ({
    ...lawBook(
      "telemarketing",
      [
        { id: "us_fcc_hours", enabled: false },
        { id: "us_tsr_hours", enabled: false },
        { id: "us_va_hours", consent_bases: ["express_written"] },
      ],
      "/rules.json",
    ),
    ...(perRowMs ? { batchSpanPerRowMs: perRowMs } : {}),
  });
  const record = (obtained: string, expiresAt?: number): ReadonlyMap<string, ConsentRecord> =>
    new Map([
      [
        ARLINGTON_VA,
        {
          number: ARLINGTON_VA,
          basis: "express_written",
          source: "web-form",
          obtained,
          ...(expiresAt ? { expiresAt, expires: new Date(expiresAt).toISOString() } : {}),
        },
      ],
    ]);

  it("create_call: a record that expires within the 30 s ring margin lifts nothing (21:10 in Virginia)", async () => {
    const now = at("2026-11-23T21:10", -5);
    expect(await verdict(book(), [ARLINGTON_VA], now, { consent: record("2026-01-10", now + 10_000) })).toMatch(
      /^us_va_hours: /,
    );
    expect(await verdict(book(), [ARLINGTON_VA], now, { consent: record("2026-01-10", now + 31_000) })).toMatch(
      /^ok; rule us_va_hours does not apply/,
    );
  });

  it("submit_batch: a record that expires while the batch may still ring lifts nothing (20:50, 15 min a row)", async () => {
    const now = at("2026-11-23T20:50", -5);
    // The batch may ring until 21:05:30; the record ends at 20:55, so the rows after it ring at 21:00 without consent.
    const ends = at("2026-11-23T20:55", -5);
    const v = await verdict(book(15 * 60_000), [ARLINGTON_VA], now, {
      batch: true,
      consent: record("2026-01-10", ends),
    });
    expect(v).toMatch(/^us_va_hours: /);
    expect(v).toContain("the place closes at Monday 21:00 in America/New_York");
    // A record live past the whole span still lifts Virginia's hours for the batch.
    expect(
      await verdict(book(15 * 60_000), [ARLINGTON_VA], now, {
        batch: true,
        consent: record("2026-01-10", at("2026-11-23T21:06", -5)),
      }),
    ).toMatch(/^ok; rule us_va_hours does not apply/);
  });

  it("a record dated (no time) the day of the call counts only once that day has ended everywhere", async () => {
    // 22:30 on Wednesday 25 November in Virginia is already 26 November in UTC: consent dated 26 November was
    // obtained, in the person's own calendar, after this call.
    const now = at("2026-11-25T22:30", -5);
    expect(await verdict(book(), [ARLINGTON_VA], now, { consent: record("2026-11-26") })).toMatch(/^us_va_hours: /);
    // Dated the day before and the day itself ended everywhere: it counts.
    expect(
      await verdict(book(), [ARLINGTON_VA], at("2026-11-27T22:30", -5), { consent: record("2026-11-26") }),
    ).toMatch(/^ok; rule us_va_hours does not apply/);
    // A full time says exactly when: obtained two minutes before, it counts.
    expect(await verdict(book(), [ARLINGTON_VA], now, { consent: record("2026-11-26T03:28:00Z") })).toMatch(
      /^ok; rule us_va_hours does not apply/,
    );
  });
});
