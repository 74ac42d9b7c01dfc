/**
 * The in-memory dial ledger forgets dials in time order (a queue by expiry) instead of walking every dial on every
 * claim. Against the walk it replaced (below, as it was), random runs of claims, renewals, re-keys, settlements and
 * reads at random moments give the same answers and hold the same dials after each step: nothing is forgotten a
 * moment sooner or later, whichever way a dial's lease or settlement moved its end.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { MemoryDialLedger } from "../../src/guards/dial/state/memory.js";
import type { ClaimRequest, ClaimResult, DialRecord, Settlement } from "../../src/guards/dial/state/store.js";
import { fuzzSeed } from "../helpers/fuzz-seed.js";

const SEED = fuzzSeed("test/state/memory-dial-expiry.property.test.ts");
const T0 = Date.parse("2025-10-01T00:00:00Z");
const NUMBERS = ["+14155550101", "+14155550102", "+14155550103"];

type Kept = DialRecord & { windowMs: number };

/** The ledger as it was: every claim and read walked all dials and forgot the expired ones. */
class WalkingLedger {
  readonly records = new Map<string, Kept>();
  claim(req: ClaimRequest): ClaimResult {
    this.prune(req.now);
    const existing = this.records.get(req.requestKey);
    let idempotencyKey = req.idempotencyKey;
    let takeover = false;
    let previousOwner: string | undefined;
    if (existing) {
      if (existing.state.kind !== "in_flight" || existing.state.leaseUntil > req.now)
        return { kind: "same_request", record: copy(existing) };
      idempotencyKey = existing.idempotencyKey;
      takeover = true;
      previousOwner = existing.owner;
    }
    if (!req.allowRecentNumbers) {
      const matches = this.matches(req.numbers, req.now, req.requestKey);
      if (matches.length > 0) return { kind: "recent_numbers", matches };
    }
    if (existing) this.records.delete(existing.requestKey);
    const { requestKey, tool, numbers, now, owner, leaseMs, windowMs } = req;
    const state = { kind: "in_flight" as const, leaseUntil: now + leaseMs };
    this.records.set(requestKey, { requestKey, tool, numbers, startedAt: now, idempotencyKey, owner, state, windowMs });
    return { kind: "claimed", idempotencyKey, takeover, ...(previousOwner !== undefined ? { previousOwner } : {}) };
  }
  renew(key: string, owner: string, leaseUntil: number) {
    const r = this.records.get(key);
    if (!r || r.owner !== owner || r.state.kind !== "in_flight") return false;
    r.state = { kind: "in_flight", leaseUntil };
    return true;
  }
  rekey(key: string, owner: string, idempotencyKey: string) {
    const r = this.records.get(key);
    if (!r || r.owner !== owner || r.state.kind !== "in_flight") return false;
    r.idempotencyKey = idempotencyKey;
    return true;
  }
  settle(key: string, owner: string, outcome: Settlement, now: number, windowMs: number) {
    const r = this.records.get(key);
    if (!r || r.owner !== owner) return;
    if (outcome.kind === "not_placed") {
      if (outcome.returnTo === undefined) this.records.delete(key);
      else if (r.state.kind === "in_flight")
        Object.assign(r, {
          owner: outcome.returnTo,
          state: { kind: "in_flight", leaseUntil: Math.min(r.state.leaseUntil, now) },
        });
      return;
    }
    r.state = outcome.kind === "placed" ? { ...outcome } : { ...outcome };
    r.windowMs = windowMs;
  }
  get(key: string) {
    const r = this.records.get(key);
    return r ? copy(r) : undefined;
  }
  recentByNumber(numbers: string[], now: number) {
    this.prune(now);
    return this.matches(numbers, now, undefined);
  }
  private matches(numbers: readonly string[], now: number, except: string | undefined) {
    return numbers.flatMap((number, index) =>
      [...this.records.values()]
        .filter((r) => r.numbers.includes(number) && r.requestKey !== except && live(r, now))
        .map((r) => ({ index, number, record: copy(r) })),
    );
  }
  private prune(now: number) {
    for (const r of this.records.values()) {
      const s = r.state;
      if ((s.kind === "in_flight" ? s.leaseUntil : s.at) + r.windowMs <= now) this.records.delete(r.requestKey);
    }
  }
}

function live(r: Kept, now: number): boolean {
  const s = r.state;
  return s.kind === "in_flight" ? Math.max(s.leaseUntil, r.startedAt + r.windowMs) > now : s.at + r.windowMs > now;
}

function copy(r: Kept): DialRecord {
  const { windowMs: _w, ...rest } = r;
  return structuredClone(rest);
}

const step = fc.record({
  op: fc.constantFrom("claim", "claim", "renew", "rekey", "settle", "get", "recent"),
  dt: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 40 })),
  key: fc.constantFrom("k0", "k1", "k2", "k3", "k4", "k5"),
  owner: fc.constantFrom("o0", "o1", "o2"),
  numbers: fc.subarray(NUMBERS, { minLength: 1 }),
  allow: fc.boolean(),
  lease: fc.integer({ min: 1, max: 20 }),
  window: fc.constantFrom(5, 10, 30),
  outcome: fc.constantFrom("placed", "unknown", "not_placed", "returned"),
  at: fc.integer({ min: -40, max: 5 }),
});

it("forgets every dial at the same moment as a walk over all of them, however its end moved", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
      const queued = new MemoryDialLedger();
      const walking = new WalkingLedger();
      let now = T0;
      let n = 0;
      for (const s of steps) {
        now += s.dt;
        n++;
        const both = async <T>(f: (l: MemoryDialLedger | WalkingLedger) => T | Promise<T>) =>
          expect(await f(queued)).toEqual(await f(walking));
        if (s.op === "claim") {
          const req: ClaimRequest = {
            requestKey: s.key,
            tool: "create_call",
            numbers: s.numbers,
            idempotencyKey: `idem-${n}`,
            owner: s.owner,
            now,
            windowMs: s.window,
            leaseMs: s.lease,
            allowRecentNumbers: s.allow,
          };
          await both((l) => l.claim({ ...req, numbers: [...req.numbers] }));
        } else if (s.op === "renew") await both((l) => l.renew(s.key, s.owner, now + s.lease));
        else if (s.op === "rekey") await both((l) => l.rekey(s.key, s.owner, `rekey-${n}`));
        else if (s.op === "settle") {
          const outcome: Settlement =
            s.outcome === "placed"
              ? { kind: "placed", at: now + s.at, summary: { id: `c-${n}`, status: "queued" }, callIds: [`c-${n}`] }
              : s.outcome === "unknown"
                ? { kind: "unknown", at: now + s.at, message: "lost" }
                : s.outcome === "returned"
                  ? { kind: "not_placed", returnTo: "o9" }
                  : { kind: "not_placed" };
          await both((l) => l.settle(s.key, s.owner, outcome, now, s.window));
        } else if (s.op === "get") await both((l) => l.get(s.key));
        await both((l) => l.recentByNumber(NUMBERS, now, 0));
        const inside = queued as unknown as { records: Map<string, unknown>; expiries: { size: number } };
        expect([...inside.records.keys()].sort()).toEqual([...walking.records.keys()].sort());
        // Each dial once in the queue, and nothing forgotten left in it.
        expect(inside.expiries.size).toBe(inside.records.size);
      }
    }),
    { seed: SEED, numRuns: 5_000 },
  );
});
