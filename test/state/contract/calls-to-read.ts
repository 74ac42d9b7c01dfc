/**
 * The calls waiting to be read for an opt-out (the watch), shared by replicas: a call taken is leased to its reader,
 * and due again for anyone when the lease ends (its reader died); a dial finds the calls of its numbers.
 */
import { describe, expect, it } from "vitest";
import type { CallToRead } from "../../../src/guards/opt-outs/state/store.js";
import type { OpenStore } from "../store-contract.js";
import { A, B, C, T0 } from "./support.js";

const call = (callId: string, over: Partial<CallToRead> = {}): CallToRead => ({
  callId,
  dialNumbers: [A, B],
  since: T0,
  ...over,
});

export function callsToReadContract(open: OpenStore): void {
  describe("calls to read", () => {
    it("a call is due from its time; taken by one replica, it is another's only after the lease", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      expect(await store.toRead.add([call("call_1", { answered: A, position: B })], T0 + 1_000, 100)).toBe(true);
      expect(await other!.toRead.take(T0, 10, 20_000)).toEqual([]);
      expect(await other!.toRead.take(T0 + 1_000, 10, 20_000)).toEqual([call("call_1", { answered: A, position: B })]);
      // Leased: nobody else gets it meanwhile.
      expect(await store.toRead.take(T0 + 2_000, 10, 20_000)).toEqual([]);
      // Its reader died: after the lease any replica takes it.
      expect((await store.toRead.take(T0 + 21_000, 10, 20_000)).map((c) => c.callId)).toEqual(["call_1"]);
    });

    it("later and done: a call read again at its time, then no longer", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      await store.toRead.add([call("call_1")], T0, 100);
      await other!.toRead.take(T0, 10, 20_000);
      await other!.toRead.later("call_1", T0 + 5_000);
      expect((await store.toRead.take(T0 + 5_000, 10, 20_000)).length).toBe(1);
      await store.toRead.done("call_1");
      expect(await other!.toRead.take(T0 + 99_000, 10, 20_000)).toEqual([]);
      expect(await other!.toRead.ofNumbers([A], 10)).toEqual([]);
      expect(await store.toRead.size()).toBe(0);
    });

    it("ofNumbers: the waiting calls of dials of these numbers, on any replica", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      await store.toRead.add([call("call_1"), call("call_2", { dialNumbers: [C] })], T0, 100);
      expect((await other!.toRead.ofNumbers([B], 10)).map((c) => c.callId)).toEqual(["call_1"]);
      expect((await other!.toRead.ofNumbers([A, C], 10)).map((c) => c.callId).sort()).toEqual(["call_1", "call_2"]);
      expect(await other!.toRead.ofNumbers(["+14155550199"], 10)).toEqual([]);
    });

    it("bounded: past `max` waiting nothing is added; a call added twice waits once", async () => {
      const { store } = await open();
      expect(await store.toRead.add([call("call_1"), call("call_2")], T0, 2)).toBe(true);
      expect(await store.toRead.add([call("call_1")], T0, 2)).toBe(true);
      expect(await store.toRead.add([call("call_3")], T0, 2)).toBe(false);
      expect(await store.toRead.size()).toBe(2);
    });
  });
}
