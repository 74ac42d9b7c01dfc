/**
 * The opt-outs a log remembers: every `opted_out`, `opt_out_held`,
 * `opt_out_removed` and `opt_out_cleared` line, in the order written, over the
 * whole file (an opt-out has no age). The audit log and each replica's opt-out
 * journal hold the same lines and are read by this one reader. A damaged line
 * that mentions an opt-out and shows a number lists that number: a torn line
 * never frees anyone.
 */
import type { OptOutEntry } from "./state/store.js";
import { readBackWith, type AuditLine, type LineReader } from "../dial/audit/readback.js";

export type OptOutEvent = { kind: "add"; entry: OptOutEntry } | { kind: "remove"; number: string };

const E164 = /\+[1-9][0-9]{5,14}/g;
const ADDS: ReadonlySet<string> = new Set(["opted_out", "opt_out_held"]);
const REMOVALS: ReadonlySet<string> = new Set(["opt_out_removed", "opt_out_cleared"]);

export function readOptOutHistory(path: string): OptOutEvent[] {
  return readBackWith(path, optOutReader());
}

/** readOptOutHistory's reader, one line at a time (src/guards/dial/audit/readback.ts reads the log once for every reader). */
export function optOutReader(): LineReader<OptOutEvent[]> {
  const events: OptOutEvent[] = [];
  const read = (line: AuditLine) => {
    if (!line.text.includes("opted_out") && !line.text.includes("opt_out_")) return;
    const entry = line.object();
    const numbers = Array.isArray(entry?.numbers)
      ? entry.numbers.filter((n): n is string => typeof n === "string")
      : undefined;
    if (!entry || !numbers || typeof entry.decision !== "string") {
      // Damaged: list every number it shows (never free one).
      for (const number of line.text.match(E164) ?? [])
        events.push({
          kind: "add",
          entry: { number, at: 0, source: "operator", evidence: "a damaged audit log line about an opt-out" },
        });
      return;
    }
    if (REMOVALS.has(entry.decision)) {
      for (const number of numbers) events.push({ kind: "remove", number });
    } else if (ADDS.has(entry.decision)) {
      const at = typeof entry.time === "string" ? Date.parse(entry.time) : Number.NaN;
      const callId =
        Array.isArray(entry.call_ids) && typeof entry.call_ids[0] === "string" ? entry.call_ids[0] : undefined;
      // Only the exact names the writers use (keeper.ts's SOURCE_TOOL) give the model or the operator. "operator" is
      // the one source every caller is shown whole (guard.ts), so a damaged name that merely looks like the CLI's
      // must not earn it. A review's confirmation (opt-out-review, opt-out-inbox) keeps the call's source, as the
      // store does.
      const source = entry.tool === "add_do_not_call" ? "model" : entry.tool === "opt-out-cli" ? "operator" : "call";
      for (const number of numbers) {
        events.push({
          kind: "add",
          entry: {
            number,
            at: Number.isNaN(at) ? 0 : at,
            source,
            evidence: typeof entry.reason === "string" ? entry.reason : "",
            ...(callId ? { callId } : {}),
            ...(entry.decision === "opt_out_held" ? { tier: "possible" as const } : {}),
          },
        });
      }
    }
  };
  // The whole file (an opt-out has no age).
  return { rebuilds: "the opt-outs", read, result: () => events };
}

/**
 * The list the events leave, replayed in order as the store keeps it: the first entry stays, an asked one replaces a
 * possible one, a removal takes the number off.
 */
export function optOutsAfter(events: readonly OptOutEvent[]): Map<string, OptOutEntry> {
  const net = new Map<string, OptOutEntry>();
  for (const e of events) {
    if (e.kind === "remove") net.delete(e.number);
    else {
      const held = net.get(e.entry.number);
      if (!held || (held.tier === "possible" && e.entry.tier === undefined)) net.set(e.entry.number, e.entry);
    }
  }
  return net;
}

/** What two logs keep (the audit log's and a journal's): a number listed in either stays listed, asked over possible. */
export function keptOptOuts(...logs: ReadonlyArray<readonly OptOutEvent[]>): OptOutEntry[] {
  const all = new Map<string, OptOutEntry>();
  for (const log of logs)
    for (const [number, entry] of optOutsAfter(log)) {
      const held = all.get(number);
      if (!held || (held.tier === "possible" && entry.tier === undefined)) all.set(number, entry);
    }
  return [...all.values()];
}
