/** The time zones of a number: every region has some, every zone is known to Intl, and the tables agree with libphonenumber. */
import { describe, expect, it } from "vitest";
import { getCountries, parsePhoneNumberWithError } from "libphonenumber-js/max";
import { COUNTRY_ZONES } from "../../../src/guards/zones/country-zones.js";
import { nanpAreaCodes } from "../../../src/guards/zones/nanp-area-codes.js";
import { zonesOfNumber } from "../../../src/guards/zones/zones-of-number.js";
import { parseCallingWindow } from "../../../src/config/calling-window.js";
import { checkCallingHours } from "../../../src/guards/hours/window.js";

const zonesOf = (e164: string) => {
  const p = parsePhoneNumberWithError(e164, { extract: false });
  return zonesOfNumber(p.country ?? "", p.nationalNumber);
};

describe("coverage", () => {
  it("every region libphonenumber can parse a number into has at least one zone", () => {
    const missing = getCountries().filter((c) => !COUNTRY_ZONES[c]?.length);
    expect(missing).toEqual([]);
  });

  it("every zone of every table is known to this runtime's Intl", () => {
    const all = new Set([
      ...Object.values(COUNTRY_ZONES).flat(),
      ...[...nanpAreaCodes().values()].flatMap((e) => e.zones),
    ]);
    const unknown = [...all].filter((zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return false;
      } catch {
        return true;
      }
    });
    expect(unknown).toEqual([]);
  });

  it("every NANP area code in the table belongs to the country libphonenumber says", () => {
    const disagree: string[] = [];
    for (const [npa, entry] of nanpAreaCodes()) {
      const p = parsePhoneNumberWithError(`+1${npa}2345678`, { extract: false });
      if (p.country && p.country !== entry.country)
        disagree.push(`${npa}: table ${entry.country}, libphonenumber ${p.country}`);
    }
    expect(disagree).toEqual([]);
  });

  it("US and Canadian zones in the table are zones of that country (tz zone.tab)", () => {
    const stray: string[] = [];
    for (const [npa, entry] of nanpAreaCodes()) {
      for (const zone of entry.zones) {
        const ok = COUNTRY_ZONES[entry.country]?.includes(zone) || zone === "America/Blanc-Sablon";
        if (!ok) stray.push(`${npa} ${zone}`);
      }
    }
    expect(stray).toEqual([]);
  });
});

describe("examples", () => {
  it.each([
    ["+14155552671", ["America/Los_Angeles"], "prefix"],
    ["+12125552671", ["America/New_York"], "prefix"],
    ["+18085552671", ["Pacific/Honolulu"], "prefix"],
    ["+16025552671", ["America/Phoenix"], "prefix"],
    ["+18505552671", ["America/New_York", "America/Chicago"], "prefix"],
    ["+16045552671", ["America/Vancouver"], "prefix"],
    ["+14165552671", ["America/Toronto"], "prefix"],
    ["+442079460000", ["Europe/London"], "country"],
    ["+61293744000", ["Australia/Sydney", "Australia/Lord_Howe"], "prefix"],
    ["+61392345678", ["Australia/Melbourne", "Australia/Hobart"], "prefix"],
    ["+61732345678", ["Australia/Brisbane", "Australia/Lindeman"], "prefix"],
    ["+61892251234", ["Australia/Perth"], "prefix"],
    ["+61890391234", ["Australia/Eucla"], "prefix"],
    ["+61881234567", ["Australia/Adelaide", "Australia/Darwin", "Australia/Broken_Hill"], "prefix"],
    ["+18765550123", ["America/Jamaica"], "country"],
    ["+33142685300", ["Europe/Paris"], "country"],
  ])("%s -> %j", (e164, zones, basis) => {
    expect(zonesOf(e164)).toEqual({ zones, basis });
  });

  it("an Australian mobile may ring in every Australian zone", () => {
    expect(zonesOf("+61412345678")).toEqual({ zones: COUNTRY_ZONES.AU, basis: "country" });
    expect(COUNTRY_ZONES.AU).toEqual(
      expect.arrayContaining(["Australia/Perth", "Australia/Sydney", "Australia/Lord_Howe", "Australia/Eucla"]),
    );
  });

  it("New South Wales towns on Queensland's 07 numbers (Tweed Heads on the Gold Coast's 07 5, Boggabilla on 07 467x) keep New South Wales' daylight time", () => {
    // 2026-01-15 10:30 UTC: 20:30 in Brisbane (no daylight saving), 21:30 in Tweed Heads (NSW summer time).
    const at = Date.parse("2026-01-15T10:30:00Z");
    const window = parseCallingWindow("08:00-21:00")!;
    for (const number of ["+61755067000", "+61755369000", "+61746762102"]) {
      const zones = zonesOf(number)!.zones;
      expect(zones, number).toContain("Australia/Sydney");
      expect(checkCallingHours(window, zones, at).ok, number).toBe(false);
    }
    // Brisbane itself (07 3) is still judged by Queensland's clock alone.
    expect(checkCallingHours(window, zonesOf("+61732345678")!.zones, at).ok).toBe(true);
  });

  it("a US number whose area code is not in the table (toll-free) gets every US zone", () => {
    expect(zonesOf("+18002752273")).toEqual({ zones: COUNTRY_ZONES.US, basis: "country" });
  });
});
