/**
 * The law of the place called as a person reads it before saying yes, and as the audit line keeps it: per number,
 * the rules that apply (hours, limits, consent, holds) with the tier of their source, and how the prior consent the
 * law requires for an AI voice is met (a record, or the approving person's attestation).
 */
import type { Attested } from "../../approval/attestation.js";
import type { CheckedRow } from "../../validation/call-row.js";
import type { ConsentBook } from "../consent-law/book.js";
import { consentRulesOf, type ConsentNeeds, type RowConsent } from "../consent-law/needs.js";
import type { LawBook } from "./book.js";
import { placeKey, placeOf, rulesAt } from "./places.js";
import { TIER_TEXT } from "./provenance.js";
import { heldPlace } from "../consent-law/hold.js";
import type { RuleSource } from "./rules.js";

const recordText = (need: RowConsent) => {
  const r = need.record!;
  return `${r.basis} (consent file line ${r.line ?? "?"}, source ${r.source}, obtained ${r.obtained}${r.expires ? `, expires ${r.expires}` : ""})`;
};

/** Each row's lines (undefined: no rule of the law of the place applies to it). */
export function lawLines(
  law: LawBook,
  book: ConsentBook,
  needs: ConsentNeeds | undefined,
  rows: readonly CheckedRow[],
  now: number,
): Array<string[] | undefined> {
  const needOf = new Map(needs?.rows.map((need) => [need.index, need]));
  // The rules of a place read the same for each of its rows: written once per place.
  const byPlace = new Map<string, string | undefined>();
  return rows.map((row, index) => {
    const place = placeOf(row);
    const key = placeKey(place);
    let first = byPlace.get(key);
    if (!byPlace.has(key)) {
      const rules: Array<{ id: string; source: RuleSource }> = [
        ...rulesAt(law, place),
        ...consentRulesOf(book, row, now),
        ...(book.hold && heldPlace(book.hold, row) ? [book.hold] : []),
      ];
      first =
        rules.length === 0
          ? undefined
          : `Law of the place (${book.purpose}): ${rules.map((r) => `${r.id} (${TIER_TEXT[r.source.tier]})`).join(", ")}`;
      byPlace.set(key, first);
    }
    if (first === undefined) return undefined;
    const lines = [first];
    const need = needOf.get(index);
    if (need)
      lines.push(
        need.record
          ? `Prior consent to a call by an AI voice: on record, ${recordText(need)}`
          : `Prior consent to a call by an AI voice: not on record; the person who approves must attest it (${need.bases.join(" or ")})`,
      );
    return lines;
  });
}

/** The audit line's facts: each row the law requires consent for, its rules, and what met them. */
export function consentAuditLines(
  needs: ConsentNeeds,
  rows: readonly CheckedRow[],
  attested: Attested | undefined,
  approver: string | undefined,
): string[] {
  const groupOf = groupsByRow(needs.groups);
  return needs.rows.map((need) => {
    const ids = need.rules.map((r) => r.id).join(", ");
    const group = groupOf.get(need.index);
    const met = need.record
      ? `record ${recordText(need)}`
      : `attested ${group ? (attested?.[group.field] ?? "?") : "?"} by ${approver ?? "the person who approved"}`;
    return `${rows[need.index]!.request.to}: ${ids}: ${met}`;
  });
}

/** Each row's attestation group, by row index (a batch's thousands of rows, not a search per row). */
export function groupsByRow<G extends { rows: readonly number[] }>(groups: readonly G[]): Map<number, G> {
  return new Map(groups.flatMap((g) => g.rows.map((row) => [row, g] as const)));
}

/** A dry run's line. */
export function consentCheckLine(needs: ConsentNeeds): string {
  if (needs.rows.length === 0) return "consent where the law requires it: no rule of these places requires it";
  const onRecord = needs.rows.filter((n) => n.record).length;
  const toAttest = needs.rows.length - onRecord;
  return `consent where the law requires it: ${onRecord} row${onRecord === 1 ? "" : "s"} on record${toAttest > 0 ? `, ${toAttest} to be attested by the person who approves (OUTBOUND_CALLS_CONFIRM=token cannot: a person must approve)` : ""}`;
}
