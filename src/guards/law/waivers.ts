/**
 * A rule's consent exception, applied: the consent record that lifts a rule of hours, days or dates for one number,
 * and the lines a dry run and the audit line give for each rule so lifted. Only a rule whose own text has an
 * exception (law-rules.ts consentException) can be lifted, and only by a basis the operator listed for it.
 */
import type { CheckedRow } from "../../validation/call-row.js";
import { liveBetween, type ConsentRecord } from "../consent/file.js";
import { isTimeRule } from "./hours.js";
import type { LawRule } from "./rules.js";

/**
 * The consent record that exempts `row` from `rule`, if any: the rule's own text has a consent exception, the
 * operator listed this record's basis for it (consent_bases), the record was obtained before now, and it stays
 * live until `until`, the last instant the dial may ring (the ring margin, or a batch's span).
 */
export function consentWaiver(
  rule: LawRule,
  row: CheckedRow,
  now: number,
  consent: ReadonlyMap<string, ConsentRecord> | undefined,
  until = now,
): ConsentRecord | undefined {
  if (!rule.consentException || !rule.consentBases || rule.consentBases.length === 0) return undefined;
  const record = consent?.get(row.request.to);
  if (!record || !rule.consentBases.includes(record.basis)) return undefined;
  return liveBetween(record, now, until) ? record : undefined;
}

/** Which rows a rule's consent exception let through, one line a rule, for a dry run's checks and the audit line. */
export function waivers(
  rows: readonly CheckedRow[],
  rulesOf: (row: CheckedRow) => readonly LawRule[],
  now: number,
  consent: ReadonlyMap<string, ConsentRecord> | undefined,
  until: number | undefined,
): string[] {
  const byRule = new Map<string, string[]>();
  for (const row of rows) {
    // Only hours, days, holidays and dates are lifted: a per-number limit is counted by the caps whatever the consent.
    for (const rule of rulesOf(row).filter(isTimeRule)) {
      const record = consentWaiver(rule, row, now, consent, until);
      if (record)
        byRule.set(rule.id, [
          ...(byRule.get(rule.id) ?? []),
          `${row.phone.international} (${record.basis}, obtained ${record.obtained})`,
        ]);
    }
  }
  return [...byRule].map(
    ([id, numbers]) => `rule ${id} does not apply, by its consent exception, to ${numbers.join(", ")}`,
  );
}
