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

function why(entry: OptOutEntry, shown: boolean): string {
  const when = entry.at > 0 ? ` (${new Date(entry.at).toISOString()})` : "";
  // With OAuth, another person's call (its id, the words matched in its transcript) is theirs: the refusal says only
  // that the person asked, and when.
  if (!shown) {
    const from =
      entry.source === "call"
        ? "on a call placed by someone else on this server"
        : "as reported in someone else's conversation (add_do_not_call)";
    return `asked not to be called again ${from}${when}; what was said is shown only to them and to the operator (opt-outs list)`;
  }
  const from = entry.callId
    ? `on call ${entry.callId}`
    : entry.source === "model"
      ? "as reported in a conversation (add_do_not_call)"
      : "by an operator";
  return `asked not to be called again ${from}${when}: ${entry.evidence.slice(0, 200)}`;
}

/**
 * Refuses, naming every listed row, when any row's number is on the opt-out list. `shown` says which entries the
 * caller may read whole (by default all: without OAuth there is one person).
 */
export function refuseOptedOut(
  rows: readonly CheckedRow[],
  entries: ReadonlyArray<OptOutEntry | undefined>,
  shown: (index: number) => boolean = () => true,
): void {
  const problems: RowProblem[] = [];
  rows.forEach((row, index) => {
    const entry = entries[index];
    if (entry) problems.push({ index, field: "to", reason: `${row.phone.international} ${why(entry, shown(index))}` });
  });
  if (problems.length === 0) return;
  if (rows.length === 1) {
    throw new SafetyRefusal(
      OPTED_OUT_RULE,
      `Refused (${OPTED_OUT_RULE}): ${problems[0]!.reason}. Nothing was dialed. Do not try to reach this number another way; only the operator can take it off the opt-out list.`,
      "to",
    );
  }
  throw new BatchSafetyRefusal(
    OPTED_OUT_RULE,
    problems,
    rows.length,
    "belong to people who asked not to be called again (opted_out)",
    "Remove these rows and submit the batch again",
  );
}
