/**
 * The dial ledger in process memory (one process: stdio, or one --http
 * replica). Each method runs in one synchronous step, which is what makes it
 * atomic here. Settled dials are forgotten once the window has passed since
 * they were sent; unsettled ones are kept while their lease lasts (and a
 * window beyond, so a waiter can see the lease ran out and take over).
 */
import type { ClaimRequest, ClaimResult, DialLedger, DialRecord, Settlement } from "./store.js";

type Match = { index: number; number: string; record: DialRecord };

export class MemoryDialLedger implements DialLedger {
  private readonly records = new Map<string, DialRecord & { windowMs: number }>();
  private readonly byNumber = new Map<string, Set<string>>();

  /** Dials read back from the audit log at start, so a restart keeps the window (memory mode only). */
  seed(records: readonly DialRecord[], windowMs: number): void {
    for (const record of records) {
      if (this.records.has(record.requestKey)) continue;
      this.records.set(record.requestKey, { ...record, windowMs });
      this.index(record);
    }
  }

  async claim(req: ClaimRequest): Promise<ClaimResult> {
    this.prune(req.now);
    const existing = this.records.get(req.requestKey);
    let idempotencyKey = req.idempotencyKey;
    let takeover = false;
    let previousOwner: string | undefined;
    if (existing) {
      if (existing.state.kind !== "in_flight" || existing.state.leaseUntil > req.now)
        return { kind: "same_request", record: copy(existing) };
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
    const record: DialRecord & { windowMs: number } = {
      requestKey: req.requestKey,
      tool: req.tool,
      numbers: [...req.numbers],
      startedAt: req.now,
      idempotencyKey,
      owner: req.owner,
      state: { kind: "in_flight", leaseUntil: req.now + req.leaseMs },
      windowMs: req.windowMs,
    };
    this.records.set(req.requestKey, record);
    this.index(record);
    return { kind: "claimed", idempotencyKey, takeover, ...(previousOwner !== undefined ? { previousOwner } : {}) };
  }

  async renew(requestKey: string, owner: string, leaseUntil: number): Promise<boolean> {
    const record = this.records.get(requestKey);
    if (!record || record.owner !== owner || record.state.kind !== "in_flight") return false;
    record.state = { kind: "in_flight", leaseUntil };
    return true;
  }

  async rekey(requestKey: string, owner: string, idempotencyKey: string): Promise<boolean> {
    const record = this.records.get(requestKey);
    if (!record || record.owner !== owner || record.state.kind !== "in_flight") return false;
    record.idempotencyKey = idempotencyKey;
    return true;
  }

  async settle(requestKey: string, owner: string, outcome: Settlement, now: number, windowMs: number): Promise<void> {
    const record = this.records.get(requestKey);
    if (!record || record.owner !== owner) return;
    if (outcome.kind === "not_placed") {
      // A takeover that sent nothing goes back to the dead owner, lease ended, key kept: that owner may have sent.
      if (outcome.returnTo === undefined) this.forget(record);
      else if (record.state.kind === "in_flight")
        Object.assign(record, {
          owner: outcome.returnTo,
          state: { kind: "in_flight", leaseUntil: Math.min(record.state.leaseUntil, now) },
        });
      return;
    }
    record.state =
      outcome.kind === "placed"
        ? { kind: "placed", at: outcome.at, summary: outcome.summary, callIds: [...outcome.callIds] }
        : { kind: "unknown", at: outcome.at, message: outcome.message };
    record.windowMs = windowMs;
  }

  async get(requestKey: string): Promise<DialRecord | undefined> {
    const record = this.records.get(requestKey);
    return record ? copy(record) : undefined;
  }

  async recentByNumber(numbers: string[], now: number, _windowMs: number): Promise<Match[]> {
    this.prune(now);
    return this.matches(numbers, now, undefined);
  }

  /** Live dials of these numbers by other requests (see live()). */
  private matches(numbers: readonly string[], now: number, except: string | undefined): Match[] {
    const out: Match[] = [];
    numbers.forEach((number, index) => {
      for (const key of this.byNumber.get(number) ?? []) {
        const record = this.records.get(key);
        if (!record || key === except || !live(record, now)) continue;
        out.push({ index, number, record: copy(record) });
      }
    });
    return out;
  }

  private index(record: DialRecord): void {
    for (const number of record.numbers) {
      let keys = this.byNumber.get(number);
      if (!keys) this.byNumber.set(number, (keys = new Set()));
      keys.add(record.requestKey);
    }
  }

  private forget(record: DialRecord): void {
    this.records.delete(record.requestKey);
    for (const number of record.numbers) {
      const keys = this.byNumber.get(number);
      keys?.delete(record.requestKey);
      if (keys?.size === 0) this.byNumber.delete(number);
    }
  }

  private prune(now: number): void {
    for (const record of this.records.values()) if (expired(record, now)) this.forget(record);
  }
}

/**
 * Blocks its numbers for other requests: settled, within its window; unsettled, while its lease lasts and, after
 * that, for the window from its start (its owner may have died with its POST at the service: the call may be ringing).
 */
function live(record: DialRecord & { windowMs: number }, now: number): boolean {
  const s = record.state;
  return s.kind === "in_flight"
    ? Math.max(s.leaseUntil, record.startedAt + record.windowMs) > now
    : s.at + record.windowMs > now;
}

/** Gone for good: settled and out of its window, or a lease that ran out a window ago. */
function expired(record: DialRecord & { windowMs: number }, now: number): boolean {
  const s = record.state;
  return s.kind === "in_flight" ? s.leaseUntil + record.windowMs <= now : s.at + record.windowMs <= now;
}

function copy(record: DialRecord & { windowMs?: number }): DialRecord {
  const { windowMs: _w, ...rest } = record;
  return structuredClone(rest);
}
