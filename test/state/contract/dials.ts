/** The dial ledger's contract: dedupe by request and by number, leases, takeover, forgetting. */
import { describe, expect, it } from "vitest";
import type { OpenStore } from "../store-contract.js";
import { A, B, C, LEASE, SEC, T0, WINDOW, claim, placed, tally } from "./support.js";

export function dialContract(open: OpenStore): void {
  describe("dials: one request", () => {
    it("the first claim owns the dial with its Idempotency-Key; the record says who and what", async () => {
      const { store } = await open();
      const req = claim({ numbers: [A, B], tool: "submit_batch" });
      expect(await store.dials.claim(req)).toEqual({
        kind: "claimed",
        idempotencyKey: req.idempotencyKey,
        takeover: false,
      });
      expect(await store.dials.get(req.requestKey)).toEqual({
        requestKey: req.requestKey,
        tool: "submit_batch",
        numbers: [A, B],
        startedAt: T0,
        idempotencyKey: req.idempotencyKey,
        owner: req.owner,
        state: { kind: "in_flight", leaseUntil: T0 + LEASE },
      });
    });

    it("rekey sets the in-flight claim's Idempotency-Key for its owner only; a takeover then finds that key", async () => {
      const { store } = await open();
      const req = claim();
      await store.dials.claim(req);
      expect(await store.dials.rekey(req.requestKey, "not-the-owner", "stolen")).toBe(false);
      expect(await store.dials.rekey(req.requestKey, req.owner, "from-the-approval")).toBe(true);
      expect(await store.dials.get(req.requestKey)).toMatchObject({
        idempotencyKey: "from-the-approval",
        owner: req.owner,
      });
      const taken = await store.dials.claim({ ...req, owner: "o2", idempotencyKey: "fresh", now: T0 + LEASE + SEC });
      expect(taken).toEqual({
        kind: "claimed",
        idempotencyKey: "from-the-approval",
        takeover: true,
        previousOwner: req.owner,
      });
      // Settled: the key is what was sent, and stays.
      await store.dials.settle(
        req.requestKey,
        "o2",
        placed(T0 + LEASE + 2 * SEC, ["c-1"]),
        T0 + LEASE + 2 * SEC,
        WINDOW,
      );
      expect(await store.dials.rekey(req.requestKey, "o2", "late")).toBe(false);
      expect(await store.dials.rekey("no-such-request", req.owner, "x")).toBe(false);
    });

    it("a repeat while in flight is the same request, and claims nothing", async () => {
      const { store } = await open();
      const req = claim();
      await store.dials.claim(req);
      const again = await store.dials.claim({
        ...req,
        owner: "someone-else",
        idempotencyKey: "other",
        now: T0 + 5 * SEC,
      });
      expect(again).toMatchObject({
        kind: "same_request",
        record: { owner: req.owner, idempotencyKey: req.idempotencyKey, state: { kind: "in_flight" } },
      });
    });

    it("a placed dial answers repeats with its summary for the window, then is forgotten", async () => {
      const { store } = await open();
      const req = claim();
      await store.dials.claim(req);
      await store.dials.settle(req.requestKey, req.owner, placed(T0 + SEC, ["c-1", "c-2"]), T0 + SEC, WINDOW);
      const repeat = await store.dials.claim({ ...req, owner: "o2", now: T0 + WINDOW });
      expect(repeat).toEqual({
        kind: "same_request",
        record: expect.objectContaining({
          state: {
            kind: "placed",
            at: T0 + SEC,
            summary: { call_id: "c-1", status: "queued" },
            callIds: ["c-1", "c-2"],
          },
        }),
      });
      // The window runs from the settlement time: at + window is past it.
      const later = await store.dials.claim({ ...req, owner: "o3", idempotencyKey: "fresh", now: T0 + SEC + WINDOW });
      expect(later).toEqual({ kind: "claimed", idempotencyKey: "fresh", takeover: false });
    });

    it("an unknown outcome is remembered like a placed one (it may have reached someone)", async () => {
      const { store } = await open();
      const req = claim();
      await store.dials.claim(req);
      await store.dials.settle(
        req.requestKey,
        req.owner,
        { kind: "unknown", at: T0, message: "the answer was lost" },
        T0,
        WINDOW,
      );
      expect(await store.dials.claim({ ...req, owner: "o2", now: T0 + SEC })).toMatchObject({
        kind: "same_request",
        record: { state: { kind: "unknown", at: T0, message: "the answer was lost" } },
      });
      expect(await store.dials.claim(claim({ numbers: [A], now: T0 + SEC }))).toMatchObject({ kind: "recent_numbers" });
    });

    it("not_placed forgets the request and its numbers at once, so a corrected retry goes", async () => {
      const { store } = await open();
      const req = claim({ numbers: [A, B] });
      await store.dials.claim(req);
      await store.dials.settle(req.requestKey, req.owner, { kind: "not_placed" }, T0 + SEC, WINDOW);
      expect(await store.dials.get(req.requestKey)).toBeUndefined();
      expect(await store.dials.recentByNumber([A, B], T0 + SEC, WINDOW)).toEqual([]);
      expect(await store.dials.claim({ ...req, owner: "o2", idempotencyKey: "k2", now: T0 + 2 * SEC })).toEqual({
        kind: "claimed",
        idempotencyKey: "k2",
        takeover: false,
      });
      expect(await store.dials.claim(claim({ numbers: [B], now: T0 + 2 * SEC }))).toMatchObject({
        kind: "recent_numbers",
      });
    });

    it("only the owner settles or renews; a stranger's settle changes nothing", async () => {
      const { store } = await open();
      const req = claim();
      await store.dials.claim(req);
      await store.dials.settle(req.requestKey, "stranger", { kind: "not_placed" }, T0, WINDOW);
      await store.dials.settle(req.requestKey, "stranger", placed(T0), T0, WINDOW);
      expect(await store.dials.renew(req.requestKey, "stranger", T0 + 10 * LEASE)).toBe(false);
      expect(await store.dials.get(req.requestKey)).toMatchObject({
        owner: req.owner,
        state: { kind: "in_flight", leaseUntil: T0 + LEASE },
      });
      expect(await store.dials.renew("no-such-request", req.owner, T0 + LEASE)).toBe(false);
    });

    it("renew keeps a claim alive past its first lease; a settled dial cannot be renewed", async () => {
      const { store } = await open();
      const req = claim();
      await store.dials.claim(req);
      expect(await store.dials.renew(req.requestKey, req.owner, T0 + 3 * LEASE)).toBe(true);
      expect(await store.dials.get(req.requestKey)).toMatchObject({
        state: { kind: "in_flight", leaseUntil: T0 + 3 * LEASE },
      });
      const during = await store.dials.claim({ ...req, owner: "o2", now: T0 + 2 * LEASE });
      expect(during).toMatchObject({ kind: "same_request" });
      expect(await store.dials.claim(claim({ numbers: [A], now: T0 + 2 * LEASE }))).toMatchObject({
        kind: "recent_numbers",
      });
      await store.dials.settle(req.requestKey, req.owner, placed(T0 + 2 * LEASE), T0 + 2 * LEASE, WINDOW);
      expect(await store.dials.renew(req.requestKey, req.owner, T0 + 9 * LEASE)).toBe(false);
    });
  });

  describe("dials: a claim whose owner died", () => {
    it("is taken over by a repeat after the lease, with its Idempotency-Key; the old owner can no longer settle", async () => {
      const { store } = await open();
      const first = claim();
      await store.dials.claim(first);
      const at = T0 + LEASE + SEC;
      const second = { ...first, owner: "new-owner", idempotencyKey: "would-be-new", now: at };
      expect(await store.dials.claim(second)).toEqual({
        kind: "claimed",
        idempotencyKey: first.idempotencyKey,
        takeover: true,
        previousOwner: first.owner,
      });
      expect(await store.dials.get(first.requestKey)).toMatchObject({
        owner: "new-owner",
        idempotencyKey: first.idempotencyKey,
        startedAt: at,
      });
      await store.dials.settle(first.requestKey, first.owner, { kind: "not_placed" }, at, WINDOW);
      expect(await store.dials.renew(first.requestKey, first.owner, at + LEASE)).toBe(false);
      expect(await store.dials.get(first.requestKey)).toMatchObject({ owner: "new-owner" });
    });

    it("still blocks its numbers for other requests after the lease, for the window from its start (it may have sent)", async () => {
      const { store } = await open();
      await store.dials.claim(claim({ numbers: [A] }));
      expect(await store.dials.claim(claim({ numbers: [A], now: T0 + LEASE - 1 }))).toMatchObject({
        kind: "recent_numbers",
      });
      const after = await store.dials.claim(claim({ numbers: [A], now: T0 + LEASE + SEC }));
      expect(after).toMatchObject({
        kind: "recent_numbers",
        matches: [{ index: 0, number: A, record: { state: { kind: "in_flight", leaseUntil: T0 + LEASE } } }],
      });
      expect((await store.dials.recentByNumber([A], T0 + WINDOW - 1, WINDOW)).length).toBe(1);
      // A second call that is meant goes; after the window, anyone may dial the number.
      expect(
        await store.dials.claim(claim({ numbers: [A], allowRecentNumbers: true, now: T0 + LEASE + SEC })),
      ).toMatchObject({ kind: "claimed" });
      expect(await store.dials.claim(claim({ numbers: [B] }))).toMatchObject({ kind: "claimed" });
      expect(await store.dials.claim(claim({ numbers: [B], now: T0 + WINDOW }))).toMatchObject({ kind: "claimed" });
    });

    it("is forgotten a window after its lease: a repeat then starts afresh with its own key", async () => {
      const { store } = await open();
      const first = claim();
      await store.dials.claim(first);
      const late = { ...first, owner: "late", idempotencyKey: "late-key", now: T0 + LEASE + WINDOW };
      expect(await store.dials.claim(late)).toEqual({ kind: "claimed", idempotencyKey: "late-key", takeover: false });
    });

    it("a takeover that sent nothing goes back to the dead owner: the next repeat takes it over again, with the first key", async () => {
      const { store } = await open();
      const first = claim({ numbers: [A] });
      await store.dials.claim(first);
      const at = T0 + LEASE + SEC;
      const second = { ...first, owner: "second", idempotencyKey: "second-key", now: at };
      expect(await store.dials.claim(second)).toMatchObject({
        kind: "claimed",
        idempotencyKey: first.idempotencyKey,
        takeover: true,
      });
      // Refused before sending (a person did not answer in time, calling hours, …): the first owner may have sent.
      await store.dials.settle(
        first.requestKey,
        "second",
        { kind: "not_placed", returnTo: first.owner },
        at + SEC,
        WINDOW,
      );
      expect(await store.dials.get(first.requestKey)).toMatchObject({
        owner: first.owner,
        idempotencyKey: first.idempotencyKey,
        state: { kind: "in_flight", leaseUntil: at + SEC },
      });
      const third = { ...first, owner: "third", idempotencyKey: "third-key", now: at + 2 * SEC };
      expect(await store.dials.claim(third)).toEqual({
        kind: "claimed",
        idempotencyKey: first.idempotencyKey,
        takeover: true,
        previousOwner: first.owner,
      });
      // Remembered a window beyond the ended lease, like any dead claim.
      await store.dials.settle(
        first.requestKey,
        "third",
        { kind: "not_placed", returnTo: first.owner },
        at + 3 * SEC,
        WINDOW,
      );
      const late = { ...first, owner: "late", idempotencyKey: "late-key", now: at + 3 * SEC + WINDOW - 1 };
      expect(await store.dials.claim(late)).toMatchObject({
        kind: "claimed",
        idempotencyKey: first.idempotencyKey,
        takeover: true,
      });
    });

    it("a takeover refused for recent numbers keeps the dead claim and its key for a later takeover", async () => {
      const { store } = await open();
      const first = claim({ numbers: [A, B] });
      await store.dials.claim(first);
      // After the lease, another request dials B, saying that a second call is meant.
      const other = claim({ numbers: [B], allowRecentNumbers: true, now: T0 + LEASE + SEC });
      expect(await store.dials.claim(other)).toMatchObject({ kind: "claimed" });
      const retry = { ...first, owner: "retry", idempotencyKey: "new-key", now: T0 + LEASE + 2 * SEC };
      expect(await store.dials.claim(retry)).toMatchObject({
        kind: "recent_numbers",
        matches: [{ index: 1, number: B }],
      });
      await store.dials.settle(other.requestKey, other.owner, { kind: "not_placed" }, T0 + LEASE + 3 * SEC, WINDOW);
      expect(await store.dials.claim({ ...retry, now: T0 + LEASE + 4 * SEC })).toEqual({
        kind: "claimed",
        idempotencyKey: first.idempotencyKey,
        takeover: true,
        previousOwner: first.owner,
      });
    });
  });

  describe("dials: by number", () => {
    it("another request to a number dialed within the window is refused, row by row, and claims nothing", async () => {
      const { store } = await open();
      const earlier = claim({ numbers: [B] });
      await store.dials.claim(earlier);
      await store.dials.settle(earlier.requestKey, earlier.owner, placed(T0), T0, WINDOW);
      const batch = claim({ numbers: [A, B, C, B], now: T0 + SEC });
      const result = await store.dials.claim(batch);
      expect(result.kind).toBe("recent_numbers");
      if (result.kind !== "recent_numbers") return;
      expect(result.matches.map((m) => [m.index, m.number, m.record.requestKey])).toEqual([
        [1, B, earlier.requestKey],
        [3, B, earlier.requestKey],
      ]);
      expect(result.matches[0]?.record.state).toMatchObject({ kind: "placed" });
      // All or nothing: the batch holds nothing, A and C stay free.
      expect(await store.dials.get(batch.requestKey)).toBeUndefined();
      expect(await store.dials.claim(claim({ numbers: [A, C], now: T0 + SEC }))).toMatchObject({ kind: "claimed" });
    });

    it("allowRecentNumbers lets a second call to the number go; the request itself is still deduped", async () => {
      const { store } = await open();
      await store.dials.claim(claim({ numbers: [A] }));
      const meant = claim({ numbers: [A], allowRecentNumbers: true, now: T0 + SEC });
      expect(await store.dials.claim(meant)).toMatchObject({ kind: "claimed" });
      expect(await store.dials.claim({ ...meant, owner: "x" })).toMatchObject({ kind: "same_request" });
      expect((await store.dials.recentByNumber([A], T0 + 2 * SEC, WINDOW)).length).toBe(2);
    });

    it("recentByNumber lists live dials per row without claiming, and none after their window", async () => {
      const { store } = await open();
      const one = claim({ numbers: [A, B] });
      await store.dials.claim(one);
      await store.dials.settle(one.requestKey, one.owner, placed(T0), T0, WINDOW);
      const found = await store.dials.recentByNumber([C, B, A], T0 + SEC, WINDOW);
      expect(found.map((m) => [m.index, m.number, m.record.requestKey])).toEqual([
        [1, B, one.requestKey],
        [2, A, one.requestKey],
      ]);
      expect(await store.dials.recentByNumber([A, B], T0 + WINDOW, WINDOW)).toEqual([]);
      expect(await store.dials.claim(claim({ numbers: [A], now: T0 + WINDOW }))).toMatchObject({ kind: "claimed" });
    });

    it("a dial is remembered for the window it was settled with", async () => {
      const { store } = await open();
      const one = claim();
      await store.dials.claim(one);
      await store.dials.settle(one.requestKey, one.owner, placed(T0), T0, 2 * WINDOW);
      expect(await store.dials.claim(claim({ numbers: [A], now: T0 + WINDOW + SEC }))).toMatchObject({
        kind: "recent_numbers",
      });
      expect(await store.dials.claim(claim({ numbers: [A], now: T0 + 2 * WINDOW }))).toMatchObject({ kind: "claimed" });
    });
  });

  describe("dials: concurrency", () => {
    it("50 different requests for one number at once, from 5 replicas: exactly one claims it", async () => {
      const { peers } = await open();
      const replicas = await peers(5);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => replicas[i % 5]!.dials.claim(claim({ numbers: [A] }))),
      );
      expect(tally(results)).toEqual({ claimed: 1, recent_numbers: 49 });
    });

    it("50 repeats of one request at once, from 5 replicas: one claims, 49 see the same request", async () => {
      const { peers } = await open();
      const replicas = await peers(5);
      const req = claim();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          replicas[i % 5]!.dials.claim({ ...req, owner: `o${i}`, idempotencyKey: `k${i}` }),
        ),
      );
      expect(tally(results)).toEqual({ claimed: 1, same_request: 49 });
    });

    it("20 takeovers of one dead claim at once: exactly one takes it, with the dead claim's key", async () => {
      const { store, peers } = await open();
      const replicas = await peers(4);
      const dead = claim();
      await store.dials.claim(dead);
      const at = T0 + LEASE + SEC;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          replicas[i % 4]!.dials.claim({ ...dead, owner: `o${i}`, idempotencyKey: `k${i}`, now: at }),
        ),
      );
      expect(tally(results)).toEqual({ claimed: 1, same_request: 19 });
      expect(results.find((r) => r.kind === "claimed")).toEqual({
        kind: "claimed",
        idempotencyKey: dead.idempotencyKey,
        takeover: true,
        previousOwner: dead.owner,
      });
    });

    it("batches overlapping on one number at once: exactly one of them claims", async () => {
      const { peers } = await open();
      const replicas = await peers(3);
      const rows = [[A, B], [B, C], [C, A], [A], [B], [C]];
      const results = await Promise.all(rows.map((numbers, i) => replicas[i % 3]!.dials.claim(claim({ numbers }))));
      const claimed = rows.filter((_, i) => results[i]?.kind === "claimed");
      // No number is held by two claims.
      const held = claimed.flat();
      expect(new Set(held).size).toBe(held.length);
      expect(claimed.length).toBeGreaterThanOrEqual(1);
    });
  });
}
