/** The opt-outs (suppression list): kept with no expiry, shared by replicas, the first entry stays. */
import { describe, expect, it } from "vitest";
import type { OpenStore } from "../store-contract.js";
import { A, B, T0 } from "./support.js";

const YEAR = 365 * 24 * 3_600_000;

export function optOutContract(open: OpenStore): void {
  describe("opt-outs", () => {
    it("a listed number reads as listed on every replica, with its call and evidence; others do not", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      await store.optOuts.add({
        number: "+14155550101",
        at: T0,
        source: "call",
        callId: "call_1",
        evidence: 'transcript: "stop calling me"',
      });
      const [listed, free] = await other!.optOuts.get(["+14155550101", "+14155550102"]);
      expect(listed).toEqual({
        number: "+14155550101",
        at: T0,
        source: "call",
        callId: "call_1",
        evidence: 'transcript: "stop calling me"',
      });
      expect(free).toBeUndefined();
      expect(await other!.optOuts.get([])).toEqual([]);
    });

    it("the first entry stays: a second add (another call, the model) returns the first", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      const first = await store.optOuts.add({
        number: "+14155550101",
        at: T0,
        source: "call",
        callId: "call_1",
        evidence: "a",
      });
      const second = await other!.optOuts.add({
        number: "+14155550101",
        at: T0 + 1_000,
        source: "model",
        evidence: "b",
      });
      expect(second).toEqual(first);
      expect((await store.optOuts.list(10)).length).toBe(1);
    });

    it("20 adds of one number at once from 2 replicas: one entry, the same for everyone", async () => {
      const { peers } = await open();
      const replicas = await peers(2);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          replicas[i % 2]!.optOuts.add({
            number: "+4930123456",
            at: T0 + i,
            source: "call",
            callId: `call_${i}`,
            evidence: `e${i}`,
          }),
        ),
      );
      expect(new Set(results.map((r) => r?.callId)).size).toBe(1);
    });

    it("never expires by itself; only remove() takes it off, once; then it may be listed again", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      await store.optOuts.add({ number: "+33612345678", at: T0, source: "model", evidence: "heard" });
      expect((await other!.optOuts.get(["+33612345678"]))[0]?.at).toBe(T0);
      expect(await other!.optOuts.remove("+33612345678")).toBe(true);
      expect(await store.optOuts.remove("+33612345678")).toBe(false);
      expect((await store.optOuts.get(["+33612345678"]))[0]).toBeUndefined();
      expect(await store.optOuts.list(10)).toEqual([]);
      await store.optOuts.add({ number: "+33612345678", at: T0 + YEAR, source: "call", evidence: "again" });
      expect((await other!.optOuts.get(["+33612345678"]))[0]?.evidence).toBe("again");
    });

    it("list: newest first, at most the limit", async () => {
      const { store } = await open();
      for (let i = 0; i < 5; i++)
        await store.optOuts.add({ number: `+1415555010${i}`, at: T0 + i, source: "operator", evidence: `n${i}` });
      expect((await store.optOuts.list(3)).map((e) => e.number)).toEqual([
        "+14155550104",
        "+14155550103",
        "+14155550102",
      ]);
    });

    it("a possible entry is held; an asked one replaces it; a possible one never replaces an asked one", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      const possible = {
        number: A,
        at: T0,
        source: "call" as const,
        callId: "call_1",
        evidence: "p",
        tier: "possible" as const,
      };
      expect(await store.optOuts.add(possible)).toEqual(possible);
      expect((await other!.optOuts.forDial([A]))[0]?.tier).toBe("possible");
      const asked = { number: A, at: T0 + 1, source: "call" as const, callId: "call_2", evidence: "a" };
      expect(await other!.optOuts.add(asked)).toEqual(asked);
      expect(await store.optOuts.add({ ...possible, at: T0 + 2 })).toEqual(asked);
      expect((await store.optOuts.get([A]))[0]).toEqual(asked);
    });

    it("confirm makes a held number an opt-out; remove(possible) takes off only a held one", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      await store.optOuts.add({ number: A, at: T0, source: "call", callId: "c", evidence: "p", tier: "possible" });
      await store.optOuts.add({ number: B, at: T0, source: "call", callId: "d", evidence: "p", tier: "possible" });
      expect(await other!.optOuts.confirm(A)).toEqual({
        number: A,
        at: T0,
        source: "call",
        callId: "c",
        evidence: "p",
      });
      expect(await store.optOuts.remove(A, "possible")).toBe(false);
      expect((await store.optOuts.get([A]))[0]?.tier).toBeUndefined();
      expect(await store.optOuts.remove(B, "possible")).toBe(true);
      expect((await other!.optOuts.get([B]))[0]).toBeUndefined();
      expect(await store.optOuts.confirm(B)).toBeUndefined();
    });

    it("a release holds: the same call read again, or the same entry written back, is not listed again; a new one is", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      const entry = { number: A, at: T0, source: "call" as const, callId: "call_1", evidence: "stop" };
      await store.optOuts.add(entry);
      expect(await store.optOuts.remove(A)).toBe(true);
      // A journal's write-back of the entry removed, a later read of the same call: not listed again.
      expect(await other!.optOuts.add(entry)).toBeUndefined();
      expect(await other!.optOuts.add({ ...entry, at: T0 + 60_000 })).toBeUndefined();
      expect((await store.optOuts.get([A]))[0]).toBeUndefined();
      // Another call, or the model's report: listed.
      expect(await other!.optOuts.add({ ...entry, at: T0 + 1, source: "model", evidence: "heard" })).toBeDefined();
      expect(await store.optOuts.remove(A)).toBe(true);
      expect(await other!.optOuts.add({ ...entry, at: T0 + 2, callId: "call_2" })).toBeDefined();
    });

    it("a cleared hold keeps off the same call's possible reading, not its asked one", async () => {
      const { store } = await open();
      const held = {
        number: B,
        at: T0,
        source: "call" as const,
        callId: "call_1",
        evidence: "p",
        tier: "possible" as const,
      };
      await store.optOuts.add(held);
      expect(await store.optOuts.remove(B, "possible")).toBe(true);
      expect(await store.optOuts.add({ ...held, at: T0 + 5 })).toBeUndefined();
      const asked = { number: B, at: T0 + 6, source: "call" as const, callId: "call_1", evidence: "stop" };
      expect(await store.optOuts.add(asked)).toEqual(asked);
    });

    it("listSince: the entries listed at or after a time, oldest first (what a replica copies to its journal)", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      for (let i = 0; i < 4; i++)
        await store.optOuts.add({
          number: `+1415555020${i}`,
          at: T0 + i * 1_000,
          source: "operator",
          evidence: `n${i}`,
        });
      expect((await other!.optOuts.listSince(T0 + 1_000, 2)).map((e) => e.number)).toEqual([
        "+14155550201",
        "+14155550202",
      ]);
      expect(await other!.optOuts.listSince(T0 + 9_000, 10)).toEqual([]);
    });
  });
}
