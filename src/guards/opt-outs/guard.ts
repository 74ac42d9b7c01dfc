/**
 * Opt-outs (src/guards/opt-outs/): a call to one of these numbers still waiting to be read is read first (its person
 * may just have said stop), then a number on the opt-out list is refused, naming the call where the person said it,
 * and a number held for review likewise (opt_out_review); while the list may be incomplete (the store lost it and the
 * journals are being written back) every dial is refused (opt_out_list_incomplete). After a person's yes, when minutes
 * may have passed, the list is read again. Each placed call waits in the store to be read, by any replica, until it ends.
 */
import type { OptOutEntry } from "./state/store.js";
import { refuseOptedOut } from "./refusal.js";
import type { DialAttempt } from "../dial/attempt.js";
import { Begun } from "../dial/begun.js";
import type { Guard } from "../dial/guard.js";
import type { GuardOf, SafetyServices } from "../services.js";

export function optOutGuard(s: SafetyServices): Guard {
  const refuseListed = async (attempt: DialAttempt, entries: ReadonlyArray<OptOutEntry | undefined>) => {
    if (entries.every((e) => e === undefined)) return;
    refuseOptedOut(attempt.rows, entries, await shownEntries(attempt, entries));
  };
  const read = new Begun<Array<OptOutEntry | undefined>>();
  const checkBeforeDial = (attempt: DialAttempt) =>
    s.optOuts.checkBeforeDial([...attempt.numbers], attempt.scope.deadline);
  return {
    begin(attempt) {
      // The list (with the store's epoch) and the calls still to be read leave with the other guards' requests.
      read.start(attempt, checkBeforeDial(attempt));
    },
    async check(attempt) {
      await refuseListed(attempt, await (read.take(attempt) ?? checkBeforeDial(attempt)));
      if (attempt.dryRun) attempt.checks.push("opt-outs: none of these people asked not to be called");
    },
    async commit(attempt) {
      // Read again only when a person was asked: minutes may have passed. Otherwise the check's read, a moment ago
      // in this same dial, stands (and its script checked the store's epoch).
      if (attempt.approval?.sendWithinMs !== undefined)
        await refuseListed(attempt, await s.optOuts.listed([...attempt.numbers]));
    },
    settle(attempt, posted) {
      // Never rejects, and needs nothing of the claim: it goes to the store with the claim's settlement.
      if (posted.kind === "placed")
        attempt.finish(s.optOuts.watch(posted.callIds, posted.callTo ?? [], attempt.numbers));
    },
  };
}

/**
 * Which entries the caller may read whole: one learned on a call only when the caller may read that call, one a model
 * reported only for a caller who reads every call; an operator's always.
 */
async function shownEntries(
  attempt: DialAttempt,
  entries: ReadonlyArray<OptOutEntry | undefined>,
): Promise<(index: number) => boolean> {
  if (!attempt.access.restricted) return () => true;
  const calls = entries.flatMap((e) => (e?.source === "call" && e.callId ? [{ id: e.callId }] : []));
  const readable = new Set((await attempt.access.mine(calls)).map((c) => c.id));
  return (index) => {
    const entry = entries[index];
    if (!entry || entry.source === "operator") return true;
    return entry.source === "call" && entry.callId !== undefined && readable.has(entry.callId);
  };
}

export const optOuts: GuardOf = {
  name: "opt-outs",
  folder: "opt-outs",
  docs: {
    refuses:
      "a number whose person said stop on a call or through `add_do_not_call` (`opted_out`), one held for review (`opt_out_review`), every dial while the list may be incomplete (`opt_out_list_incomplete`)",
    default: "on: every placed call is read once it ended, and a number stays listed until the operator removes it",
    setWith: "`outbound-calls-mcp opt-outs`",
  },
  build: (s) => optOutGuard(s),
};
