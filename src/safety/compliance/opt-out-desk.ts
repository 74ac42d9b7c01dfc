/**
 * The opt-outs, for the life of the server: recording one (the store, then an
 * audit line naming how it was learned), refusing dials to listed numbers, and
 * the watch that reads every call this process placed until its status is
 * final, so an opt-out is honoured even when nobody asks about the call.
 *
 * The watch's effort is bounded: every OUTBOUND_CALLS_OPT_OUT_POLL_S seconds it
 * reads at most PER_TICK due calls, one at a time, each under its own deadline;
 * it follows at most MAX_WATCHED calls and none longer than MAX_WATCH_MS. A dial
 * to a number whose earlier call is still watched here reads that call first.
 */
import { startDeadline, type Deadline } from "../../service/deadline.js";
import type { CallingService } from "../../service/index.js";
import { callTo } from "../../service/call-fields.js";
import type { CallRecord } from "../../service/shapes.js";
import type { GuardStore, OptOutEntry } from "../../state/store.js";
import type { AuditLog } from "../audit-log.js";
import type { Clock } from "../clock.js";
import { isFinalCall } from "../../service/final-status.js";
import { phoneLib } from "../../phone/lib.js";
import { detectOptOut, matchesText, type OptOutMatch } from "./opt-out-detector.js";

/** Calls read per poll, at most. */
const PER_TICK = 10;
/** Calls followed at once, at most; past it the oldest is dropped (and said so). */
const MAX_WATCHED = 1_000;
/** A call not final after this long is no longer read by the watch. */
const MAX_WATCH_MS = 24 * 3_600_000;
/** One read's bound. */
const READ_MS = 10_000;
/** Reads a dial waits for (its number's earlier calls, still watched), at most. */
const MAX_READS_BEFORE_DIAL = 3;

interface Watched {
  callId: string;
  /** The number this process dialed for it; else the record's own. */
  number: string | undefined;
  since: number;
  nextAt: number;
}

/** What get_call shows of a call and its number. */
export interface OptOutView {
  /** The record shows the person asked not to be called again. */
  asked: boolean;
  /** The number is on the opt-out list (now, or from an earlier call). */
  listed: boolean;
  matched: string[];
  /** The call where the list entry comes from, and when. */
  listed_from_call?: string;
  listed_at?: string;
}

export interface OptOutDeskDeps {
  store: GuardStore;
  service: CallingService;
  audit: AuditLog | undefined;
  clock: Clock;
  pollMs: number;
  log(line: string): void;
}

const AUDIT_TOOL: Record<OptOutEntry["source"], string> = {
  call: "opt_out_watch",
  model: "add_do_not_call",
  operator: "opt-out-cli",
};

/**
 * Numbers already read, to their E.164 form ("" for none): every get_call reads its record's number, about 40 µs of
 * parsing each time, and a session reads the same few calls again and again. The parse is a pure function of the
 * text. Bounded: once full it starts over, so a service sending endless new numbers costs no memory.
 */
const E164_MEMO_ENTRIES = 1_000;
const e164Memo = new Map<string, string>();

/** The E.164 form of a number the service wrote, or undefined. */
export function e164Of(text: string | undefined): string | undefined {
  if (!text) return undefined;
  let e164 = e164Memo.get(text);
  if (e164 === undefined) {
    e164 = parseE164(text) ?? "";
    if (e164Memo.size >= E164_MEMO_ENTRIES) e164Memo.clear();
    e164Memo.set(text, e164);
  }
  return e164 === "" ? undefined : e164;
}

/** How many numbers e164Of holds (tests: the memo stays bounded). */
export function e164MemoSize(): number {
  return e164Memo.size;
}

function parseE164(text: string): string | undefined {
  try {
    const parsed = phoneLib().parsePhoneNumberWithError(text, { extract: false });
    return parsed.isPossible() ? parsed.number : undefined;
  } catch {
    return undefined;
  }
}

export class OptOutDesk {
  private readonly watched = new Map<string, Watched>();
  private readonly timer: NodeJS.Timeout;
  private ticking = false;

  constructor(private readonly d: OptOutDeskDeps) {
    this.timer = setInterval(() => void this.tick(), d.pollMs);
    this.timer.unref();
  }

  /** Lists the number (the first entry stays) and writes the audit line when it is new. */
  async record(entry: OptOutEntry, by?: string): Promise<{ entry: OptOutEntry; added: boolean }> {
    const held = await this.d.store.optOuts.add(entry);
    const added = held.at === entry.at && held.evidence === entry.evidence && held.callId === entry.callId;
    if (added) {
      this.d.audit?.write({
        time: new Date(entry.at).toISOString(),
        tool: AUDIT_TOOL[entry.source],
        decision: "opted_out",
        numbers: [entry.number],
        agents: [],
        ...(entry.callId ? { call_ids: [entry.callId] } : {}),
        ...(by ? { approver: by } : {}),
        reason: entry.evidence,
        latency_ms: 0,
      });
      this.d.log(
        `outbound-calls-mcp: opt-out: ${entry.number} listed (${entry.source}${entry.callId ? `, call ${entry.callId}` : ""}): ${entry.evidence}`,
      );
    }
    return { entry: held, added };
  }

  /** Reads a record for an opt-out; lists its number when found. `dialed`: the number we dialed for it. */
  async inspect(record: CallRecord, dialed?: string): Promise<OptOutView> {
    const matches = detectOptOut(record);
    const number = dialed ?? e164Of(callTo(record));
    if (matches.length > 0 && number !== undefined) await this.record(this.entryFor(number, record.id, matches));
    const [entry] = number !== undefined ? await this.d.store.optOuts.get([number]) : [undefined];
    return {
      asked: matches.length > 0,
      listed: entry !== undefined,
      matched: matches.map((m) => `${m.where}: ${m.text}`),
      ...(entry?.callId ? { listed_from_call: entry.callId } : {}),
      ...(entry && entry.at > 0 ? { listed_at: new Date(entry.at).toISOString() } : {}),
    };
  }

  /** The calls a dial placed, to be read until final. Numbers match call ids by position when they can. */
  watch(callIds: readonly string[], numbers: readonly string[]): void {
    const now = Date.now();
    callIds.forEach((callId, i) => {
      if (this.watched.has(callId)) return;
      if (this.watched.size >= MAX_WATCHED) {
        const oldest = this.watched.keys().next().value;
        if (oldest !== undefined) this.watched.delete(oldest);
        this.d.log(
          `outbound-calls-mcp: opt-out watch: more than ${MAX_WATCHED} calls followed; the oldest is no longer read (use get_call)`,
        );
      }
      const number = callIds.length === numbers.length ? numbers[i] : undefined;
      this.watched.set(callId, { callId, number, since: now, nextAt: now + this.d.pollMs });
    });
  }

  /** Watched calls of these numbers, read now (a dial to them is about to be decided); bounded by the deadline. */
  async readBeforeDial(numbers: readonly string[], deadline: Deadline): Promise<void> {
    const wanted = new Set(numbers);
    const due = [...this.watched.values()]
      .filter((w) => w.number !== undefined && wanted.has(w.number))
      .slice(0, MAX_READS_BEFORE_DIAL);
    for (const w of due) {
      if (deadline.remaining() < 1_000) return;
      await this.read(w, Math.min(READ_MS, deadline.remaining() - 500)).catch(() => undefined);
    }
  }

  /** The entries of these numbers (throws StoreUnavailableError when the store cannot answer). */
  listed(numbers: readonly string[]): Promise<Array<OptOutEntry | undefined>> {
    return this.d.store.optOuts.get(numbers);
  }

  /** Calls still followed (tests, doctor). */
  get watching(): number {
    return this.watched.size;
  }

  close(): void {
    clearInterval(this.timer);
    this.watched.clear();
  }

  private entryFor(number: string, callId: string, matches: readonly OptOutMatch[]): OptOutEntry {
    return { number, at: this.d.clock.now(), source: "call", callId, evidence: matchesText(matches).slice(0, 400) };
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.watched.size === 0) return;
    this.ticking = true;
    try {
      const now = Date.now();
      const due = [...this.watched.values()].filter((w) => w.nextAt <= now).slice(0, PER_TICK);
      for (const w of due) {
        if (now - w.since > MAX_WATCH_MS) {
          this.watched.delete(w.callId);
          this.d.log(`outbound-calls-mcp: opt-out watch: call ${w.callId} not final after 24 h; no longer read`);
          continue;
        }
        w.nextAt = Date.now() + this.d.pollMs;
        await this.read(w, READ_MS).catch(() => undefined);
      }
    } finally {
      this.ticking = false;
    }
  }

  /** One read of a watched call: an opt-out found is listed; a final call is no longer followed. */
  private async read(w: Watched, ms: number): Promise<void> {
    const deadline = startDeadline(Math.max(500, ms));
    try {
      const record = await this.d.service.calls.get(w.callId, deadline);
      // Read mid-call too: a transcript so far may already hold the request.
      await this.inspect(record, w.number);
      if (isFinalCall(record)) this.watched.delete(w.callId);
    } finally {
      deadline.dispose();
    }
  }
}
