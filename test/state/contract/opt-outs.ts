/** The opt-outs (suppression list): kept with no expiry, shared by replicas, the first entry stays. */
import { describe, expect, it } from "vitest";
import type { OpenStore } from "../store-contract.js";
import { T0 } from "./support.js";

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
      expect(new Set(results.map((r) => r.callId)).size).toBe(1);
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
  });
}
