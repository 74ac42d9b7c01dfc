/**
 * France's telemarketing rules (art. D. 223-9, "ces heures correspondant à celles du fuseau
 * horaire du consommateur") bind calls to consumers in the overseas departments too (Réunion, Guadeloupe,
 * Martinique, Guyane, Mayotte), but their numbers carry their own region codes (+262 -> RE, +590 -> GP, ...),
 * so placeOf() named another country and no French rule applied: a Sunday telemarketing call to Réunion, or
 * a fifth call in 30 days, went out.
 */
import { describe, expect, it } from "vitest";
import { lawBook } from "../../../src/guards/law/book.js";
import { checkLawOfThePlace } from "../../../src/guards/law/check.js";
import { placeOf, rulesAt } from "../../../src/guards/law/places.js";
import { SafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { lawRefusal, row } from "./law-rows.js";

const REUNION = "+262262201234"; // Saint-Denis, La Réunion (Indian/Reunion, UTC+4)
const GUADELOUPE = "+590590201234"; // Pointe-à-Pitre (America/Guadeloupe, UTC-4)
const MARTINIQUE = "+596596601234";
const GUYANE = "+594594301234";
const telemarketing = lawBook("telemarketing");

describe("France's overseas departments are France for its telemarketing rules", () => {
  it.each([REUNION, GUADELOUPE, MARTINIQUE, GUYANE])("%s meets fr_hours, fr_frequency and its own holidays", (to) => {
    expect(
      rulesAt(telemarketing, placeOf(row(to)))
        .map((r) => r.id)
        .sort(),
    ).toEqual(["fr_frequency", "fr_hours", "fr_overseas_holidays"]);
  });

  it("refuses a Sunday telemarketing call to Réunion, naming rule, place and source", async () => {
    // Sunday 2026-11-22 11:00 in Réunion (UTC+4).
    const now = Date.parse("2026-11-22T07:00:00Z");
    const r = (await lawRefusal(telemarketing, REUNION, now))!;
    expect(r).toBeInstanceOf(SafetyRefusal);
    expect(r.rule).toBe("fr_hours");
    expect(r.message).toContain("France");
    expect(r.message).toContain("D. 223-9");
    expect(r.message).toContain("Indian/Reunion");
  });

  it("checks the hours in the callee's own zone (Guadeloupe, UTC-4), not Paris's", async () => {
    // Monday 2026-11-23 19:30 in Guadeloupe = Tuesday 00:30 in Paris: allowed there.
    expect(await checkLawOfThePlace(telemarketing, [row(GUADELOUPE)], Date.parse("2026-11-23T23:30:00Z"))).toEqual([]);
    // Monday 09:30 in Guadeloupe = 14:30 in Paris: refused there (before 10:00 local).
    await expect(
      checkLawOfThePlace(telemarketing, [row(GUADELOUPE)], Date.parse("2026-11-23T13:30:00Z")),
    ).rejects.toThrow(/America\/Guadeloupe/);
  });
});
