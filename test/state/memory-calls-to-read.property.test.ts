/**
 * The calls waiting to be read, in memory, are found by number through an index and taken from a queue by time
 * instead of a walk over every call. Against the walk they replaced (below, as it was), random runs of adds, takes,
 * reads by number, re-times and dones at random moments give the same calls in the same order, and hold the same.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { MemoryCallsToRead } from "../../src/guards/opt-outs/state/calls-to-read-memory.js";
import type { CallToRead } from "../../src/guards/opt-outs/state/store.js";
import { fuzzSeed } from "../helpers/fuzz-seed.js";

const SEED = fuzzSeed("test/state/memory-calls-to-read.property.test.ts");
const T0 = Date.parse("2025-10-01T00:00:00Z");
const NUMBERS = ["+14155550101", "+14155550102", "+14155550103", "+14155550104"];

/** As it was: every take and every read by number walked all the calls that wait. */
class WalkingCallsToRead {
  readonly calls = new Map<string, { call: CallToRead; dueAt: number }>();
  add(calls: readonly CallToRead[], dueAt: number, max: number) {
    const fresh = calls.filter((c) => !this.calls.has(c.callId));
    if (this.calls.size + fresh.length > max) return false;
    for (const call of fresh) this.calls.set(call.callId, { call: { ...call }, dueAt });
    return true;
  }
  take(now: number, max: number, leaseMs: number) {
    const due = [...this.calls.values()]
      .filter((w) => w.dueAt <= now)
      .sort((a, b) => a.dueAt - b.dueAt)
      .slice(0, max);
    for (const w of due) w.dueAt = now + leaseMs;
    return due.map((w) => ({ ...w.call }));
  }
  ofNumbers(numbers: readonly string[], max: number) {
    const wanted = new Set(numbers);
    return [...this.calls.values()]
      .filter((w) => w.call.dialNumbers.some((n) => wanted.has(n)))
      .slice(0, max)
      .map((w) => ({ ...w.call }));
  }
  later(callId: string, dueAt: number) {
    const w = this.calls.get(callId);
    if (w) w.dueAt = dueAt;
  }
  done(callId: string) {
    this.calls.delete(callId);
  }
  size() {
    return this.calls.size;
  }
}

const aCall = fc.record(
  {
    callId: fc.constantFrom("c0", "c1", "c2", "c3", "c4", "c5"),
    answered: fc.constantFrom(...NUMBERS),
    position: fc.constantFrom(...NUMBERS),
    dialNumbers: fc.subarray(NUMBERS, { minLength: 1 }),
    since: fc.constant(T0),
  },
  { requiredKeys: ["callId", "dialNumbers", "since"] },
);

const step = fc.record({
  op: fc.constantFrom("add", "add", "take", "take", "of", "later", "done"),
  dt: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 30 })),
  calls: fc.array(aCall, { minLength: 1, maxLength: 3 }),
  due: fc.integer({ min: -5, max: 20 }),
  max: fc.integer({ min: 1, max: 8 }),
  lease: fc.integer({ min: 0, max: 15 }),
  numbers: fc.subarray(NUMBERS),
  callId: fc.constantFrom("c0", "c1", "c2", "c3", "c4", "c5"),
});

it("takes and finds the same calls, in the same order, as a walk over all of them", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
      const queued = new MemoryCallsToRead();
      const walking = new WalkingCallsToRead();
      let now = T0;
      for (const s of steps) {
        now += s.dt;
        const both = async <T>(f: (c: MemoryCallsToRead | WalkingCallsToRead) => T | Promise<T>) =>
          expect(await f(queued)).toEqual(await f(walking));
        if (s.op === "add") await both((c) => c.add(s.calls, now + s.due, s.max));
        else if (s.op === "take") await both((c) => c.take(now, s.max, s.lease));
        else if (s.op === "of") await both((c) => c.ofNumbers(s.numbers, s.max));
        else if (s.op === "later") await both((c) => c.later(s.callId, now + s.due));
        else await both((c) => c.done(s.callId));
        await both((c) => c.size());
        // Each call once in the queue, and nothing done left in it.
        expect((queued as unknown as { queue: { size: number } }).queue.size).toBe(await queued.size());
      }
      // Everything left, due or not, comes out the same.
      await (async <T>(f: (c: MemoryCallsToRead | WalkingCallsToRead) => T | Promise<T>) =>
        expect(await f(queued)).toEqual(await f(walking)))((c) => c.take(now + 1_000, 100, 0));
    }),
    { seed: SEED, numRuns: 2_000 },
  );
});
