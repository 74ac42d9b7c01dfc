/**
 * The law of the place called, rule by rule, at the edges of each window in the
 * callee's own zone. The clock is the `now` each check is given (no real time):
 * Monday 2026-11-23 (EST, UTC-5; Paris CET, UTC+1) unless a case says otherwise.
 */
import { describe, expect, it } from "vitest";
import { lawBook, type LawBook } from "../../../src/guards/law/book.js";
import { checkLawOfThePlace } from "../../../src/guards/law/check.js";
import { placeOf, rulesAt } from "../../../src/guards/law/places.js";
import { BUILT_IN_RULES } from "../../../src/guards/law/rules.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { checkRow, type CheckedRow } from "../../../src/validation/call-row.js";

const policy = { allowedCountries: undefined, blockedTypes: new Set<never>() };
const row = (to: string): CheckedRow => {
  const checked = checkRow({ to, agent_id: "agt_1" }, policy).row;
  if (!checked) throw new Error(`${to} did not pass`);
  return checked;
};

const MIAMI = "+13055550107"; // Florida, America/New_York
const NEW_YORK = "+12125550123";
const SEATTLE = "+12065550123"; // Washington, America/Los_Angeles
const TORONTO = "+14165550123"; // Ontario, America/Toronto
const PARIS = "+33142685300";
const TOLL_FREE = "+18005550123"; // no state: every state's rules of the US apply

const telemarketing = lawBook("telemarketing");
/** UTC instant from a local wall time at a fixed offset (hours east of UTC). */
const at = (isoLocal: string, offsetHours: number) => Date.parse(`${isoLocal}Z`) - offsetHours * 3_600_000;

async function verdict(book: LawBook, to: string, now: number): Promise<string> {
  try {
    await checkLawOfThePlace(book, [row(to)], now);
    return "ok";
  } catch (error) {
    if (error instanceof SafetyRefusal) return `${error.rule}: ${error.message}`;
    throw error;
  }
}

describe("where a number is", () => {
  it("finds the state or province from the area code, and every state's rules when it cannot", () => {
    expect(placeOf(row(MIAMI))).toEqual({ country: "US", region: "FL" });
    expect(placeOf(row(TORONTO))).toEqual({ country: "CA", region: "ON" });
    // Any +33 number may ring in Alsace-Moselle (law-places.ts).
    expect(placeOf(row(PARIS))).toEqual({ country: "FR", region: "57/67/68" });
    expect(rulesAt(telemarketing, placeOf(row(NEW_YORK))).map((r) => r.id)).toEqual([
      "us_ny_hours",
      "us_fcc_hours",
      "us_tsr_hours",
    ]);
    // Every state's and territory's rules of the US (a territory's own country code aside), and the federal ones.
    const everyUsRule = telemarketing.rules.filter((r) => r.place === "US" || r.place.startsWith("US-"));
    expect(everyUsRule.length).toBeGreaterThan(30);
    expect(rulesAt(telemarketing, placeOf(row(TOLL_FREE)))).toEqual(everyUsRule);
    expect(rulesAt(telemarketing, placeOf(row(TORONTO))).map((r) => r.id)).toEqual(["ca_crtc_hours"]);
  });
});

describe("Florida (Fla. Stat. 501.616(6)(a)): 8:00-20:00 local", () => {
  it.each([
    ["2026-11-23T07:59", false],
    ["2026-11-23T08:00", true],
    ["2026-11-23T19:59", true],
    ["2026-11-23T20:00", false],
  ])("%s in Miami: allowed %s", async (local, allowed) => {
    const v = await verdict(telemarketing, MIAMI, at(local, -5));
    if (allowed) expect(v).toBe("ok");
    else {
      expect(v).toMatch(
        /^us_fl_hours: Refused by the law of the place called \(OUTBOUND_CALLS_CALL_PURPOSE=telemarketing\)/,
      );
      expect(v).toContain("Florida, US");
      expect(v).toContain("Fla. Stat. § 501.616(6)(a)");
      expect(v).toContain("ch. 2021-185");
      expect(v).toContain("[official text, read 2026-11-28]");
      expect(v).toContain("https://flsenate.gov/Session/Bill/2021/1120/Amendment/826808/HTML");
      expect(v).toContain("America/New_York");
      expect(v).toContain("Nothing was dialed");
    }
  });

  it("does not reach New York, nor informational calls", async () => {
    expect(await verdict(telemarketing, NEW_YORK, at("2026-11-23T20:30", -5))).toBe("ok");
    expect(await verdict(lawBook("informational"), MIAMI, at("2026-11-23T20:30", -5))).toBe("ok");
  });

  it("a toll-free number (no state) meets every state's window in every US zone", async () => {
    // 20:30 in New York: inside the federal window, outside the 8:00-20:00 of the first such state in the book.
    expect(await verdict(telemarketing, TOLL_FREE, at("2026-11-23T20:30", -5))).toMatch(
      /^us_al_automated_hours: .* in America\/New_York, outside 08:00-20:00/,
    );
    const floridaOnly = lawBook(
      "telemarketing",
      telemarketing.rules.filter((r) => r.id !== "us_fl_hours").map((r) => ({ id: r.id, enabled: false })),
    );
    expect(await verdict(floridaOnly, TOLL_FREE, at("2026-11-23T20:30", -5))).toMatch(/^us_fl_hours: /);
  });
});

describe("Washington (RCW 19.158.040(2)): 8:00-20:00 local", () => {
  it("refuses 20:00 in Seattle and allows 19:59", async () => {
    expect(await verdict(telemarketing, SEATTLE, at("2026-11-23T19:59", -8))).toBe("ok");
    const v = await verdict(telemarketing, SEATTLE, at("2026-11-23T20:00", -8));
    expect(v).toMatch(/^us_wa_hours: /);
    expect(v).toContain("https://app.leg.wa.gov/RCW/default.aspx?cite=19.158.040");
  });
});

describe("Canada (CRTC): weekdays 9:00-21:30, weekends 10:00-18:00", () => {
  it.each([
    ["2026-11-23T08:59", false], // Monday
    ["2026-11-23T09:00", true],
    ["2026-11-23T21:29", true],
    ["2026-11-23T21:30", false],
    ["2026-11-28T09:59", false], // Saturday
    ["2026-11-28T10:00", true],
    ["2026-11-29T17:59", true], // Sunday
    ["2026-11-29T18:00", false],
  ])("%s in Toronto: allowed %s", async (local, allowed) => {
    const v = await verdict(telemarketing, TORONTO, at(local, -5));
    if (allowed) expect(v).toBe("ok");
    else {
      expect(v).toMatch(/^ca_crtc_hours: /);
      expect(v).toContain("Canada");
      expect(v).toContain("https://crtc.gc.ca/eng/phone/telemarketing/tobligations/rules-regles.htm");
    }
  });
});

describe("France (Code de la consommation D. 223-9): weekdays 10-13 and 14-20, not on public holidays", () => {
  it.each([
    ["2026-11-23T09:59", false],
    ["2026-11-23T10:00", true],
    ["2026-11-23T12:59", true],
    ["2026-11-23T13:00", false],
    ["2026-11-23T14:00", true],
    ["2026-11-23T19:59", true],
    ["2026-11-23T20:00", false],
    ["2026-11-28T11:00", false], // Saturday
  ])("%s in Paris: allowed %s", async (local, allowed) => {
    const v = await verdict(telemarketing, PARIS, at(local, 1));
    if (allowed) expect(v).toBe("ok");
    else {
      expect(v).toMatch(/^fr_hours: /);
      expect(v).toContain("https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000046421823");
    }
  });

  it("refuses a public holiday from the holiday library (14 July, a Tuesday), not the day after", async () => {
    const v = await verdict(telemarketing, PARIS, at("2026-07-14T11:00", 2));
    expect(v).toMatch(/^fr_hours: /);
    expect(v).toContain("2026-07-14 is a public holiday in FR");
    expect(await verdict(telemarketing, PARIS, at("2026-07-15T11:00", 2))).toBe("ok");
    // Christmas 2026 is a Friday.
    expect(await verdict(telemarketing, PARIS, at("2026-12-25T11:00", 1))).toContain("public holiday");
  });

  it("says when the place next allows the call: Saturday morning waits for Monday 10:00", async () => {
    const v = await verdict(telemarketing, PARIS, at("2026-11-28T11:00", 1));
    expect(v).toContain("allows no calls on Saturday");
    expect(v).toContain("allows it from 2026-11-30 09:00 UTC");
  });
});

describe("a batch", () => {
  it("names every refused row with its own rule and lets the others be", async () => {
    const rows = [NEW_YORK, MIAMI, TORONTO].map(row);
    // Monday 20:30 in the east: Florida closed, Canada open, New York has no state rule.
    const error = await checkLawOfThePlace(telemarketing, rows, at("2026-11-23T20:30", -5)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchSafetyRefusal);
    const problems = (error as BatchSafetyRefusal).problems;
    expect(problems.map((p) => p.index)).toEqual([1]);
    expect(problems[0]!.reason).toContain("us_fl_hours");
  });
});

describe("the built-in rules", () => {
  it("each carries its source's address, a quote, the date it was read and its tier", () => {
    for (const rule of BUILT_IN_RULES) {
      expect(rule.source.url, rule.id).toMatch(/^https?:\/\/[a-z0-9.-]+\.[a-z]+\//);
      expect(rule.source.quote.length, rule.id).toBeGreaterThan(40);
      expect(rule.source.checked, rule.id).toMatch(/^2026-11-2[5-8]$/);
      expect(["official", "official_summary", "secondary"], rule.id).toContain(rule.source.tier);
    }
  });

  it("an official rule was read on a government's own site, or an eCFR or Journal officiel address", () => {
    // South Dakota's code is at the legislature's older address, legis.state.sd.us.
    for (const rule of BUILT_IN_RULES.filter((r) => r.source.tier === "official"))
      expect(new URL(rule.source.url).hostname, rule.id).toMatch(/(\.gov|\.gouv\.fr|\.state\.sd\.us)$/);
  });

  it("ids are unique, and each rule does something (hours, holidays, a limit, or a date-bounded ban)", () => {
    expect(new Set(BUILT_IN_RULES.map((r) => r.id)).size).toBe(BUILT_IN_RULES.length);
    for (const rule of BUILT_IN_RULES)
      expect(
        [rule.hours, rule.holidaysOf, rule.frequency, rule.bannedDuring].some((x) => x !== undefined),
        rule.id,
      ).toBe(true);
  });
});
