/** Who placed which call: shared by replicas, the first owner of a call or campaign stays, kinds apart. */
import { describe, expect, it } from "vitest";
import type { OpenStore } from "../store-contract.js";
import { T0 } from "./support.js";

export function ownerContract(open: OpenStore): void {
  describe("call owners", () => {
    it("a call recorded on one replica reads as its owner's on another; unknown ones as nobody's", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      await store.owners.record(
        [
          { kind: "call", id: "call_1" },
          { kind: "campaign", id: "cmp_1" },
        ],
        "alice",
        T0,
      );
      expect(
        await other!.owners.ownersOf(
          [
            { kind: "call", id: "call_1" },
            { kind: "campaign", id: "cmp_1" },
            { kind: "call", id: "call_2" },
            { kind: "call", id: "cmp_1" },
          ],
          T0,
        ),
      ).toEqual(["alice", "alice", undefined, undefined]);
      expect(await other!.owners.ownersOf([], T0)).toEqual([]);
    });

    it("nobody takes over another's call: the first owner stays, even when 20 record it at once from 3 replicas", async () => {
      const { store, peers } = await open();
      const replicas = [store, ...(await peers(2))];
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          replicas[i % 3]!.owners.record([{ kind: "call", id: "call_x" }], `p${i}`, T0),
        ),
      );
      const owners = await Promise.all(replicas.map((r) => r.owners.ownersOf([{ kind: "call", id: "call_x" }], T0)));
      expect(new Set(owners.map((o) => o[0])).size).toBe(1);
      await store.owners.record([{ kind: "call", id: "call_x" }], "mallory", T0 + 1_000);
      expect(await store.owners.ownersOf([{ kind: "call", id: "call_x" }], T0 + 1_000)).toEqual(owners[0]);
    });

    it("an id of any length and characters is its own key", async () => {
      const { store } = await open();
      const long = `call_${"x".repeat(300)}`;
      await store.owners.record([{ kind: "call", id: long }], "alice", T0);
      expect(
        await store.owners.ownersOf(
          [
            { kind: "call", id: long },
            { kind: "call", id: `${long}y` },
          ],
          T0,
        ),
      ).toEqual(["alice", undefined]);
    });
  });
}
