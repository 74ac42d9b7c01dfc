/** Holds (France's 60 days after a refusal): a later hold is never shortened, each ends on its own, on every replica. */
import { describe, expect, it } from "vitest";
import type { OpenStore } from "../store-contract.js";
import { MIN, SEC, T0 } from "./support.js";

const DAY = 24 * 60 * MIN;

export function holdContract(open: OpenStore): void {
  describe("holds", () => {
    it("holds a key until its time, on every replica; other keys stay free", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      await store.holds.put(
        "fr_refusal_hold_60d:+33612345678",
        { until: T0 + 61 * DAY, note: 'call c1: "non merci"' },
        T0,
      );
      expect(
        await other!.holds.get(["fr_refusal_hold_60d:+33612345678", "fr_refusal_hold_60d:+33612345679"], T0 + SEC),
      ).toEqual([{ until: T0 + 61 * DAY, note: 'call c1: "non merci"' }, undefined]);
      expect(await other!.holds.get(["fr_refusal_hold_60d:+33612345678"], T0 + 61 * DAY - 1)).toHaveLength(1);
      expect((await other!.holds.get(["fr_refusal_hold_60d:+33612345678"], T0 + 61 * DAY - 1))[0]).toBeDefined();
      expect(await store.holds.get(["fr_refusal_hold_60d:+33612345678"], T0 + 61 * DAY)).toEqual([undefined]);
      expect(await store.holds.get([], T0)).toEqual([]);
    });

    it("a later refusal extends the hold; an earlier one, put after it, does not shorten it", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      await store.holds.put("k", { until: T0 + 10 * DAY, note: "first" }, T0);
      await other!.holds.put("k", { until: T0 + 20 * DAY, note: "second" }, T0 + DAY);
      await store.holds.put("k", { until: T0 + 5 * DAY, note: "stale" }, T0 + DAY);
      expect(await store.holds.get(["k"], T0 + 15 * DAY)).toEqual([{ until: T0 + 20 * DAY, note: "second" }]);
    });

    it("20 puts of one key at once, from 4 replicas: the latest until wins", async () => {
      const { peers } = await open();
      const replicas = await peers(4);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          replicas[i % 4]!.holds.put("k2", { until: T0 + (i + 1) * DAY, note: `n${i}` }, T0),
        ),
      );
      expect(await replicas[0]!.holds.get(["k2"], T0)).toEqual([{ until: T0 + 20 * DAY, note: "n19" }]);
    });
  });
}
