/**
 * The check before a dial: a number on the opt-out list is refused with the
 * rule `opted_out`, naming the call where the person said it. A store that
 * cannot answer throws (StoreUnavailableError): the dial is refused.
 */
import type { OptOutEntry } from "../../state/store.js";
import type { CheckedRow } from "../../validation/call-row.js";
import type { RowProblem } from "../../validation/errors.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../refusals.js";

export const OPTED_OUT_RULE = "opted_out";

function why(entry: OptOutEntry): string {
  const from = entry.callId ? `on call ${entry.callId}` : entry.source === "model" ? "as reported in a conversation (add_do_not_call)" : "by an operator";
  const when = entry.at > 0 ? ` (${new Date(entry.at).toISOString()})` : "";
  return `asked not to be called again ${from}${when}: ${entry.evidence.slice(0, 200)}`;
}

/** Refuses, naming every listed row, when any row's number is on the opt-out list. */
export function refuseOptedOut(rows: readonly CheckedRow[], entries: ReadonlyArray<OptOutEntry | undefined>): void {
  const problems: RowProblem[] = [];
  rows.forEach((row, index) => {
    const entry = entries[index];
    if (entry) problems.push({ index, field: "to", reason: `${row.phone.international} ${why(entry)}` });
  });
  if (problems.length === 0) return;
  if (rows.length === 1) {
    throw new SafetyRefusal(
      OPTED_OUT_RULE,
      `Refused (${OPTED_OUT_RULE}): ${problems[0]!.reason}. Nothing was dialed. Do not try to reach this number another way; only the operator can take it off the opt-out list.`,
      "to",
    );
  }
  throw new BatchSafetyRefusal(OPTED_OUT_RULE, problems, rows.length, "belong to people who asked not to be called again (opted_out)", "Remove these rows and submit the batch again");
}
