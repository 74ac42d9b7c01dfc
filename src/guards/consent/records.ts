/**
 * The consent check before a dial: each row's record from the operator's file
 * (src/guards/consent/file.ts); with OUTBOUND_CALLS_REQUIRE_CONSENT a row
 * without a live record is refused (`no_consent`). An opt-out revokes consent:
 * the opt-out check runs first and refuses such a number whatever its record.
 */
import type { CheckedRow } from "../../validation/call-row.js";
import type { RowProblem } from "../../validation/errors.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../dial/refusals.js";
import type { ConsentRecord } from "./file.js";

export const NO_CONSENT_RULE = "no_consent";

/** One row's consent, as a person and the audit log read it. */
export function consentText(record: ConsentRecord | undefined): string {
  if (!record) return "no record";
  return `${record.basis} (source ${record.source}, obtained ${record.obtained}${record.expires ? `, expires ${record.expires}` : ""})`;
}

/** Each row's live record (an expired one is none); refuses rows without one when required. */
export function checkConsent(
  records: ReadonlyMap<string, ConsentRecord>,
  rows: readonly CheckedRow[],
  now: number,
  required: boolean,
): Array<ConsentRecord | undefined> {
  const found = rows.map((row) => {
    const record = records.get(row.request.to);
    return record && (record.expiresAt === undefined || record.expiresAt > now) ? record : undefined;
  });
  if (!required) return found;
  const problems: RowProblem[] = [];
  rows.forEach((row, index) => {
    if (found[index]) return;
    const expired = records.get(row.request.to);
    problems.push({
      index,
      field: "to",
      reason: `${row.phone.international} has ${expired ? `a consent record that expired ${expired.expires}` : "no consent record"} (OUTBOUND_CALLS_CONSENT_FILE)`,
    });
  });
  if (problems.length === 0) return found;
  if (rows.length === 1) {
    throw new SafetyRefusal(
      NO_CONSENT_RULE,
      `Refused (${NO_CONSENT_RULE}): ${problems[0]!.reason}, and OUTBOUND_CALLS_REQUIRE_CONSENT is on. Nothing was dialed. Consent is recorded by the operator in that file, not by this assistant.`,
      "to",
    );
  }
  throw new BatchSafetyRefusal(
    NO_CONSENT_RULE,
    problems,
    rows.length,
    "have no live consent record (OUTBOUND_CALLS_REQUIRE_CONSENT)",
    "Remove these rows or ask the operator",
  );
}
