/**
 * The opt-outs the audit log remembers: every `opted_out` and `opt_out_removed`
 * line, in the order written, over the whole file (an opt-out has no age). A
 * damaged line that mentions an opt-out and shows a number lists that number:
 * a torn line never frees anyone.
 */
import { ConfigurationError } from "../../config/errors.js";
import type { OptOutEntry } from "../../state/store.js";
import { AUDIT_VARIABLE, forEachLogLine } from "../audit-log.js";

export type OptOutEvent = { kind: "add"; entry: OptOutEntry } | { kind: "remove"; number: string };

const E164 = /\+[1-9][0-9]{5,14}/g;

export function readOptOutHistory(path: string): OptOutEvent[] {
  const events: OptOutEvent[] = [];
  const each = (line: string) => {
    if (!line.includes("opted_out") && !line.includes("opt_out_removed")) return;
    let entry: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(line);
      entry = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      entry = undefined;
    }
    const numbers = Array.isArray(entry?.numbers) ? entry.numbers.filter((n): n is string => typeof n === "string") : undefined;
    if (!entry || !numbers || typeof entry.decision !== "string") {
      // Damaged: list every number it shows (never free one).
      for (const number of line.match(E164) ?? []) events.push({ kind: "add", entry: { number, at: 0, source: "operator", evidence: "a damaged audit log line about an opt-out" } });
      return;
    }
    if (entry.decision === "opt_out_removed") {
      for (const number of numbers) events.push({ kind: "remove", number });
    } else if (entry.decision === "opted_out") {
      const at = typeof entry.time === "string" ? Date.parse(entry.time) : Number.NaN;
      const callId = Array.isArray(entry.call_ids) && typeof entry.call_ids[0] === "string" ? entry.call_ids[0] : undefined;
      const source = entry.tool === "add_do_not_call" ? "model" : entry.tool === "opt-out-cli" ? "operator" : "call";
      for (const number of numbers) {
        events.push({
          kind: "add",
          entry: { number, at: Number.isNaN(at) ? 0 : at, source, evidence: typeof entry.reason === "string" ? entry.reason : "", ...(callId ? { callId } : {}) },
        });
      }
    }
  };
  try {
    // The whole file (an opt-out has no age), a chunk at a time.
    forEachLogLine(path, each);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return [];
    throw new ConfigurationError(`${AUDIT_VARIABLE}: the file cannot be read back (${(error as { code?: string }).code ?? "error"}); the opt-outs could not be rebuilt`);
  }
  return events;
}
