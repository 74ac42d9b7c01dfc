/**
 * The dial ledger in process memory (one process: stdio, or one --http
 * replica). Each method runs in one synchronous step, which is what makes it
 * atomic here. Settled dials are forgotten once the window has passed since
 * they were sent; unsettled ones are kept while their lease lasts (and a
 * window beyond, so a waiter can see the lease ran out and take over).
 */
import { flat, many, one } from "../../../state/compact.js";
import { KeysByName } from "../../../state/keys-by-name.js";
import { TimeQueue, type Queued } from "../../../state/time-queue.js";
import type { ClaimRequest, ClaimResult, DialLedger, DialRecord, DialSummary, Settlement } from "./store.js";

type Match = { index: number; number: string; record: DialRecord };

/**
 * A dial as kept: the record's fields in one flat object (a dial of one number keeps the number, not an array of it),
 * about half the bytes of a DialRecord with its state beside it. What it is read back as is the same record.
 */
interface Kept extends Queued {
  requestKey: string;
  tool: string;
  numbers: string | readonly string[];
  startedAt: number;
  idempotencyKey: string;
  owner: string;
  kind: DialRecord["state"]["kind"];
  /** in_flight: the lease's end; placed and unknown: when it was sent. */
  time: number;
  /** placed: the answer's summary; unknown: the message. */
  outcome: DialSummary | string | undefined;
  callIds: string | readonly string[] | undefined;
  windowMs: number;
}

export class MemoryDialLedger implements DialLedger {
  private readonly records = new Map<string, Kept>();
  /** Each number's dials, by request key. */
  private readonly byNumber = new KeysByName();
  /** The dials by when they expire, so a prune looks at what is due and not at every dial. */
  private readonly expiries = new TimeQueue<Kept>((k) => expiresAt(k));

  /** Dials read back from the audit log at start, so a restart keeps the window (memory mode only). */
  seed(records: readonly DialRecord[], windowMs: number): void {
    for (const record of records) {
      if (this.records.has(record.requestKey)) continue;
      const s = record.state;
      const kept = newDial(record, record.startedAt, record.idempotencyKey, windowMs);
      if (s.kind === "in_flight") kept.time = s.leaseUntil;
      else this.settled(kept, s, windowMs);
      this.keep(kept);
    }
  }

  async claim(req: ClaimRequest): Promise<ClaimResult> {
    this.prune(req.now);
    const existing = this.records.get(req.requestKey);
    let idempotencyKey = req.idempotencyKey;
    let takeover = false;
    let previousOwner: string | undefined;
    if (existing) {
      if (existing.kind !== "in_flight" || existing.time > req.now)
        return { kind: "same_request", record: recordOf(existing) };
      // Its owner stopped renewing (crashed or gone): take it over with the same Idempotency-Key, so a POST the
      // dead owner may have sent is recognized by the service instead of dialing twice.
      idempotencyKey = existing.idempotencyKey;
      takeover = true;
      previousOwner = existing.owner;
    }
    if (!req.allowRecentNumbers) {
      const matches = this.matches(req.numbers, req.now, req.requestKey);
      // A dead claim refused here stays: a later takeover must still find its Idempotency-Key.
      if (matches.length > 0) return { kind: "recent_numbers", matches };
    }
    if (existing) this.forget(existing);
    const kept = newDial(req, req.now, idempotencyKey, req.windowMs);
    kept.time = req.now + req.leaseMs;
    this.keep(kept);
    return { kind: "claimed", idempotencyKey, takeover, ...(previousOwner !== undefined ? { previousOwner } : {}) };
  }

  async renew(requestKey: string, owner: string, leaseUntil: number): Promise<boolean> {
    const kept = this.records.get(requestKey);
    if (!kept || kept.owner !== owner || kept.kind !== "in_flight") return false;
    kept.time = leaseUntil;
    this.expiries.set(kept);
    return true;
  }

  async rekey(requestKey: string, owner: string, idempotencyKey: string): Promise<boolean> {
    const kept = this.records.get(requestKey);
    if (!kept || kept.owner !== owner || kept.kind !== "in_flight") return false;
    kept.idempotencyKey = flat(idempotencyKey);
    return true;
  }

  async settle(requestKey: string, owner: string, outcome: Settlement, now: number, windowMs: number): Promise<void> {
    const kept = this.records.get(requestKey);
    if (!kept || kept.owner !== owner) return;
    if (outcome.kind === "not_placed") {
      // A takeover that sent nothing goes back to the dead owner, lease ended, key kept: that owner may have sent.
      if (outcome.returnTo === undefined) this.forget(kept);
      else if (kept.kind === "in_flight") {
        kept.owner = flat(outcome.returnTo);
        kept.time = Math.min(kept.time, now);
        this.expiries.set(kept);
      }
      return;
    }
    this.settled(kept, outcome, windowMs);
    this.expiries.set(kept);
  }

  private settled(kept: Kept, outcome: Exclude<Settlement, { kind: "not_placed" }>, windowMs: number): void {
    kept.kind = outcome.kind;
    kept.time = outcome.at;
    kept.outcome = outcome.kind === "placed" ? outcome.summary : outcome.message;
    kept.callIds = outcome.kind === "placed" ? one([...outcome.callIds]) : undefined;
    kept.windowMs = windowMs;
  }

  async get(requestKey: string): Promise<DialRecord | undefined> {
    const kept = this.records.get(requestKey);
    return kept ? recordOf(kept) : undefined;
  }

  async recentByNumber(numbers: string[], now: number, _windowMs: number): Promise<Match[]> {
    this.prune(now);
    return this.matches(numbers, now, undefined);
  }

  /** Live dials of these numbers by other requests (see live()). */
  private matches(numbers: readonly string[], now: number, except: string | undefined): Match[] {
    const out: Match[] = [];
    numbers.forEach((number, index) => {
      for (const key of this.byNumber.get(number)) {
        const kept = this.records.get(key);
        if (!kept || key === except || !live(kept, now)) continue;
        out.push({ index, number, record: recordOf(kept) });
      }
    });
    return out;
  }

  private keep(kept: Kept): void {
    this.records.set(kept.requestKey, kept);
    for (const number of many(kept.numbers)) this.byNumber.add(number, kept.requestKey);
    this.expiries.set(kept);
  }

  private forget(kept: Kept): void {
    this.records.delete(kept.requestKey);
    this.expiries.delete(kept);
    for (const number of many(kept.numbers)) this.byNumber.delete(number, kept.requestKey);
  }

  /** Forgets every dial expired at `now`, earliest first, as a walk over all of them would. */
  private prune(now: number): void {
    for (let next = this.expiries.peek(); next && expired(next, now); next = this.expiries.peek()) this.forget(next);
  }
}

/** A new dial, in flight until its times are set: every field written here, in one order, so all share one shape. */
function newDial(
  r: Pick<DialRecord, "requestKey" | "tool" | "numbers" | "owner">,
  startedAt: number,
  idempotencyKey: string,
  windowMs: number,
): Kept {
  return {
    requestKey: r.requestKey,
    tool: r.tool,
    numbers: one([...r.numbers]),
    startedAt,
    idempotencyKey: flat(idempotencyKey),
    owner: flat(r.owner),
    kind: "in_flight",
    time: 0,
    outcome: undefined,
    callIds: undefined,
    windowMs,
    queueSlot: -1,
  };
}

/** The record as the store's readers take it: a copy of its own (nothing a reader changes reaches the ledger). */
function recordOf(k: Kept): DialRecord {
  return {
    requestKey: k.requestKey,
    tool: k.tool,
    numbers: [...many(k.numbers)],
    startedAt: k.startedAt,
    idempotencyKey: k.idempotencyKey,
    owner: k.owner,
    state:
      k.kind === "in_flight"
        ? { kind: "in_flight", leaseUntil: k.time }
        : k.kind === "placed"
          ? {
              kind: "placed",
              at: k.time,
              summary: structuredClone(k.outcome as DialSummary),
              callIds: [...many(k.callIds!)],
            }
          : { kind: "unknown", at: k.time, message: k.outcome as string },
  };
}

/**
 * Blocks its numbers for other requests: settled, within its window; unsettled, while its lease lasts and, after
 * that, for the window from its start (its owner may have died with its POST at the service: the call may be ringing).
 */
function live(k: Kept, now: number): boolean {
  return k.kind === "in_flight" ? Math.max(k.time, k.startedAt + k.windowMs) > now : k.time + k.windowMs > now;
}

/** When it is gone for good: settled and out of its window, or a lease that ran out a window ago. */
const expiresAt = (k: Kept): number => k.time + k.windowMs;
const expired = (k: Kept, now: number): boolean => expiresAt(k) <= now;
