/**
 * The federal window (us_fcc_hours and its FTC twin us_tsr_hours, every US
 * number; shown on Ohio, which has no hours rule of its own), Virginia
 * (us_va_hours, with its consent exception) and South Dakota
 * (us_sd_automated_hours, weekdays only, in both of its zones). Window edges in the callee's own zone; the clock is the `now`
 * each check is given: Monday 2026-11-23 and Saturday 2026-11-28 (EST UTC-5,
 * CST UTC-6, MST UTC-7, PST UTC-8).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../../../src/config/errors.js";
import { loadRulesFile } from "../../../src/config/rules-file.js";
import type { ConsentRecord } from "../../../src/guards/consent/file.js";
import { lawBook, type LawBook } from "../../../src/guards/law/book.js";
import { checkLawOfThePlace, type LawCheckOptions } from "../../../src/guards/law/check.js";
import { SafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { checkRow, type CheckedRow } from "../../../src/validation/call-row.js";

const row = (to: string): CheckedRow =>
  checkRow({ to, agent_id: "agt_1" }, { allowedCountries: undefined, blockedTypes: new Set<never>() }).row!;
const at = (isoLocal: string, offsetHours: number) => Date.parse(`${isoLocal}Z`) - offsetHours * 3_600_000;

const COLUMBUS_OH = "+16145550123"; // Ohio: no state rule, the federal window alone
const LOS_ANGELES = "+12135550123";
const ARLINGTON_VA = "+17035550123";
const SIOUX_FALLS = "+16055550123"; // area code 605: Central and Mountain time

const telemarketing = lawBook("telemarketing");

async function verdict(book: LawBook, to: string, now: number, options: LawCheckOptions = {}): Promise<string> {
  try {
    const waived = await checkLawOfThePlace(book, [row(to)], now, options);
    return waived.length > 0 ? `ok; ${waived.join("; ")}` : "ok";
  } catch (error) {
    if (error instanceof SafetyRefusal) return `${error.rule}: ${error.message}`;
    throw error;
  }
}

describe("the federal window (47 CFR § 64.1200(c)(1), read in the eCFR): 8:00-21:00 where the number rings", () => {
  it.each([
    ["2026-11-23T07:59", false],
    ["2026-11-23T08:00", true],
    ["2026-11-23T20:59", true],
    ["2026-11-23T21:00", false],
  ])("%s in Columbus, Ohio: allowed %s", async (local, allowed) => {
    const v = await verdict(telemarketing, COLUMBUS_OH, at(local, -5));
    if (allowed) expect(v).toBe("ok");
    else {
      expect(v).toMatch(
        /^us_fcc_hours: Refused by the law of the place called \(OUTBOUND_CALLS_CALL_PURPOSE=telemarketing\)/,
      );
      expect(v).toContain("United States (federal)");
      expect(v).toContain("47 CFR § 64.1200(c)(1)");
      expect(v).toContain("[official text, read 2026-11-28]");
      expect(v).toContain(
        "<https://www.ecfr.gov/api/versioner/v1/full/2026-09-02/title-47.xml?part=64&section=64.1200>",
      );
      expect(v).toContain("America/New_York, outside 08:00-21:00");
    }
  });

  it("is checked in the callee's zone: 21:30 in Ohio is 18:30 in Los Angeles", async () => {
    const now = at("2026-11-23T21:30", -5);
    expect(await verdict(telemarketing, COLUMBUS_OH, now)).toMatch(/^us_fcc_hours: /);
    expect(await verdict(telemarketing, LOS_ANGELES, now)).toBe("ok");
    expect(await verdict(telemarketing, LOS_ANGELES, at("2026-11-23T21:00", -8))).toContain("America/Los_Angeles");
  });

  it("covers telemarketing only", async () => {
    expect(await verdict(lawBook("informational"), COLUMBUS_OH, at("2026-11-23T23:00", -5))).toBe("ok");
  });

  it("its FTC twin (16 CFR § 310.4(c)) refuses the same hours when the FCC's is switched off", async () => {
    const b = lawBook("telemarketing", [{ id: "us_fcc_hours", enabled: false }]);
    const v = await verdict(b, COLUMBUS_OH, at("2026-11-23T21:00", -5));
    expect(v).toMatch(/^us_tsr_hours: /);
    expect(v).toContain("16 CFR § 310.4(c)");
    expect(await verdict(b, COLUMBUS_OH, at("2026-11-23T20:59", -5))).toBe("ok");
  });
});

describe("Virginia (Code of Va. § 59.1-511): 8:00-21:00 at the called person's location", () => {
  it("refuses at 21:00 and 07:59 naming the state rule, which comes before the federal one", async () => {
    for (const local of ["2026-11-23T21:00", "2026-11-23T07:59"]) {
      const v = await verdict(telemarketing, ARLINGTON_VA, at(local, -5));
      expect(v).toMatch(/^us_va_hours: /);
      expect(v).toContain("Virginia, US [official text, read 2026-11-26]: Code of Virginia § 59.1-511");
      expect(v).toContain(
        "<https://law.lis.virginia.gov/vacodepopularnames/virginia-telephone-privacy-protection-act/>",
      );
    }
    expect(await verdict(telemarketing, ARLINGTON_VA, at("2026-11-23T20:59", -5))).toBe("ok");
  });
});

describe("South Dakota (SDCL 37-30-28): weekdays 9:00-21:00, in every zone area code 605 rings in", () => {
  it("allows a weekday only once it is 9:00 in Mountain time too", async () => {
    // 09:30 Central is 08:30 Mountain.
    const v = await verdict(telemarketing, SIOUX_FALLS, at("2026-11-23T09:30", -6));
    expect(v).toMatch(/^us_sd_automated_hours: /);
    expect(v).toContain("America/Denver");
    expect(v).toContain("S.D. Codified Laws § 37-30-28");
    expect(await verdict(telemarketing, SIOUX_FALLS, at("2026-11-23T10:00", -6))).toBe("ok");
    expect(await verdict(telemarketing, SIOUX_FALLS, at("2026-11-23T20:59", -6))).toBe("ok");
    expect(await verdict(telemarketing, SIOUX_FALLS, at("2026-11-23T21:00", -6))).toMatch(
      /^us_sd_automated_hours: .*America\/Chicago/,
    );
  });

  it("allows no call on a Saturday, at any hour", async () => {
    const v = await verdict(telemarketing, SIOUX_FALLS, at("2026-11-28T12:00", -6));
    expect(v).toMatch(/^us_sd_automated_hours: /);
    expect(v).toContain("the rule allows no calls on Saturday");
    expect(v).toContain("the law of the place allows it from 2026-11-30");
  });
});

describe('a rule\'s consent exception (Virginia: "unless the telephone solicitor has obtained the prior consent of the called person")', () => {
  const dir = mkdtempSync(join(tmpdir(), "law-us-"));
  let serial = 0;
  const book = (rules: unknown[]): LawBook => {
    const path = join(dir, `rules-${++serial}.json`);
    writeFileSync(path, JSON.stringify({ rules }));
    return lawBook("telemarketing", loadRulesFile(path), path);
  };
  const record = (basis: string, obtained = "2026-01-10", expires?: string): ReadonlyMap<string, ConsentRecord> =>
    new Map([
      [
        ARLINGTON_VA,
        {
          number: ARLINGTON_VA,
          basis,
          source: "web-form",
          obtained,
          ...(expires ? { expires, expiresAt: Date.parse(expires) + 86_400_000 } : {}),
        },
      ],
    ]);
  // 21:30 in Virginia. The federal windows have exceptions of their own, which the operator lifts apart: switched off
  // here to see Virginia's alone.
  const late = at("2026-11-23T21:30", -5);
  const federalOff = [
    { id: "us_fcc_hours", enabled: false },
    { id: "us_tsr_hours", enabled: false },
  ];
  const vaWithBases = () => book([...federalOff, { id: "us_va_hours", consent_bases: ["express_written"] }]);

  it("applies to a live record of a basis the operator lists, and says so", async () => {
    const v = await verdict(vaWithBases(), ARLINGTON_VA, late, { consent: record("express_written") });
    expect(v).toBe(
      "ok; rule us_va_hours does not apply, by its consent exception, to +1 703 555 0123 (express_written, obtained 2026-01-10)",
    );
  });

  it("does not apply without a listed basis, a record, a live record, or consent obtained before the call", async () => {
    expect(
      await verdict(book(federalOff), ARLINGTON_VA, late, {
        consent: record("express_written"),
      }),
    ).toMatch(/^us_va_hours: /);
    expect(await verdict(vaWithBases(), ARLINGTON_VA, late, { consent: record("ebr") })).toMatch(/^us_va_hours: /);
    expect(await verdict(vaWithBases(), ARLINGTON_VA, late, {})).toMatch(/^us_va_hours: /);
    expect(
      await verdict(vaWithBases(), ARLINGTON_VA, late, {
        consent: record("express_written", "2026-01-10", "2026-11-01"),
      }),
    ).toMatch(/^us_va_hours: /);
    expect(
      await verdict(vaWithBases(), ARLINGTON_VA, late, { consent: record("express_written", "2026-11-25") }),
    ).toMatch(/^us_va_hours: /);
  });

  it("does not lift the federal windows, whose exceptions the operator lists apart; listing them lifts all three", async () => {
    const b = book([{ id: "us_va_hours", consent_bases: ["express_written"] }]);
    expect(await verdict(b, ARLINGTON_VA, late, { consent: record("express_written") })).toMatch(/^us_fcc_hours: /);
    const all = book(
      ["us_va_hours", "us_fcc_hours", "us_tsr_hours"].map((id) => ({ id, consent_bases: ["express_written"] })),
    );
    const v = await verdict(all, ARLINGTON_VA, late, { consent: record("express_written") });
    for (const id of ["us_va_hours", "us_fcc_hours", "us_tsr_hours"])
      expect(v).toContain(`rule ${id} does not apply, by its consent exception`);
  });

  it("cannot be given to a rule whose text has none: the start stops, naming the rule", () => {
    expect(() => book([{ id: "us_fl_hours", consent_bases: ["express_written"] }])).toThrow(ConfigurationError);
    expect(() => book([{ id: "us_fl_hours", consent_bases: ["express_written"] }])).toThrow(
      /rule us_fl_hours has no consent exception in its text/,
    );
    expect(() => book([{ id: "us_wa_hours", consent_bases: ["express_written"] }])).toThrow(
      /rule us_wa_hours has no consent exception/,
    );
  });

  it("lifts hours only: an operator's per-number limit with consent_bases is not reported as lifted", async () => {
    const b = book([
      ...federalOff,
      { id: "us_va_hours", consent_bases: ["express_written"] },
      {
        id: "us_va_limit",
        place: "US-VA",
        source: "counsel memo",
        max_calls: 2,
        window_hours: 24,
        consent_bases: ["express_written"],
      },
    ]);
    const v = await verdict(b, ARLINGTON_VA, late, { consent: record("express_written") });
    expect(v).toContain("rule us_va_hours does not apply");
    expect(v).not.toContain("us_va_limit");
  });

  it("a listed basis is a loosening, so the start's log says it", () => {
    expect(vaWithBases().changes).toContain(
      "rule us_va_hours (Virginia, US) is changed: consent exception for the bases: express_written",
    );
  });
});

describe("the operator's rules file overrides the federal window like any rule", () => {
  const dir = mkdtempSync(join(tmpdir(), "law-us-fcc-"));
  const book = (rules: unknown[]): LawBook => {
    const path = join(dir, `rules-${rules.length}-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(path, JSON.stringify({ rules }));
    return lawBook("telemarketing", loadRulesFile(path), path);
  };

  it("switched off (both): 21:30 in Ohio goes, and the start's log says so", async () => {
    const b = book([
      { id: "us_fcc_hours", enabled: false },
      { id: "us_tsr_hours", enabled: false },
    ]);
    expect(await verdict(b, COLUMBUS_OH, at("2026-11-23T21:30", -5))).toBe("ok");
    expect(b.changes).toContain("rule us_fcc_hours (United States (federal)) is switched off");
  });

  it("narrowed: the refusal names the operator's file beside the FCC's rule", async () => {
    const nineToEight = ["09:00-20:00"];
    const b = book([
      {
        id: "us_fcc_hours",
        hours: {
          sun: nineToEight,
          mon: nineToEight,
          tue: nineToEight,
          wed: nineToEight,
          thu: nineToEight,
          fri: nineToEight,
          sat: nineToEight,
        },
      },
    ]);
    const v = await verdict(b, COLUMBUS_OH, at("2026-11-23T20:30", -5));
    expect(v).toMatch(/^us_fcc_hours: /);
    expect(v).toContain("as changed by the operator's OUTBOUND_CALLS_RULES_FILE");
    expect(v).toContain("outside 09:00-20:00");
  });
});
