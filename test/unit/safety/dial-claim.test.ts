/**
 * The claim on one dial (src/guards/dial/claim.ts) against the real memory ledger: it ends once, a placed or
 * unknown dial survives a store that blinks, a takeover that sent nothing goes back to its dead owner with its
 * Idempotency-Key, and with the dedupe window off nothing touches the ledger.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openCallScope, noProgress, type CallScope } from "../../../src/service/call-scope.js";
import { everyCall } from "../../../src/guards/per-person/access.js";
import { DialClaim, type ClaimLedger } from "../../../src/guards/dial/claim.js";
import { claimDial, type ClaimAttempt } from "../../../src/guards/dedupe/ledger.js";
import { MemoryStore } from "../../../src/guards/store/memory.js";
import type { Settlement } from "../../../src/guards/dial/state/store.js";

const T0 = Date.parse("2026-11-21T15:00:00Z");
const scopes: CallScope[] = [];
afterEach(() => scopes.splice(0).forEach((s) => s.dispose()));

function attempt(key: string, numbers: string[]): ClaimAttempt {
  const scope = openCallScope({
    timeoutMs: 5_000,
    signal: new AbortController().signal,
    progress: noProgress,
    identity: { client: "local" },
  });
  scopes.push(scope);
  return { tool: "create_call", repeatDial: false, key, numbers, scope, access: everyCall };
}

/** A memory store whose ledger refuses the first `failures` settles, as a Redis that blinks would. */
function blinkingStore(failures: number): { store: MemoryStore; settles: Settlement[] } {
  const store = new MemoryStore();
  const settles: Settlement[] = [];
  const settle = store.dials.settle.bind(store.dials);
  store.dials.settle = async (...args) => {
    settles.push(args[2]);
    if (settles.length <= failures) throw new Error("the store is unavailable");
    return settle(...args);
  };
  return { store, settles };
}

function ledger(store: MemoryStore, now: { t: number }): ClaimLedger {
  return { store, clock: { now: () => now.t }, windowMs: 10 * 60_000, leaseMs: 60_000 };
}

async function claimed(a: ClaimAttempt, l: ClaimLedger): Promise<DialClaim> {
  const result = await claimDial(a, l);
  if (result.kind !== "claimed") throw new Error(`expected a claim, got ${result.kind}`);
  return result.claim;
}

describe("DialClaim", () => {
  it("ends once: a release after the dial was settled as placed forgets nothing", async () => {
    const now = { t: T0 };
    const { store, settles } = blinkingStore(0);
    const claim = await claimed(attempt("k1", ["+14155550100"]), ledger(store, now));
    expect(claim.reservation).toBe(`k1:${claim.owner}`);
    expect(claim.countedAs).toBeUndefined();
    await claim.settle({ kind: "placed", at: now.t, summary: { id: "call_1" }, callIds: ["call_1"] });
    await claim.release();
    expect(settles.map((s) => s.kind)).toEqual(["placed"]);
    expect((await store.dials.get("k1"))?.state).toMatchObject({ kind: "placed", callIds: ["call_1"] });
  });

  it("an unknown outcome survives a store that fails twice; the third try records it", async () => {
    const now = { t: T0 };
    const { store, settles } = blinkingStore(2);
    const claim = await claimed(attempt("k2", ["+14155550101"]), ledger(store, now));
    await claim.settle({ kind: "unknown", at: now.t, message: "lost" });
    expect(settles).toHaveLength(3);
    expect((await store.dials.get("k2"))?.state.kind).toBe("unknown");
  });

  it("a release that fails is not retried and never rejects: the lease frees the claim", async () => {
    const now = { t: T0 };
    const { store, settles } = blinkingStore(1);
    const claim = await claimed(attempt("k3", ["+14155550102"]), ledger(store, now));
    await expect(claim.release()).resolves.toBeUndefined();
    expect(settles).toHaveLength(1);
    expect((await store.dials.get("k3"))?.state.kind).toBe("in_flight");
  });

  it("a takeover that sent nothing goes back to the dead owner, with its Idempotency-Key, for the next repeat", async () => {
    const now = { t: T0 };
    const { store } = blinkingStore(0);
    const l = ledger(store, now);
    // What a replica that died after claiming leaves in the ledger: an in-flight claim nobody renews.
    const dead = { owner: "dead-replica", idempotencyKey: "idem-of-the-dead-replica" };
    await store.dials.claim({
      requestKey: "k4",
      tool: "create_call",
      numbers: ["+14155550103"],
      ...dead,
      now: now.t,
      windowMs: l.windowMs,
      leaseMs: l.leaseMs,
      allowRecentNumbers: false,
    });
    now.t += 61_000;
    const taker = await claimed(attempt("k4", ["+14155550103"]), l);
    expect(taker.takeover).toBe(true);
    expect(taker.previousOwner).toBe(dead.owner);
    expect(taker.idempotencyKey).toBe(dead.idempotencyKey);
    expect(taker.countedAs).toBe(`k4:${dead.owner}`);
    await taker.release();
    const record = await store.dials.get("k4");
    expect(record?.owner).toBe(dead.owner);
    expect(record?.idempotencyKey).toBe(dead.idempotencyKey);
  });

  it("with the dedupe window off the claim is unledgered: fresh owner and key per dial, nothing to settle", async () => {
    const a = DialClaim.unledgered("k5", ["+14155550104"]);
    const b = DialClaim.unledgered("k5", ["+14155550104"]);
    expect(a.takeover).toBe(false);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(a.reservation).not.toBe(b.reservation);
    await expect(a.settle({ kind: "placed", at: T0, summary: {}, callIds: [] })).resolves.toBeUndefined();
  });

  describe("bindKey: the key a person's single-use yes dictates", () => {
    it("is recorded in the claim before anything is sent, so a takeover finds it", async () => {
      const now = { t: T0 };
      const store = new MemoryStore();
      const claim = await claimed(attempt("k-bind", ["+14155550110"]), ledger(store, now));
      await claim.bindKey("0f0e0d0c-0b0a-8908-8706-050403020100");
      expect(claim.idempotencyKey).toBe("0f0e0d0c-0b0a-8908-8706-050403020100");
      expect((await store.dials.get("k-bind"))?.idempotencyKey).toBe("0f0e0d0c-0b0a-8908-8706-050403020100");
      now.t += 2 * 60_000;
      const taken = await claimed(attempt("k-bind", ["+14155550110"]), ledger(store, now));
      expect(taken.takeover).toBe(true);
      expect(taken.idempotencyKey).toBe("0f0e0d0c-0b0a-8908-8706-050403020100");
    });

    it("a takeover keeps the dead owner's key (it may have sent its POST under it)", async () => {
      const now = { t: T0 };
      const store = new MemoryStore();
      const first = await claimed(attempt("k-dead", ["+14155550111"]), ledger(store, now));
      now.t += 2 * 60_000;
      const taken = await claimed(attempt("k-dead", ["+14155550111"]), ledger(store, now));
      await taken.bindKey("another-approval-key");
      expect(taken.idempotencyKey).toBe(first.idempotencyKey);
      expect((await store.dials.get("k-dead"))?.idempotencyKey).toBe(first.idempotencyKey);
    });

    it("a claim that is no longer ours takes no key and refuses to go on (nothing is sent)", async () => {
      const now = { t: T0 };
      const store = new MemoryStore();
      const lost = await claimed(attempt("k-lost", ["+14155550112"]), ledger(store, now));
      now.t += 2 * 60_000;
      const taken = await claimed(attempt("k-lost", ["+14155550112"]), ledger(store, now));
      await expect(lost.bindKey("late-key")).rejects.toThrow(/claim was lost/);
      expect((await store.dials.get("k-lost"))?.idempotencyKey).toBe(taken.idempotencyKey);
    });

    it("with the dedupe window off the key is the claim's alone", async () => {
      const claim = DialClaim.unledgered("k-off", ["+14155550113"]);
      await claim.bindKey("derived");
      expect(claim.idempotencyKey).toBe("derived");
    });
  });
});
