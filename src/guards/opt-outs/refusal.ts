/**
 * The check before a dial: a number on the opt-out list is refused with the
 * rule `opted_out`, naming the call where the person said it; a number held for
 * an operator's review (a weaker cue) with `opt_out_review`, naming the call and
 * how the operator clears it. A store that cannot answer throws
 * (StoreUnavailableError): the dial is refused.
 */
import type { OptOutEntry } from "./state/store.js";
import type { CheckedRow } from "../../validation/call-row.js";
import type { RowProblem } from "../../validation/errors.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../dial/refusals.js";

export const OPTED_OUT_RULE = "opted_out";
export const REVIEW_RULE = "opt_out_review";
/** How an operator decides a held number. */
const HOW_TO_REVIEW =
  "an operator confirms or clears it with `outbound-calls-mcp opt-outs review` or on the review page of the approvers' inbox (/approvals/opt-outs)";

function why(entry: OptOutEntry, shown: boolean): string {
  if (entry.tier === "possible") return held(entry, shown);
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

/** Why a held number is refused: the call it came from (when the caller may see it), and how it is cleared. */
function held(entry: OptOutEntry, shown: boolean): string {
  const when = entry.at > 0 ? ` (${new Date(entry.at).toISOString()})` : "";
  const from = !shown
    ? "on a call placed by someone else on this server"
    : entry.callId
      ? `on call ${entry.callId}: ${entry.evidence.slice(0, 200)}`
      : `: ${entry.evidence.slice(0, 200)}`;
  return `is held for an operator's review: it may have asked not to be called again ${from}${when}; ${HOW_TO_REVIEW}`;
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
  // An opt-out outweighs a hold: the rule of the refusal is the strongest among the rows.
  const rule = entries.some((e) => e !== undefined && e.tier === undefined) ? OPTED_OUT_RULE : REVIEW_RULE;
  if (rows.length === 1) {
    throw new SafetyRefusal(
      rule,
      rule === OPTED_OUT_RULE
        ? `Refused (${rule}): ${problems[0]!.reason}. Nothing was dialed. Do not try to reach this number another way; only the operator can take it off the opt-out list.`
        : `Refused (${rule}): ${problems[0]!.reason}. Nothing was dialed. Do not try to reach this number another way until an operator has cleared it.`,
      "to",
    );
  }
  throw new BatchSafetyRefusal(
    rule,
    problems,
    rows.length,
    rule === OPTED_OUT_RULE
      ? "belong to people who asked not to be called again (opted_out) or are held for an operator's review"
      : "are held for an operator's review of a possible request not to be called again (opt_out_review)",
    "Remove these rows and submit the batch again",
  );
}
