/**
 * Each process's append-only journal of opt-outs (OUTBOUND_CALLS_OPT_OUT_JOURNAL):
 * the audit log's own lines for them (`opted_out`, `opt_out_held`,
 * `opt_out_removed`, `opt_out_cleared`), in a file of their own, created 0600,
 * each line fsync'd before the change is taken as kept. Read back by the same
 * reader as the audit log (opt-out-history.ts).
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { ConfigurationError } from "../../config/errors.js";
import type { OptOutEntry } from "./state/store.js";
import type { Redactor } from "../../text/redact.js";
import { AuditLog, type AuditEntry } from "../dial/audit/log.js";
import { optOutReader, type OptOutEvent } from "./history.js";
import { readBackWith } from "../dial/audit/readback.js";

export const JOURNAL_VARIABLE = "OUTBOUND_CALLS_OPT_OUT_JOURNAL";

/** The line that records an entry (the audit log's and the journal's): its time is the entry's. */
export function entryLine(entry: OptOutEntry, tool: string, by?: string): AuditEntry {
  return {
    time: new Date(entry.at).toISOString(),
    tool,
    decision: entry.tier === "possible" ? "opt_out_held" : "opted_out",
    numbers: [entry.number],
    agents: [],
    ...(entry.callId ? { call_ids: [entry.callId] } : {}),
    ...(by ? { approver: by } : {}),
    reason: entry.evidence,
    latency_ms: 0,
  };
}

/** The line that records a release: an operator's removal, or a review that cleared a held number. */
export function releaseLine(
  number: string,
  decision: "opt_out_removed" | "opt_out_cleared",
  tool: string,
  by: string,
  reason: string,
  at: number,
): AuditEntry {
  return {
    time: new Date(at).toISOString(),
    tool,
    decision,
    numbers: [number],
    agents: [],
    approver: by,
    reason,
    latency_ms: 0,
  };
}

const keyOf = (e: OptOutEntry) => `${e.number}|${e.tier ?? "asked"}|${e.callId ?? ""}`;

export class OptOutJournal {
  /** Entries written (or read back), so a copy from the store is written once. */
  private readonly written = new Set<string>();

  private constructor(
    private readonly file: AuditLog,
    readonly path: string,
  ) {}

  /** Opens (the folder made 0700 when missing, the file 0600); throws ConfigurationError naming the variable. */
  static open(path: string, redactor: Redactor, log: (line: string) => void): OptOutJournal {
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new ConfigurationError(
        `${JOURNAL_VARIABLE}: its folder cannot be made (${(error as { code?: string }).code ?? "error"}); set it to a writable path, or off`,
      );
    }
    return new OptOutJournal(
      AuditLog.open(path, redactor, (line) => log(`outbound-calls-mcp: ${line}`), {
        variable: JOURNAL_VARIABLE,
        sync: true,
      }),
      path,
    );
  }

  /** What the journal holds, in the order written (a file it cannot read throws ConfigurationError). */
  readBack(): OptOutEvent[] {
    const events = readBackWith(this.path, optOutReader(), JOURNAL_VARIABLE);
    for (const e of events) if (e.kind === "add") this.written.add(keyOf(e.entry));
    return events;
  }

  /** Writes the entry unless this journal holds it already; says why it could not (an error code), else undefined. */
  added(entry: OptOutEntry, tool: string, by?: string): string | undefined {
    if (this.written.has(keyOf(entry))) return undefined;
    const failed = this.file.write(entryLine(entry, tool, by));
    if (failed === undefined) this.written.add(keyOf(entry));
    return failed;
  }

  released(line: AuditEntry & { decision: "opt_out_removed" | "opt_out_cleared" }): string | undefined {
    for (const key of [...this.written])
      if (line.numbers.some((n) => key.startsWith(`${n}|`))) this.written.delete(key);
    return this.file.write(line);
  }

  close(): void {
    this.file.close();
  }
}
