/**
 * The audit log (OUTBOUND_CALLS_AUDIT_LOG): one JSON line per write attempt,
 * appended to a file created with owner-only permissions. Every value is
 * redacted before the line is serialized, so a line is valid JSON whatever the
 * service or the model sent. At start the file is read back so the caps and the
 * dedupe window survive a restart; a line that cannot be read never lets more
 * dials through than an intact one would (see readAuditHistory).
 */
import { closeSync, fstatSync, fsyncSync, openSync, statSync, writeSync } from "node:fs";
import { ConfigurationError } from "../../../config/errors.js";
import type { Redactor } from "../../../text/redact.js";
import { AUDIT_VARIABLE, readBackWith, type AuditLine, type LineReader } from "./readback.js";

export { AUDIT_VARIABLE };

/**
 * `sending` is written just before a POST, and the line that ends the tool call follows it (with the same
 * idempotency_key): a process killed while its POST was at the service leaves a `sending` line alone.
 */
export type AuditDecision =
  | "dry_run"
  | "sending"
  | "dialed"
  | "refused"
  | "declined"
  | "deduplicated"
  | "outcome_unknown"
  | "pending"
  | "failed"
  /** A number was put on the opt-out list (src/guards/opt-outs/desk.ts); `reason` is the evidence. */
  | "opted_out"
  /** An operator took a number off the opt-out list; `approver` names who. */
  | "opt_out_removed"
  /** A number held for an operator's review: a weaker cue of an opt-out (rule opt_out_review); `reason` says what. */
  | "opt_out_held"
  /** An operator's review cleared a held number; `approver` names who. */
  | "opt_out_cleared"
  /** A number is held after the callee refused the offer (src/guards/consent-law/hold.ts); until `hold_until`. */
  | "held";

export interface AuditEntry {
  time: string;
  tool: string;
  decision: AuditDecision;
  /** The rule that refused, for `refused`. */
  rule?: string;
  /** Normalized E.164 numbers, in row order. */
  numbers: string[];
  agents: string[];
  /** The identity of the request (safety/dial-key.ts), so a restart still knows it. */
  request_key?: string;
  /** The request said a second call to a recently dialed number is meant. */
  repeat_dial?: boolean;
  /** How the dial was confirmed: client (dialog or link), page (approval page), unattended (never), token. */
  confirmation?: string;
  /** Each row's consent record (OUTBOUND_CALLS_CONSENT_FILE), as "basis (source …, obtained …)" or "no record". */
  consent?: string[];
  /** Rules of the law of the place called a number was exempt from by the rule's own consent exception (law-guard.ts). */
  law_exceptions?: string[];
  /** The rules of the law of the place called that apply to the numbers, as "id (tier)": a refusal's `rule` is one. */
  law_rules?: string[];
  /** Each row the law requires consent for: its rules, and the record or the person's attestation that met them. */
  consent_law?: string[];
  /** For `held`: until when the number may not be called (ISO). */
  hold_until?: string;
  /** Who asked: the access token's subject (`--http` with OAuth); absent with a shared token or over stdio. */
  person?: string;
  /** The name the token gave that person, when it had one. */
  person_name?: string;
  /** Who approved: "local browser", "approver:<name>" over --http, or the person in the client. */
  approver?: string;
  call_ids?: string[];
  batch_id?: string;
  campaign_id?: string;
  /** For `deduplicated`: when the earlier dial it matched started. */
  duplicate_of?: string;
  upstream_status?: number;
  request_id?: string;
  idempotency_key?: string;
  latency_ms: number;
  /** The first line of what the model was told, for refusals and failures. */
  reason?: string;
}

/** Only these lines rebuild the caps and the dedupe window: the dials that may have reached someone. */
const COUNTED: ReadonlySet<string> = new Set(["dialed", "outcome_unknown"]);
const E164 = /\+[1-9][0-9]{5,14}/g;

/** Another file of the same lines (the opt-out journal): the variable its messages name, and each line fsync'd. */
export interface LineFileOptions {
  variable: string;
  sync: boolean;
}

export class AuditLog {
  private constructor(
    private fd: number,
    readonly path: string,
    private readonly redactor: Redactor,
    private readonly onError: (message: string) => void,
    private readonly options: LineFileOptions,
  ) {}

  /** Opens (creating with mode 0600) for appending; throws ConfigurationError naming the variable. */
  static open(
    path: string,
    redactor: Redactor,
    onError: (message: string) => void,
    options: LineFileOptions = { variable: AUDIT_VARIABLE, sync: false },
  ): AuditLog {
    let fd: number;
    try {
      fd = openSync(path, "a", 0o600);
    } catch (error) {
      const code = (error as { code?: string }).code ?? "unknown error";
      throw new ConfigurationError(
        `${options.variable}: the file cannot be opened for appending (${code}); the folder must exist and be writable`,
      );
    }
    const mode = fstatSync(fd).mode & 0o777;
    if (process.platform !== "win32" && (mode & 0o077) !== 0) {
      onError(
        `${options.variable}: the existing file is readable by others (mode ${mode.toString(8)}); consider chmod 600`,
      );
    }
    return new AuditLog(fd, path, redactor, onError, options);
  }

  /** Appends the line; on failure says why (an error code such as ENOSPC) after reporting it, else undefined. */
  write(entry: AuditEntry): string | undefined {
    // Redact each value, then serialize: redacting serialized JSON could eat an escape and break the line.
    // JSON leaves NEL, U+2028 and U+2029 raw inside strings, and many readers end a line there (Python's splitlines,
    // a JavaScript /^…$/m, some editors): escaped, a value the model chose cannot start what looks like a line of its own.
    const line = JSON.stringify(entry, (_key, value: unknown) =>
      typeof value === "string" ? this.redactor.redact(value) : value,
    ).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    try {
      this.followPath();
      writeSync(this.fd, `${line}\n`);
      if (this.options.sync) fsyncSync(this.fd);
      return undefined;
    } catch (error) {
      // A full disk must not turn a placed call into an error answer the model might retry (the caller decides).
      const code = (error as { code?: string }).code ?? "error";
      this.onError(`${this.options.variable}: could not write a line (${code})`);
      return code;
    }
  }

  /**
   * A restart reads the file at the path: if it was renamed (logrotate's default) or deleted, the lines from now on
   * go to a new file there (0600), not into the old one nobody will read back.
   */
  private followPath(): void {
    const open = fstatSync(this.fd);
    let current: { ino: number; dev: number } | undefined;
    try {
      current = statSync(this.path);
    } catch {
      current = undefined;
    }
    if (current && current.ino === open.ino && current.dev === open.dev) return;
    let fd: number;
    try {
      fd = openSync(this.path, "a", 0o600);
    } catch (error) {
      // The folder went too: keep the line in the old file rather than lose it.
      this.onError(
        `${this.options.variable}: the file was moved and cannot be created again (${(error as { code?: string }).code ?? "error"}); writing to the moved file`,
      );
      return;
    }
    this.close();
    this.fd = fd;
  }

  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      // Already closed.
    }
  }
}

/** A dial read back from the log. */
export interface LoggedDial {
  at: number;
  numbers: string[];
  requestKey: string | undefined;
  decision: "dialed" | "outcome_unknown";
  callIds: string[];
  /** Who asked (OAuth): their per-person cap counts the dial too. */
  person?: string;
}

export interface AuditHistory {
  dials: LoggedDial[];
  /** Lines that could not be read. Their numbers, where any can be read, are counted as dials. */
  damagedLines: number[];
  /** Damaged lines in which no number could be read: the caps cannot be known, so dials are refused. */
  unattributed: number[];
}

/**
 * The dials logged at or after `since`. A damaged line (torn by a crash, or edited)
 * is read as conservatively as possible: every E.164 number in it counts as a dial at
 * the time it shows (or `now`, if none can be read), whatever its decision was; if it
 * shows no number, it is `unattributed` and the guards refuse every dial until a person
 * repairs the log. So a damaged log never lets more dials through than an intact one.
 */
export function readAuditHistory(path: string, since: number, now: number): AuditHistory {
  return readBackWith(path, dialHistoryReader(since, now));
}

/** readAuditHistory's reader, one line at a time (src/guards/dial/audit/readback.ts reads the log once for every reader). */
export function dialHistoryReader(since: number, now: number): LineReader<AuditHistory> {
  const history: AuditHistory = { dials: [], damagedLines: [], unattributed: [] };
  // POSTs announced by a `sending` line, by Idempotency-Key, until the line that ends their tool call is read.
  const sending = new Map<string, LoggedDial>();
  // The whole log: a per-number limit of the law looks back 31 days, however much was logged since.
  const readLine = (line: AuditLine) => {
    if (line.text.trim() === "") return;
    const read = wellFormed(line.object());
    if (read === undefined) {
      history.damagedLines.push(line.index + 1);
      const numbers = line.text.match(E164) ?? [];
      if (numbers.length === 0) {
        history.unattributed.push(line.index + 1);
        return;
      }
      const shown = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/.exec(line.text);
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
    const { entry, at } = read;
    const key = typeof entry.idempotency_key === "string" ? entry.idempotency_key : undefined;
    if (entry.decision === "sending") {
      if (key !== undefined) sending.set(key, loggedDial(entry, at));
      return;
    }
    if (key !== undefined) sending.delete(key);
    if (!COUNTED.has(entry.decision) || at < since) return;
    history.dials.push(loggedDial(entry, at));
  };
  return {
    rebuilds: "the dial caps",
    read: readLine,
    result: () => {
      // Sent, and never ended: the process stopped while the POST was at the service. It may have placed the call.
      for (const dial of sending.values()) if (dial.at >= since) history.dials.push(dial);
      sending.clear();
      return history;
    },
  };
}

function loggedDial(entry: AuditEntry, at: number): LoggedDial {
  return {
    at,
    numbers: entry.numbers,
    requestKey: typeof entry.request_key === "string" ? entry.request_key : undefined,
    decision: entry.decision === "dialed" ? "dialed" : "outcome_unknown",
    callIds: Array.isArray(entry.call_ids) ? entry.call_ids.filter((c): c is string => typeof c === "string") : [],
    ...(typeof entry.person === "string" && entry.person !== "" ? { person: entry.person } : {}),
  };
}

/** A line's JSON object that is a well-formed entry (with its time read), or undefined. */
function wellFormed(object: Record<string, unknown> | undefined): { entry: AuditEntry; at: number } | undefined {
  if (object === undefined) return undefined;
  const e = object as Partial<AuditEntry>;
  if (typeof e.decision !== "string" || typeof e.time !== "string") return undefined;
  const at = Date.parse(e.time);
  if (Number.isNaN(at)) return undefined;
  if (!Array.isArray(e.numbers) || !e.numbers.every((n) => typeof n === "string")) return undefined;
  return { entry: e as AuditEntry, at };
}
