/**
 * The rows of a dial grouped by what the law of the place asks of them: the same place and the same zones meet the
 * same rules at the same instant, so a batch's rules are evaluated once per group, not once per row, and a refusal
 * is written once per group and names every row of it. A number with a consent record is a group of its own: a
 * rule's consent exception may lift the rule for that number alone (waivers.ts).
 */
import type { CheckedRow } from "../../validation/call-row.js";
import type { LawRule } from "./rules.js";
import type { LawBook } from "./book.js";
import type { ConsentRecord } from "../consent/file.js";
import { zonesOfRow } from "../zones/row-zones.js";
import { isTimeRule } from "./hours.js";
import { placeKey, placeOf, ruleAt, rulesAt, type Place } from "./places.js";
import { consentWaiver } from "./waivers.js";

export interface RowGroup {
  place: Place;
  /** The zones its numbers may ring in; undefined: they cannot be told. */
  zones: readonly string[] | undefined;
  /** Indices of its rows in the dial, ascending. */
  rows: number[];
  /** Its first row, which stands for every row of it. */
  first: CheckedRow;
}

/** The rows grouped by place and zones (and by number, for a number with a consent record), in row order. */
export function groupRows(rows: readonly CheckedRow[], consent?: ReadonlyMap<string, ConsentRecord>): RowGroup[] {
  const groups = new Map<string, RowGroup>();
  rows.forEach((row, index) => {
    const place = placeOf(row);
    const zones = zonesOfRow(row);
    const own = consent?.has(row.request.to) ? `|${row.request.to}` : "";
    const key = `${placeKey(place)}|${zones?.join(" ") ?? "?"}${own}`;
    const group = groups.get(key);
    if (group) group.rows.push(index);
    else groups.set(key, { place, zones, rows: [index], first: row });
  });
  return [...groups.values()];
}

/** The hour, day and holiday rules of a group's place, less those its consent record exempts it from. */
export function hoursRulesOfGroup(
  book: LawBook,
  group: RowGroup,
  now: number,
  consent: ReadonlyMap<string, ConsentRecord> | undefined,
  consentUntil: number | undefined,
): LawRule[] {
  const { place, first } = group;
  return rulesAt(book, place)
    .filter((r) => isTimeRule(r) && !consentWaiver(r, first, now, consent, consentUntil))
    .map((r) => ruleAt(r, place));
}

/** The numbers of a group as a refusal names them: all of a few, the first three of more and how many more. */
export function numbersText(rows: readonly CheckedRow[], group: RowGroup): string {
  const n = group.rows.length;
  const shown = group.rows.slice(0, n > 4 ? 3 : n).map((i) => rows[i]!.phone.international);
  if (n > shown.length) return `${shown.join(", ")} and ${(n - shown.length).toLocaleString("en-US")} more numbers`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
}

/** "is" for one row, "are" for several. */
export const isAre = (group: RowGroup): string => (group.rows.length === 1 ? "is" : "are");
