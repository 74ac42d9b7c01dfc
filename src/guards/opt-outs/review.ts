/**
 * The operator's review of the held numbers (a weaker cue of an opt-out, the
 * "possible" tier): confirm (the number becomes an opt-out) or clear (it may be
 * dialed again). The same steps for `outbound-calls-mcp opt-outs review` and the
 * review page of the approvers' inbox: the audit line first (a change nobody can
 * trace is not made), then the journal, then the store.
 */
import { oneLine } from "../../text/clean.js";
import type { GuardStore } from "../store/store.js";
import type { OptOutEntry } from "./state/store.js";
import type { AuditLog } from "../dial/audit/log.js";
import { entryLine, releaseLine, type OptOutJournal } from "./journal.js";

export interface ReviewDeps {
  store: GuardStore;
  audit: AuditLog | undefined;
  journal: OptOutJournal | undefined;
  now(): number;
}

export type ReviewOutcome =
  | { kind: "done"; entry: OptOutEntry }
  /** The number is not held (never was, or another operator decided first). */
  | { kind: "not_held" }
  /** The audit log cannot be written (its error code): nothing was changed. */
  | { kind: "unwritable"; code: string };

/** The held numbers, newest first. */
export async function heldNumbers(store: GuardStore, limit = 1_000): Promise<OptOutEntry[]> {
  return (await store.optOuts.list(100_000)).filter((e) => e.tier === "possible").slice(0, limit);
}

const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : "time unknown");

/** The held number becomes an opt-out. `tool` names where it was decided (the CLI, the inbox). */
export async function confirmHeld(d: ReviewDeps, number: string, by: string, tool: string): Promise<ReviewOutcome> {
  const [held] = await d.store.optOuts.get([number]);
  if (!held || held.tier !== "possible") return { kind: "not_held" };
  const asked: OptOutEntry = {
    ...held,
    evidence: oneLine(`${held.evidence} (confirmed by ${by} at ${iso(d.now())})`, 400),
  };
  delete asked.tier;
  const unwritten = d.audit?.write(entryLine(asked, tool, by));
  if (unwritten !== undefined) return { kind: "unwritable", code: unwritten };
  d.journal?.added(asked, tool, by);
  const entry = await d.store.optOuts.confirm(number);
  return entry ? { kind: "done", entry } : { kind: "not_held" };
}

/** The held number is taken off the list: dials to it go again (its call's possible reading no longer holds it). */
export async function clearHeld(d: ReviewDeps, number: string, by: string, tool: string): Promise<ReviewOutcome> {
  const [held] = await d.store.optOuts.get([number]);
  if (!held || held.tier !== "possible") return { kind: "not_held" };
  const line = releaseLine(
    number,
    "opt_out_cleared",
    tool,
    by,
    oneLine(
      `cleared by ${by}; held ${iso(held.at)}${held.callId ? ` from call ${held.callId}` : ""}: ${held.evidence}`,
      400,
    ),
    d.now(),
  );
  const unwritten = d.audit?.write(line);
  if (unwritten !== undefined) return { kind: "unwritable", code: unwritten };
  d.journal?.released({ ...line, decision: "opt_out_cleared" });
  return (await d.store.optOuts.remove(number, "possible")) ? { kind: "done", entry: held } : { kind: "not_held" };
}
