/**
 * The opt-outs the audit log remembers: every `opted_out` and `opt_out_removed`
 * line, in the order written, over the whole file (an opt-out has no age). A
 * damaged line that mentions an opt-out and shows a number lists that number:
 * a torn line never frees anyone.
 */
import type { OptOutEntry } from "../../state/store.js";
import { readBackWith, type AuditLine, type LineReader } from "../audit-readback.js";

export type OptOutEvent = { kind: "add"; entry: OptOutEntry } | { kind: "remove"; number: string };

const E164 = /\+[1-9][0-9]{5,14}/g;

export function readOptOutHistory(path: string): OptOutEvent[] {
  return readBackWith(path, optOutReader());
}

/** readOptOutHistory's reader, one line at a time (src/safety/audit-readback.ts reads the log once for every reader). */
export function optOutReader(): LineReader<OptOutEvent[]> {
  const events: OptOutEvent[] = [];
  const read = (line: AuditLine) => {
    if (!line.text.includes("opted_out") && !line.text.includes("opt_out_removed")) return;
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
    if (entry.decision === "opt_out_removed") {
      for (const number of numbers) events.push({ kind: "remove", number });
    } else if (entry.decision === "opted_out") {
      const at = typeof entry.time === "string" ? Date.parse(entry.time) : Number.NaN;
      const callId =
        Array.isArray(entry.call_ids) && typeof entry.call_ids[0] === "string" ? entry.call_ids[0] : undefined;
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
          },
        });
      }
    }
  };
  // The whole file (an opt-out has no age).
  return { rebuilds: "the opt-outs", read, result: () => events };
}
