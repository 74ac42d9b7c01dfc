/** One-time marks and the per-client rate counter. */
import { describe, expect, it } from "vitest";
import type { OpenStore } from "../store-contract.js";
import { MIN, SEC, T0, tally } from "./support.js";

export function markContract(open: OpenStore): void {
  describe("once", () => {
    it("is true the first time only, until its TTL has passed; ids are independent", async () => {
      const { store } = await open();
      expect(await store.once.use("token-1", T0, 5 * MIN)).toBe(true);
      expect(await store.once.use("token-1", T0 + SEC, 5 * MIN)).toBe(false);
      expect(await store.once.use("token-2", T0 + SEC, 5 * MIN)).toBe(true);
      expect(await store.once.use("token-1", T0 + 5 * MIN - 1, 5 * MIN)).toBe(false);
      expect(await store.once.use("token-1", T0 + 5 * MIN, 5 * MIN)).toBe(true);
      expect(await store.once.use("token-1", T0 + 5 * MIN + 1, 5 * MIN)).toBe(false);
    });

    it("seen: true while a used mark lives, on every replica; reading does not use it", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      expect(await store.once.seen("session-end:s1", T0)).toBe(false);
      expect(await store.once.seen("session-end:s1", T0)).toBe(false);
      expect(await store.once.use("session-end:s1", T0, MIN)).toBe(true);
      expect(await other!.once.seen("session-end:s1", T0 + SEC)).toBe(true);
      expect(await other!.once.seen("session-end:s1", T0 + MIN - 1)).toBe(true);
      expect(await other!.once.seen("session-end:s1", T0 + MIN)).toBe(false);
      expect(await store.once.seen("session-end:s2", T0 + SEC)).toBe(false);
    });

    it("30 uses of one id at once, from 3 replicas: exactly one is first", async () => {
      const { peers } = await open();
      const replicas = await peers(3);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => replicas[i % 3]!.once.use("approval:abc", T0, MIN)),
      );
      expect(results.filter(Boolean).length).toBe(1);
    });
  });

  describe("secrets", () => {
    it("32 bytes per name, the same on every replica, asked at once or later; names differ", async () => {
      const { store, peers } = await open();
      const replicas = await peers(3);
      const first = await Promise.all(replicas.map((r) => r.secret("confirmation-tokens")));
      expect(first[0]!.length).toBe(32);
      for (const s of first) expect(s.equals(first[0]!)).toBe(true);
      expect((await store.secret("confirmation-tokens")).equals(first[0]!)).toBe(true);
      expect((await store.secret("approver-sessions")).equals(first[0]!)).toBe(false);
      expect((await replicas[2]!.secret("approver-sessions")).equals(await store.secret("approver-sessions"))).toBe(
        true,
      );
    });
  });

  describe("rates", () => {
    it("counts requests per client in a window that starts with the client's first request", async () => {
      const { store } = await open();
      expect(await store.rates.take("alice", 1, 3, MIN, T0)).toEqual({ ok: true });
      expect(await store.rates.take("alice", 2, 3, MIN, T0 + 10 * SEC)).toEqual({ ok: true });
      expect(await store.rates.take("alice", 1, 3, MIN, T0 + 20 * SEC)).toEqual({ ok: false, retryAfterSeconds: 40 });
      expect(await store.rates.take("bob", 3, 3, MIN, T0 + 20 * SEC)).toEqual({ ok: true });
      expect(await store.rates.take("alice", 3, 3, MIN, T0 + MIN)).toEqual({ ok: true });
    });

    it("refuses all of n when they do not fit, counting none of them; retryAfter is at least a second", async () => {
      const { store } = await open();
      await store.rates.take("c", 2, 3, MIN, T0);
      expect(await store.rates.take("c", 2, 3, MIN, T0)).toEqual({ ok: false, retryAfterSeconds: 60 });
      expect(await store.rates.take("c", 1, 3, MIN, T0 + MIN - 1)).toEqual({ ok: true });
      expect(await store.rates.take("c", 1, 3, MIN, T0 + MIN - 1)).toEqual({ ok: false, retryAfterSeconds: 1 });
      expect(await store.rates.take("d", 5, 3, MIN, T0)).toEqual({ ok: false, retryAfterSeconds: 60 });
    });

    it("a client name of any length and content is one client", async () => {
      const { store } = await open();
      const long = `label:${"x".repeat(5_000)}`;
      expect(await store.rates.take(long, 1, 1, MIN, T0)).toEqual({ ok: true });
      expect(await store.rates.take(long, 1, 1, MIN, T0)).toMatchObject({ ok: false });
      expect(await store.rates.take(`${long}y`, 1, 1, MIN, T0)).toEqual({ ok: true });
      expect(await store.rates.take("sp ace\n:{}*", 1, 1, MIN, T0)).toEqual({ ok: true });
    });

    it("20 requests of one client at once, from 4 replicas, with a limit of 5: exactly 5 pass", async () => {
      const { peers } = await open();
      const replicas = await peers(4);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => replicas[i % 4]!.rates.take("10.0.0.7", 1, 5, MIN, T0)),
      );
      expect(tally(results)).toEqual({ true: 5, false: 15 });
    });
  });
}
