/**
 * The audit log's three readers as they were before the one-pass read-back (git history: src/guards/dial/audit/log.ts,
 * src/guards/per-person/history.ts and src/guards/opt-outs/history.ts before "Read the audit log back once at
 * start"), each reading the whole file itself, kept as the oracle of test/unit/safety/audit-readback.test.ts: the
 * one pass must give exactly what these give, on any log. Not used by the server.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { ConfigurationError } from "../../src/config/errors.js";
import type { AuditEntry, AuditHistory, LoggedDial } from "../../src/guards/dial/audit/log.js";
import { ownedThings } from "../../src/guards/per-person/access.js";
import type { OptOutEvent } from "../../src/guards/opt-outs/history.js";
import type { OwnedDial } from "../../src/guards/per-person/history.js";
import { CALL_OWNERS_KEPT_MS } from "../../src/guards/per-person/state/store.js";

const AUDIT_VARIABLE = "OUTBOUND_CALLS_AUDIT_LOG";
const COUNTED: ReadonlySet<string> = new Set(["dialed", "outcome_unknown"]);
const READ_CHUNK_BYTES = 4 * 1024 * 1024;
const E164 = /\+[1-9][0-9]{5,14}/g;

function forEachLogLine(path: string, fn: (line: string, index: number) => void): void {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(READ_CHUNK_BYTES);
    const decoder = new StringDecoder("utf8");
    let rest = "";
    let index = 0;
    // Up to the size it has now (a device such as /dev/full reads as endless zeros; lines appended meanwhile are this run's).
    for (let left = fstatSync(fd).size; left > 0;) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, left), null);
      if (read === 0) break;
      left -= read;
      const lines = (rest + decoder.write(buffer.subarray(0, read))).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) fn(line, index++);
    }
    rest += decoder.end();
    if (rest !== "") fn(rest, index);
  } finally {
    closeSync(fd);
  }
}

/**
 * The dials logged at or after `since`. A damaged line (torn by a crash, or edited)
 * is read as conservatively as possible: every E.164 number in it counts as a dial at
 * the time it shows (or `now`, if none can be read), whatever its decision was; if it
 * shows no number, it is `unattributed` and the guards refuse every dial until a person
 * repairs the log. So a damaged log never lets more dials through than an intact one.
 */
export function readAuditHistory(path: string, since: number, now: number): AuditHistory {
  const history: AuditHistory = { dials: [], damagedLines: [], unattributed: [] };
  // POSTs announced by a `sending` line, by Idempotency-Key, until the line that ends their tool call is read.
  const sending = new Map<string, LoggedDial>();
  // The whole log, a chunk at a time: a per-number limit of the law looks back 31 days, however much was logged since.
  const each = (line: string, index: number) => {
    if (line.trim() === "") return;
    const entry = parseLine(line);
    if (entry === undefined) {
      history.damagedLines.push(index + 1);
      const numbers = line.match(E164) ?? [];
      if (numbers.length === 0) {
        history.unattributed.push(index + 1);
        return;
      }
      const shown = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/.exec(line);
      const at = shown ? Date.parse(shown[0]) : Number.NaN;
      history.dials.push({
        at: Number.isNaN(at) ? now : Math.max(at, since),
        numbers,
        requestKey: undefined,
        decision: "outcome_unknown",
        callIds: [],
      });
      return;
    }
    const key = typeof entry.idempotency_key === "string" ? entry.idempotency_key : undefined;
    const at = Date.parse(entry.time);
    const dial: LoggedDial = {
      at,
      numbers: entry.numbers,
      requestKey: typeof entry.request_key === "string" ? entry.request_key : undefined,
      decision: entry.decision === "dialed" ? "dialed" : "outcome_unknown",
      callIds: Array.isArray(entry.call_ids) ? entry.call_ids.filter((c): c is string => typeof c === "string") : [],
      ...(typeof entry.person === "string" && entry.person !== "" ? { person: entry.person } : {}),
    };
    if (entry.decision === "sending") {
      if (key !== undefined) sending.set(key, dial);
      return;
    }
    if (key !== undefined) sending.delete(key);
    if (!COUNTED.has(entry.decision) || at < since) return;
    history.dials.push(dial);
  };
  try {
    forEachLogLine(path, each);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return history;
    throw new ConfigurationError(
      `${AUDIT_VARIABLE}: the file cannot be read back (${(error as { code?: string }).code ?? "error"}); the dial caps could not be rebuilt`,
    );
  }
  // Sent, and never ended: the process stopped while the POST was at the service. It may have placed the call.
  for (const dial of sending.values()) if (dial.at >= since) history.dials.push(dial);
  return history;
}

/** A line that is a well-formed entry, or undefined. */
function parseLine(line: string): AuditEntry | undefined {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof entry !== "object" || entry === null) return undefined;
  const e = entry as Partial<AuditEntry>;
  if (typeof e.decision !== "string" || typeof e.time !== "string" || Number.isNaN(Date.parse(e.time)))
    return undefined;
  if (!Array.isArray(e.numbers) || !e.numbers.every((n) => typeof n === "string")) return undefined;
  return e as AuditEntry;
}

export function readOwnerHistory(path: string, now: number): OwnedDial[] {
  const dials: OwnedDial[] = [];
  const each = (line: string) => {
    if (!line.includes('"person"') || (!line.includes('"call_ids"') && !line.includes('"campaign_id"'))) return;
    let entry: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed !== "object" || parsed === null) return;
      entry = parsed as Record<string, unknown>;
    } catch {
      return;
    }
    if (typeof entry.person !== "string" || entry.person === "") return;
    if (entry.decision !== "dialed" && entry.decision !== "outcome_unknown") return;
    const at = typeof entry.time === "string" ? Date.parse(entry.time) : Number.NaN;
    if (Number.isNaN(at) || at <= now - CALL_OWNERS_KEPT_MS) return;
    const callIds = Array.isArray(entry.call_ids)
      ? entry.call_ids.filter((c): c is string => typeof c === "string" && c !== "")
      : [];
    const campaign = typeof entry.campaign_id === "string" && entry.campaign_id !== "" ? entry.campaign_id : undefined;
    const things = ownedThings(callIds, campaign);
    if (things.length > 0) dials.push({ owner: entry.person, at, things });
  };
  try {
    forEachLogLine(path, each);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return [];
    throw new ConfigurationError(
      `${AUDIT_VARIABLE}: the file cannot be read back (${(error as { code?: string }).code ?? "error"}); who placed which call could not be rebuilt`,
    );
  }
  return dials;
}

export function readOptOutHistory(path: string): OptOutEvent[] {
  const events: OptOutEvent[] = [];
  const each = (line: string) => {
    // Any opt-out decision's prefix, as the one pass reads since the held tier (opt_out_held, opt_out_cleared).
    if (!line.includes("opted_out") && !line.includes("opt_out_")) return;
    let entry: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(line);
      entry = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      entry = undefined;
    }
    const numbers = Array.isArray(entry?.numbers)
      ? entry.numbers.filter((n): n is string => typeof n === "string")
      : undefined;
    if (!entry || !numbers || typeof entry.decision !== "string") {
      // Damaged: list every number it shows (never free one).
      for (const number of line.match(E164) ?? [])
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
  try {
    // The whole file (an opt-out has no age), a chunk at a time.
    forEachLogLine(path, each);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return [];
    throw new ConfigurationError(
      `${AUDIT_VARIABLE}: the file cannot be read back (${(error as { code?: string }).code ?? "error"}); the opt-outs could not be rebuilt`,
    );
  }
  return events;
}
