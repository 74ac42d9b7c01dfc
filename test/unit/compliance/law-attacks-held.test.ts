/**
 * Attacks on the law of the place called that the guard already withstands (a review of issue 24), kept as tests
 * so that they stay withstood: a toll-free number under the federal window, a batch across the spring-forward
 * change, across midnight into a Sunday or a holiday, across France's midday break, a span that exactly touches the
 * close, a consent basis written in another case, and a rules file changing one rule without dropping another.
 * Injected clock; offsets: New York EST UTC-5 / EDT UTC-4, Paris CET UTC+1.
 */
import { describe, expect, it } from "vitest";
import type { RuleChange } from "../../../src/config/rules-file.js";
import type { ConsentRecord } from "../../../src/guards/consent/file.js";
import { lawBook, type LawBook } from "../../../src/guards/law/book.js";
import { BUILT_IN_RULES } from "../../../src/guards/law/rules.js";
import { at, lawVerdict as verdict } from "./law-rows.js";

const COLUMBUS_OH = "+16145550123"; // Eastern time, no state rule: the federal window alone
const PARIS = "+33142685300";
const ALL_DAY = {
  sun: ["00:00-24:00"],
  mon: ["00:00-24:00"],
  tue: ["00:00-24:00"],
  wed: ["00:00-24:00"],
  thu: ["00:00-24:00"],
  fri: ["00:00-24:00"],
  sat: ["00:00-24:00"],
};

const book = (changes: RuleChange[], perRowMs?: number): LawBook => ({
  ...lawBook("telemarketing", changes, "/rules.json"),
  ...(perRowMs ? { batchSpanPerRowMs: perRowMs } : {}),
});

const batchOf = (n: number, to: string) => Array.from({ length: n }, () => to);

describe("a toll-free number (800: no state) under the federal window", () => {
  it("must be allowed in every US zone: refused at 21:30 in New York and at 12:00 there (07:00 in Hawaii and Adak)", async () => {
    // It meets every state's rules too (Alabama's 08:00-20:00 is named first), and the federal window alone as well.
    const b = lawBook("telemarketing");
    expect(await verdict(b, ["+18005550123"], at("2026-11-23T21:30", -5))).toMatch(
      /^us_al_automated_hours: .*America\/New_York, outside 08:00-20:00/s,
    );
    const federalOnly = book(
      b.rules.filter((r) => r.place.startsWith("US-")).map((r) => ({ id: r.id, enabled: false })),
    );
    expect(await verdict(federalOnly, ["+18005550123"], at("2026-11-23T21:30", -5))).toMatch(
      /^us_fcc_hours: .*America\/New_York, outside 08:00-21:00/s,
    );
    expect(await verdict(federalOnly, ["+18005550123"], at("2026-11-23T12:00", -5))).toMatch(
      /^us_fcc_hours: .*(Pacific\/Honolulu|America\/Adak), outside 08:00-21:00/s,
    );
    // 14:00 in the east: 09:00 in Hawaii, the one weekday hour every state's window (Maine's 09:00-17:00 among them) allows everywhere.
    expect(await verdict(b, ["+18005550123"], at("2026-11-23T14:00", -5))).toBe("ok");
  });
});

describe("a batch's span across a change of the clock, a day or a break", () => {
  it("spring forward (New York, Sunday 2026-03-08): a close at 03:00 EDT right after the skipped hour is found", async () => {
    // The operator's rule allows 00:00-02:30 and 03:30-24:00; at 02:00 EST the clock jumps to 03:00 EDT, closed.
    const night = { ...ALL_DAY, sun: ["00:00-02:30", "03:30-24:00"] };
    const b = book(
      [
        { id: "us_fcc_hours", enabled: false },
        { id: "us_tsr_hours", enabled: false },
        { id: "ny_night", place: "US-OH", source: "counsel memo", hours: night },
      ],
      40 * 60_000,
    );
    const v = await verdict(b, [COLUMBUS_OH], at("2026-03-08T01:50", -5), { batch: true });
    expect(v).toMatch(/^ny_night: /);
    expect(v).toContain("the place closes at Sunday 03:00 in America/New_York (07:00 UTC");
  });

  it("across midnight into a Sunday the rule bans: refused at Saturday 23:58, with the rows that fit", async () => {
    const weekdays = { ...ALL_DAY, sun: [] };
    const b = book([
      { id: "us_fcc_hours", enabled: false },
      { id: "us_tsr_hours", enabled: false },
      { id: "ny_no_sunday", place: "US-OH", source: "counsel memo", hours: weekdays },
    ]);
    const v = await verdict(b, batchOf(3, COLUMBUS_OH), at("2026-11-28T23:58", -5), { batch: true });
    expect(v).toMatch(/^ny_no_sunday: /);
    expect(v).toContain("the place closes at Sunday 00:00 in America/New_York");
    expect(v).toContain("may hold at most 1 row now");
  });

  it("across midnight into a public holiday: refused on Christmas Eve at 23:58 in Paris under an all-day rule with holidays", async () => {
    const b = book([{ id: "fr_hours", hours: ALL_DAY }]);
    const v = await verdict(b, batchOf(3, PARIS), at("2026-12-24T23:58", 1), { batch: true });
    expect(v).toMatch(/^fr_hours: /);
    expect(v).toContain("the place closes at Friday 00:00 in Europe/Paris");
  });

  it("across France's midday break: 5 rows at 12:55 may ring at 13:00 and are refused, 4 rows go", async () => {
    const b = lawBook("telemarketing");
    const v = await verdict(b, batchOf(5, PARIS), at("2026-11-23T12:55", 1), { batch: true });
    expect(v).toMatch(/^fr_hours: /);
    expect(v).toContain("the place closes at Monday 13:00 in Europe/Paris");
    expect(await verdict(b, batchOf(4, PARIS), at("2026-11-23T12:55", 1), { batch: true })).toBe("ok");
  });

  it("a span that ends exactly at the close is refused; one second earlier it goes (a batch of 1 row: 90 s)", async () => {
    const b = lawBook("telemarketing");
    const exact = await verdict(b, [COLUMBUS_OH], at("2026-11-23T20:58:30", -5), { batch: true });
    expect(exact).toMatch(/^us_fcc_hours: /);
    expect(exact).toContain("may hold at most 0 rows now");
    expect(await verdict(b, [COLUMBUS_OH], at("2026-11-23T20:58:29", -5), { batch: true })).toBe("ok");
    // create_call keeps its 30 s: the same row alone goes until 20:59:29.
    expect(await verdict(b, [COLUMBUS_OH], at("2026-11-23T20:59:29", -5))).toBe("ok");
    expect(await verdict(b, [COLUMBUS_OH], at("2026-11-23T20:59:30", -5))).toMatch(/^us_fcc_hours: /);
  });
});

describe("consent exceptions and the rules file", () => {
  it("a consent basis in another case is not a listed basis: nothing is lifted", async () => {
    const b = book([
      { id: "us_fcc_hours", enabled: false },
      { id: "us_tsr_hours", enabled: false },
      { id: "us_va_hours", consent_bases: ["express_written"] },
    ]);
    const va = "+17035550123";
    const consent: ReadonlyMap<string, ConsentRecord> = new Map([
      [va, { number: va, basis: "Express_Written", source: "web-form", obtained: "2026-01-10" }],
    ]);
    expect(await verdict(b, [va], at("2026-11-23T21:30", -5), { consent })).toMatch(/^us_va_hours: /);
  });

  it("changing one rule keeps every other built-in rule in force", () => {
    const ids = (b: LawBook) => b.rules.map((r) => r.id).sort();
    // The telemarketing rules: the informational ones are not in this book.
    const all = BUILT_IN_RULES.filter((r) => r.purposes.includes("telemarketing"))
      .map((r) => r.id)
      .sort();
    expect(ids(book([{ id: "us_va_hours", consent_bases: ["express_written"] }]))).toEqual(all);
    expect(
      ids(
        book([
          { id: "fr_hours", hours: ALL_DAY },
          { id: "fr_frequency", max_calls: 3, window_hours: 720 },
        ]),
      ),
    ).toEqual(all);
    expect(ids(book([{ id: "us_wa_hours", enabled: false }]))).toEqual(all.filter((id) => id !== "us_wa_hours"));
  });
});
