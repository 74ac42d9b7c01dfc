/**
 * `outbound-calls-mcp opt-outs list`, `opt-outs remove <number> --by <name>` and
 * `opt-outs review [confirm|clear <number> --by <name>]`: the operator's hand on
 * the opt-out list. Only here (and on the inbox's review page) can a number come
 * off it, and each change writes an audit line naming who. It reads the same
 * variables as the server: the same Redis (replicas see the change at once) or,
 * without Redis, the same audit log and journal (a running server sees the change
 * at its next start).
 */
import { loadConfig } from "../config/env.js";
import { ConfigurationError } from "../config/errors.js";
import { openGuardStore } from "../guards/store/open.js";
import { MemoryStore } from "../guards/store/memory.js";
import type { OptOutEntry } from "../guards/opt-outs/state/store.js";
import { AuditLog, AUDIT_VARIABLE } from "../guards/dial/audit/log.js";
import { readDoNotCallLine } from "../guards/do-not-call/list.js";
import { keptOptOuts, readOptOutHistory } from "../guards/opt-outs/history.js";
import { OptOutJournal, releaseLine } from "../guards/opt-outs/journal.js";
import { clearHeld, confirmHeld, heldNumbers } from "../guards/opt-outs/review.js";
import { Redactor } from "../text/redact.js";
import { oneLine } from "../text/clean.js";

export type OptOutCommand =
  | { kind: "opt-outs"; action: "list" }
  | { kind: "opt-outs"; action: "remove"; number: string; by: string }
  | { kind: "opt-outs"; action: "review" }
  | { kind: "opt-outs"; action: "confirm" | "clear"; number: string; by: string };

export const OPT_OUTS_HELP = `outbound-calls-mcp opt-outs: the numbers whose owners asked not to be called again.

Usage:
  outbound-calls-mcp opt-outs list                                 the listed numbers, newest first, with the call and what was matched
  outbound-calls-mcp opt-outs remove <number> --by <name>          take a number off the list (an operator's decision, written to ${AUDIT_VARIABLE})
  outbound-calls-mcp opt-outs review                               the numbers held for review (a weaker cue on a call: dials refused, opt_out_review)
  outbound-calls-mcp opt-outs review confirm <number> --by <name>  the held number becomes an opt-out
  outbound-calls-mcp opt-outs review clear <number> --by <name>    the held number may be dialed again

It reads the server's variables: OUTBOUND_CALLS_REDIS_URL (the list replicas share) or, without Redis, ${AUDIT_VARIABLE}
and OUTBOUND_CALLS_OPT_OUT_JOURNAL (the list a server without Redis rebuilds at start; it sees a change when it
restarts). remove, confirm and clear need ${AUDIT_VARIABLE}.
`;

const when = (e: OptOutEntry) => (e.at > 0 ? new Date(e.at).toISOString() : "time unknown");
const line = (e: OptOutEntry) =>
  `${e.number}  ${when(e)}  ${e.source}${e.callId ? ` call ${e.callId}` : ""}  ${oneLine(e.evidence, 200)}`;

export async function runOptOuts(
  command: OptOutCommand,
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  log: (line: string) => void,
): Promise<number> {
  const config = loadConfig(env);
  const path = config.safety.auditLog;
  const changes = command.action !== "list" && command.action !== "review";
  if (changes && !path)
    throw new ConfigurationError(
      `opt-outs ${command.action} needs ${AUDIT_VARIABLE}: every change is written there with who made it`,
    );
  const redactor = new Redactor([config.apiKey, config.optOutModel?.key]);
  const journal = config.safety.optOutJournal
    ? OptOutJournal.open(config.safety.optOutJournal, redactor, log)
    : undefined;
  const store = await openGuardStore(config, log);
  try {
    if (store instanceof MemoryStore) {
      for (const entry of keptOptOuts(path ? readOptOutHistory(path) : [], journal?.readBack() ?? []))
        await store.optOuts.add(entry);
    }
    if (command.action === "list") {
      const entries = (await store.optOuts.list(10_000)).filter((e) => e.tier === undefined);
      if (entries.length === 0) out("No number is on the opt-out list.");
      for (const e of entries) out(line(e));
      return 0;
    }
    if (command.action === "review") {
      const held = await heldNumbers(store, 10_000);
      if (held.length === 0) out("No number is held for review.");
      for (const e of held) out(line(e));
      if (held.length > 0) out("Decide each: opt-outs review confirm|clear <number> --by <name>.");
      return 0;
    }
    const read = readDoNotCallLine(command.number, config.safety.defaultCountry);
    if ("problem" in read) {
      out(`${command.number} ${read.problem}; nothing was changed.`);
      return 1;
    }
    const by = oneLine(command.by, 100);
    const audit = AuditLog.open(path!, redactor, log);
    try {
      const where =
        store.kind === "redis"
          ? "every replica sharing this Redis sees it from now"
          : "a server without Redis sees this when it restarts";
      if (command.action === "confirm" || command.action === "clear") {
        const deps = { store, audit, journal, now: () => Date.now() };
        const done = await (command.action === "confirm" ? confirmHeld : clearHeld)(
          deps,
          read.e164,
          `operator:${by}`,
          "opt-out-review",
        );
        if (done.kind === "not_held") {
          out(`${read.e164} is not held for review; nothing was changed.`);
          return 1;
        }
        if (done.kind === "unwritable") {
          out(`${AUDIT_VARIABLE} cannot be written (${done.code}); nothing was changed.`);
          return 1;
        }
        out(
          command.action === "confirm"
            ? `${read.e164} is now on the opt-out list (confirmed by ${by}, written to ${AUDIT_VARIABLE}); ${where}.`
            : `${read.e164} is no longer held: it may be dialed again (cleared by ${by}, written to ${AUDIT_VARIABLE}); ${where}.`,
        );
        return 0;
      }
      const [held] = await store.optOuts.get([read.e164]);
      if (!held) {
        out(`${read.e164} is not on the opt-out list; nothing was changed.`);
        return 1;
      }
      const removal = releaseLine(
        read.e164,
        "opt_out_removed",
        "opt-out-cli",
        `operator:${by}`,
        `removed by ${by}; listed ${held.at > 0 ? new Date(held.at).toISOString() : ""}${held.callId ? ` from call ${held.callId}` : ""}`,
        Date.now(),
      );
      // The line first: a removal nobody can trace is not made.
      const unwritten = audit.write(removal);
      if (unwritten !== undefined) {
        out(`${AUDIT_VARIABLE} cannot be written (${unwritten}); nothing was changed.`);
        return 1;
      }
      journal?.released({ ...removal, decision: "opt_out_removed" });
      await store.optOuts.remove(read.e164);
      out(
        `${read.e164} is off the opt-out list (by ${by}, written to ${AUDIT_VARIABLE}); ${where.replace("sees it", "dials it again")}.`,
      );
      return 0;
    } finally {
      audit.close();
    }
  } finally {
    journal?.close();
    await store.close();
  }
}
