/**
 * The audit log (OUTBOUND_CALLS_AUDIT_LOG): one JSON line per write attempt,
 * appended to a file created with owner-only permissions. Never the key: the
 * entries are built from normalized numbers, ids and statuses, and every line
 * goes through the redactor anyway. At start the file is read back so the dial
 * caps survive a restart.
 */
import { closeSync, fstatSync, openSync, readSync, statSync, writeSync } from "node:fs";
import { ConfigurationError } from "../config/errors.js";
import type { Redactor } from "../text/redact.js";

export const AUDIT_VARIABLE = "OUTBOUND_CALLS_AUDIT_LOG";

export type AuditDecision = "dry_run" | "dialed" | "refused" | "declined" | "pending" | "deduplicated" | "outcome_unknown" | "failed";

export interface AuditEntry {
  time: string;
  tool: string;
  decision: AuditDecision;
  /** The rule that refused, for `refused`. */
  rule?: string;
  /** Normalized E.164 numbers, in row order. */
  numbers: string[];
  agents: string[];
  /** How the dial was confirmed: client (dialog or link), page (approval page), unattended (never), token. */
  confirmation?: string;
  /** Who approved: "local browser", "approver:<name>" over --http, or the person in the client. */
  approver?: string;
  call_ids?: string[];
  batch_id?: string;
  campaign_id?: string;
  /** For `deduplicated`: when the first identical dial started. */
  duplicate_of?: string;
  upstream_status?: number;
  request_id?: string;
  idempotency_key?: string;
  latency_ms: number;
  /** The first line of what the model was told, for refusals and failures. */
  reason?: string;
}

/** Only these lines rebuild the caps: the dials that may have reached someone. */
const COUNTED: ReadonlySet<string> = new Set(["dialed", "outcome_unknown"]);
// A log larger than this is read from its tail only; 24 hours of dials fit easily.
const MAX_READ_BYTES = 32 * 1024 * 1024;

export class AuditLog {
  private constructor(
    private readonly fd: number,
    readonly path: string,
    private readonly redactor: Redactor,
    private readonly onError: (message: string) => void,
  ) {}

  /** Opens (creating with mode 0600) for appending; throws ConfigurationError naming the variable. */
  static open(path: string, redactor: Redactor, onError: (message: string) => void): AuditLog {
    let fd: number;
    try {
      fd = openSync(path, "a", 0o600);
    } catch (error) {
      const code = (error as { code?: string }).code ?? "unknown error";
      throw new ConfigurationError(`${AUDIT_VARIABLE}: the file cannot be opened for appending (${code}); the folder must exist and be writable`);
    }
    const mode = fstatSync(fd).mode & 0o777;
    if (process.platform !== "win32" && (mode & 0o077) !== 0) {
      onError(`${AUDIT_VARIABLE}: the existing file is readable by others (mode ${mode.toString(8)}); consider chmod 600`);
    }
    return new AuditLog(fd, path, redactor, onError);
  }

  write(entry: AuditEntry): void {
    try {
      writeSync(this.fd, `${this.redactor.redact(JSON.stringify(entry))}\n`);
    } catch (error) {
      // A full disk must not turn a placed call into an error answer the model might retry.
      this.onError(`${AUDIT_VARIABLE}: could not write a line (${(error as { code?: string }).code ?? "error"})`);
    }
  }

  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      // Already closed.
    }
  }

  /** Dials (placed or unknown) logged at or after `since`, per number, for the caps. */
  recentDials(since: number): Array<{ at: number; to: string }> {
    return readDials(this.path, since);
  }
}

export function readDials(path: string, since: number): Array<{ at: number; to: string }> {
  let text: string;
  try {
    const size = statSync(path).size;
    const start = Math.max(0, size - MAX_READ_BYTES);
    const fd = openSync(path, "r");
    try {
      const buffer = Buffer.alloc(size - start);
      readSync(fd, buffer, 0, buffer.length, start);
      text = buffer.toString("utf8");
    } finally {
      closeSync(fd);
    }
  } catch {
    return [];
  }
  const dials: Array<{ at: number; to: string }> = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    let entry: Partial<AuditEntry>;
    try {
      entry = JSON.parse(line) as Partial<AuditEntry>;
    } catch {
      continue; // A line torn by a crash.
    }
    if (!entry.decision || !COUNTED.has(entry.decision) || typeof entry.time !== "string" || !Array.isArray(entry.numbers)) continue;
    const at = Date.parse(entry.time);
    if (Number.isNaN(at) || at < since) continue;
    for (const to of entry.numbers) if (typeof to === "string") dials.push({ at, to });
  }
  return dials;
}
