/**
 * France's regional public holidays. Art. D. 223-9 names only the national ones, so telemarketing calls went out on
 * Good Friday and 26 December in Alsace-Moselle and on the overseas abolition days. Where a number may ring: every
 * +33 number in Alsace-Moselle (no prefix tells the department since 2023), an overseas number by its own code
 * (+590 shared by Guadeloupe, Saint-Barthélemy and Saint-Martin; +262 split between La Réunion and Mayotte by range).
 * The days are the holiday library's.
 */
import { describe, expect, it } from "vitest";
import { lawBook } from "../../../src/guards/law/book.js";
import { checkLawOfThePlace } from "../../../src/guards/law/check.js";
import { placeOf } from "../../../src/guards/law/places.js";
import { BatchSafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { at, lawVerdict, row } from "./law-rows.js";

const telemarketing = lawBook("telemarketing");
const verdict = (to: string, now: number) => lawVerdict(telemarketing, [to], now);

const STRASBOURG = "+33388123456";
const PARIS = "+33142685300";
const PARIS_MOBILE = "+33612345678";
const REUNION = "+262262201234";
const REUNION_MOBILE = "+262692001234";
const MAYOTTE = "+262269601234";
const MAYOTTE_MOBILE = "+262639012345";
const REUNION_OR_MAYOTTE = "+262800123456"; // a toll-free range of both
const GUADELOUPE = "+590590201234";
const SAINT_BARTHELEMY = "+590590271234";
const MARTINIQUE = "+596596601234";
const GUYANE = "+594594301234";
const MIQUELON = "+508411234";

describe("where a French number may ring", () => {
  it.each([
    [STRASBOURG, "57/67/68"],
    [PARIS, "57/67/68"],
    [PARIS_MOBILE, "57/67/68"],
    [REUNION, "RE"],
    [REUNION_MOBILE, "RE"],
    [MAYOTTE, "YT"],
    [MAYOTTE_MOBILE, "YT"],
    [REUNION_OR_MAYOTTE, "RE/YT"],
    [GUADELOUPE, "GP/BL/MF"],
    [SAINT_BARTHELEMY, "GP/BL/MF"],
    [MARTINIQUE, "MQ"],
    [GUYANE, "GF"],
    [MIQUELON, "PM"],
  ])("%s: France, %s", (to, region) => {
    expect(placeOf(row(to))).toEqual({ country: "FR", region });
  });
});

describe("Alsace-Moselle (Code du travail L. 3134-13): Good Friday and 26 December", () => {
  it("refuses Good Friday (2026-04-03) at 11:00 in Paris time, for a Strasbourg number and for any +33 number", async () => {
    for (const to of [STRASBOURG, PARIS, PARIS_MOBILE]) {
      const v = await verdict(to, at("2026-04-03T11:00", 2));
      expect(v, to).toMatch(/^fr_alsace_moselle_holidays: /);
      expect(v).toContain("Alsace-Moselle (Moselle, Bas-Rhin, Haut-Rhin), France");
      expect(v).toContain("art. L. 3134-13");
      expect(v).toContain("2026-04-03 is a public holiday in FR-57/67/68 (Vendredi saint) in Europe/Paris");
    }
    // The day before is an ordinary Thursday.
    expect(await verdict(STRASBOURG, at("2026-04-02T11:00", 2))).toBe("ok");
  });

  it("refuses 26 December (2025, a Friday), not the Monday after; Christmas stays fr_hours'", async () => {
    const v = await verdict(STRASBOURG, at("2025-12-26T11:00", 1));
    expect(v).toMatch(/^fr_alsace_moselle_holidays: /);
    expect(v).toContain("(Lendemain de Noël)");
    expect(await verdict(STRASBOURG, at("2025-12-29T11:00", 1))).toBe("ok");
    expect(await verdict(STRASBOURG, at("2025-12-25T11:00", 1))).toMatch(/^fr_hours: /);
  });

  it("does not reach an overseas number", async () => {
    expect(await verdict(REUNION, at("2026-04-03T11:00", 4))).toBe("ok");
  });
});

describe("the overseas abolition days (Code du travail L. 3422-2) and the library's other local days", () => {
  // [number, its day (a weekday), its zone's offset, a number of another territory free that day]
  it.each([
    [REUNION, "2027-12-20", 4, MARTINIQUE],
    [MAYOTTE, "2026-04-27", 3, REUNION],
    [MAYOTTE_MOBILE, "2026-04-27", 3, REUNION_MOBILE],
    [MARTINIQUE, "2026-05-22", -4, GUADELOUPE],
    [GUADELOUPE, "2026-05-27", -4, MARTINIQUE],
    [GUYANE, "2026-06-10", -3, REUNION],
    [SAINT_BARTHELEMY, "2026-10-09", -4, MARTINIQUE],
    [GUADELOUPE, "2026-10-09", -4, GUYANE], // +590 does not tell Guadeloupe from Saint-Barthélemy
    [GUADELOUPE, "2026-04-03", -4, GUYANE], // Good Friday: the library lists it in Guadeloupe and Martinique
    [REUNION_OR_MAYOTTE, "2026-04-27", 3, GUYANE],
  ])("%s is refused on %s at 11:00 local (UTC%i); %s is not", async (to, date, offset, other) => {
    const v = await verdict(to, at(`${date}T11:00`, offset));
    expect(v).toMatch(/^fr_overseas_holidays: /);
    expect(v).toContain("art. L. 3422-2");
    const otherOffset = { [MARTINIQUE]: -4, [GUADELOUPE]: -4, [GUYANE]: -3, [REUNION]: 4, [REUNION_MOBILE]: 4 }[other]!;
    // The same date at 11:00 in the other territory's zone.
    expect(await verdict(other, at(`${date}T11:00`, otherOffset)), other).toBe("ok");
  });

  it("the day after is an ordinary day", async () => {
    expect(await verdict(REUNION, at("2027-12-21T11:00", 4))).toBe("ok");
  });
});

describe("a batch of two territories on one's holiday", () => {
  it("names only the row whose place is on holiday", async () => {
    // Monday 2027-12-20 14:30 UTC: 18:30 in Réunion (its abolition day), 10:30 in Martinique.
    const now = Date.parse("2027-12-20T14:30:00Z");
    const error = await checkLawOfThePlace(telemarketing, [REUNION, MARTINIQUE].map(row), now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchSafetyRefusal);
    const problems = (error as BatchSafetyRefusal).problems;
    expect(problems.map((p) => p.index)).toEqual([0]);
    expect(problems[0]!.reason).toContain("fr_overseas_holidays");
    expect(problems[0]!.reason).toContain("2027-12-20 is a public holiday in FR-RE");
    // The next day both go.
    expect(await checkLawOfThePlace(telemarketing, [REUNION, MARTINIQUE].map(row), now + 86_400_000)).toEqual([]);
  });
});
