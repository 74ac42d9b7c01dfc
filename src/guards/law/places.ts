/**
 * Where a number is, for the law of the place called: its country, and the
 * region within it when the number tells (a US state or Canadian province from
 * the area code; for France, the regions with public holidays of their own the
 * number may ring in), and which rules of the law book apply there. A region
 * written "NS/PE" means any of them: the rules of each apply, the safe direction.
 */
import type { CheckedRow } from "../../validation/call-row.js";
import { phoneLib } from "../../phone/lib.js";
import { nanpAreaCodes } from "../zones/nanp-area-codes.js";
import type { LawBook } from "./book.js";
import type { LawRule } from "./rules.js";

/** Where a number is: its country, and its region when the number tells it. */
export interface Place {
  country: string;
  region?: string;
}

/**
 * The regions of France with public holidays of their own that a French number may ring in (the rules
 * fr_alsace_moselle_holidays and fr_overseas_holidays, docs/compliance.md). Every number of a French territory is
 * France for its telemarketing rules (Code de la consommation, art. D. 223-9, "le fuseau horaire du consommateur"),
 * in its own zone:
 * - +33 is metropolitan France, and none of its numbers tells the department: geographic numbers (01-05) may be
 *   kept anywhere in metropolitan France since 2023 (ARCEP, décision n° 2019-0954), and mobile and 09 numbers were
 *   never tied to a place. So any may ring in Moselle (57), Bas-Rhin (67) or Haut-Rhin (68).
 * - +590 is shared by Guadeloupe, Saint-Barthélemy and Saint-Martin, whose mobile ranges are one and whose fixed
 *   ranges overlap (libphonenumber's metadata): any of the three.
 * - +262 is shared by La Réunion and Mayotte, whose fixed and mobile ranges are apart, so libphonenumber's type
 *   names one; any other range may be either.
 * - +596 Martinique, +594 Guyane and +508 Saint-Pierre-et-Miquelon are their own.
 */
const FRENCH_REGIONS: Record<string, string> = {
  FR: "57/67/68",
  GP: "GP/BL/MF",
  BL: "GP/BL/MF",
  MF: "GP/BL/MF",
  MQ: "MQ",
  GF: "GF",
  PM: "PM",
};

/** Whether a number of this country is France's for its consumer code (metropolitan France or a territory above). */
export const isFrance = (country: string): boolean =>
  country === "RE" || country === "YT" || Object.hasOwn(FRENCH_REGIONS, country);

function frenchRegion(row: CheckedRow): string | undefined {
  const { country, type } = row.phone;
  if (country === "RE" || country === "YT") return type === "FIXED_LINE" || type === "MOBILE" ? country : "RE/YT";
  return FRENCH_REGIONS[country];
}

export function placeOf(row: CheckedRow): Place {
  const country = row.phone.country;
  const french = frenchRegion(row);
  if (french) return { country: "FR", region: french };
  if (country !== "US" && country !== "CA") return { country };
  const national = phoneLib().parsePhoneNumberWithError(row.request.to, { extract: false }).nationalNumber;
  const entry = nanpAreaCodes().get(national.slice(0, 3));
  return entry && entry.country === country ? { country, region: entry.region } : { country };
}

/**
 * US territories with their own country code in the numbering plan (+1 787 Puerto Rico, +1 340 US Virgin Islands,
 * +1 671 Guam, +1 684 American Samoa, +1 670 Northern Mariana Islands). Federal rules are commonly read to reach
 * them; that reading was not verified on a primary source here, so a country-wide US rule (the federal window)
 * applies there, in their own zone, as the safe direction; no state rule does. Before, such a number met no rule.
 */
const US_TERRITORIES = new Set(["PR", "VI", "GU", "AS", "MP"]);

/** The regions a rule is about: "FR-57/67/68" -> 57, 67, 68. */
const regionsOfRule = (rule: { place: string }, country: string) => rule.place.slice(country.length + 1).split("/");

/**
 * The rules of the book that apply at a place (every regional rule of the country when the region is unknown): the
 * law book's, or any other table of rules by place (the consent rules, consent-rules.ts).
 */
export function rulesAt<R extends { place: string }>(book: { rules: readonly R[] }, place: Place): R[] {
  return book.rules.filter((r) => {
    if (r.place === place.country) return true;
    if (r.place === "US" && US_TERRITORIES.has(place.country)) return true;
    if (!r.place.startsWith(`${place.country}-`)) return false;
    // A region several share ("NS/PE", "NT/NU/YT", "57/67/68") meets the rules of each: the safe direction.
    const ruleRegions = regionsOfRule(r, place.country);
    return place.region === undefined || place.region.split("/").some((region) => ruleRegions.includes(region));
  });
}

/**
 * A rule as it applies to a number at `place`: a rule whose holidays are regional ("FR-GP/MQ/GF/RE/YT/BL/MF")
 * checks only the calendars of the regions the number may ring in (a Réunion number is not refused on Martinique's
 * day); every one of them when its region cannot be told.
 */
export function ruleAt(rule: LawRule, place: Place): LawRule {
  const calendar = rule.holidaysOf;
  const dash = calendar?.indexOf("-") ?? -1;
  if (!calendar || dash < 0 || place.region === undefined) return rule;
  const mine = place.region.split("/");
  const kept = calendar
    .slice(dash + 1)
    .split("/")
    .filter((region) => mine.includes(region));
  return kept.length === 0 ? rule : { ...rule, holidaysOf: `${calendar.slice(0, dash)}-${kept.join("/")}` };
}

/** The rules that apply to any of the rows, each once, in the book's order. */
export function rulesForRows(book: LawBook, rows: readonly CheckedRow[]): LawRule[] {
  const ids = new Set<string>();
  for (const row of rows) for (const r of rulesAt(book, placeOf(row))) ids.add(r.id);
  return book.rules.filter((r) => ids.has(r.id));
}
