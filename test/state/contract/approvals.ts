/** Pending approvals: decided once, used once, nothing after expiry; the inbox and the lookup by request. */
import { describe, expect, it } from "vitest";
import type { ApprovalRecord } from "../../../src/state/store.js";
import type { OpenStore } from "../store-contract.js";
import { MIN, SEC, T0 } from "./support.js";

const TTL = 10 * MIN;

function approval(id: string, over: Partial<ApprovalRecord> = {}): ApprovalRecord {
  return {
    id,
    requestKey: "req-1",
    tool: "create_call",
    secretHash: "ab".repeat(32),
    view: { to: "+14155550101", agent: "Support", note: "ünïcode ✓" },
    createdAt: T0,
    expiresAt: T0 + TTL,
    status: "pending",
    ...over,
  };
}

export function approvalContract(open: OpenStore): void {
  describe("approvals", () => {
    it("keeps a record as created, and records who decided and when", async () => {
      const { store } = await open();
      const a = approval("a1");
      await store.approvals.create(a);
      expect(await store.approvals.get("a1")).toEqual(a);
      expect(await store.approvals.get("nope")).toBeUndefined();
      expect(await store.approvals.decide("a1", "approved", "local browser", T0 + SEC)).toBe(true);
      expect(await store.approvals.get("a1")).toEqual({ ...a, status: "approved", decidedAt: T0 + SEC, decidedBy: "local browser" });
    });

    it("is decided once: a second decision, or one after expiry, is refused", async () => {
      const { store } = await open();
      await store.approvals.create(approval("a1"));
      await store.approvals.create(approval("a2"));
      expect(await store.approvals.decide("a1", "declined", "ops", T0)).toBe(true);
      expect(await store.approvals.decide("a1", "approved", "ops", T0)).toBe(false);
      expect(await store.approvals.get("a1")).toMatchObject({ status: "declined", decidedBy: "ops" });
      expect(await store.approvals.decide("a2", "approved", "ops", T0 + TTL)).toBe(false);
      expect(await store.approvals.decide("missing", "approved", "ops", T0)).toBe(false);
    });

    it("is used once, only when approved and not expired", async () => {
      const { store } = await open();
      for (const id of ["a1", "a2", "a3"]) await store.approvals.create(approval(id));
      expect(await store.approvals.consume("a1", T0)).toBe(false);
      await store.approvals.decide("a1", "approved", "ops", T0);
      expect(await store.approvals.consume("a1", T0 + SEC)).toBe(true);
      expect(await store.approvals.consume("a1", T0 + SEC)).toBe(false);
      expect(await store.approvals.get("a1")).toMatchObject({ status: "used" });
      await store.approvals.decide("a2", "declined", "ops", T0);
      expect(await store.approvals.consume("a2", T0)).toBe(false);
      await store.approvals.decide("a3", "approved", "ops", T0);
      expect(await store.approvals.consume("a3", T0 + TTL)).toBe(false);
    });

    it("findOpen returns the newest pending or approved approval of the request, never a used, declined or expired one", async () => {
      const { store } = await open();
      await store.approvals.create(approval("old", { createdAt: T0, expiresAt: T0 + TTL }));
      await store.approvals.create(approval("new", { createdAt: T0 + MIN, expiresAt: T0 + MIN + TTL }));
      await store.approvals.create(approval("other", { requestKey: "req-2", createdAt: T0 + 2 * MIN, expiresAt: T0 + 2 * MIN + TTL }));
      expect((await store.approvals.findOpen("req-1", T0 + 2 * MIN))?.id).toBe("new");
      await store.approvals.decide("new", "approved", "ops", T0 + 2 * MIN);
      expect(await store.approvals.findOpen("req-1", T0 + 2 * MIN)).toMatchObject({ id: "new", status: "approved" });
      await store.approvals.consume("new", T0 + 3 * MIN);
      expect((await store.approvals.findOpen("req-1", T0 + 3 * MIN))?.id).toBe("old");
      await store.approvals.decide("old", "declined", "ops", T0 + 3 * MIN);
      expect(await store.approvals.findOpen("req-1", T0 + 3 * MIN)).toBeUndefined();
      expect((await store.approvals.findOpen("req-2", T0 + 3 * MIN))?.id).toBe("other");
      expect(await store.approvals.findOpen("req-2", T0 + 2 * MIN + TTL)).toBeUndefined();
      expect(await store.approvals.findOpen("req-3", T0)).toBeUndefined();
    });

    it("listPending is the inbox: pending and unexpired only, newest first, at most `limit`", async () => {
      const { store } = await open();
      for (let i = 0; i < 5; i++) await store.approvals.create(approval(`p${i}`, { requestKey: `r${i}`, createdAt: T0 + i * MIN, expiresAt: T0 + i * MIN + TTL }));
      await store.approvals.decide("p3", "approved", "ops", T0 + 5 * MIN);
      expect((await store.approvals.listPending(T0 + 5 * MIN, 10)).map((a) => a.id)).toEqual(["p4", "p2", "p1", "p0"]);
      expect((await store.approvals.listPending(T0 + 5 * MIN, 2)).map((a) => a.id)).toEqual(["p4", "p2"]);
      expect((await store.approvals.listPending(T0 + TTL + MIN, 10)).map((a) => a.id)).toEqual(["p4", "p2"]);
      expect(await store.approvals.listPending(T0 + 5 * MIN, 0)).toEqual([]);
      expect((await store.approvals.listPending(T0 + 5 * MIN, 10))[0]).toEqual(approval("p4", { requestKey: "r4", createdAt: T0 + 4 * MIN, expiresAt: T0 + 4 * MIN + TTL }));
    });

    it("20 decisions and 20 uses at once, from 4 replicas: one of each wins", async () => {
      const { store, peers } = await open();
      const replicas = await peers(4);
      await store.approvals.create(approval("a1"));
      const decided = await Promise.all(Array.from({ length: 20 }, (_, i) => replicas[i % 4]!.approvals.decide("a1", i % 2 ? "approved" : "declined", `r${i}`, T0)));
      expect(decided.filter(Boolean).length).toBe(1);
      await store.approvals.create(approval("a2"));
      await store.approvals.decide("a2", "approved", "ops", T0);
      const used = await Promise.all(Array.from({ length: 20 }, (_, i) => replicas[i % 4]!.approvals.consume("a2", T0 + SEC)));
      expect(used.filter(Boolean).length).toBe(1);
    });
  });
}
