/** Pending approvals: decided once, used once, nothing after expiry; the inbox and the lookup by request. */
import { describe, expect, it } from "vitest";
import {
  APPROVAL_BOUNDS_PER_CLIENT,
  ApprovalBoundError,
  type ApprovalRecord,
  type InboxCursor,
} from "../../../src/state/store.js";
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
    // Issue 23: one client within its rate limit left dozens of half-megabyte approvals waiting, and in memory
    // pushed out every other client's. Its share is bounded in count and in bytes; past it, its own next one is
    // refused (atomically: the count and the write are one step), and another client still gets its place.
    it("bounds each client's pending approvals in count, and another client still gets its place", async () => {
      const { store } = await open();
      const { count } = APPROVAL_BOUNDS_PER_CLIENT;
      const flood = Array.from({ length: count + 5 }, (_, i) =>
        approval(`f${i}`, { requestKey: `f${i}`, client: "10.0.0.9", createdAt: T0 + i }),
      );
      const results = await Promise.allSettled(flood.map((a) => store.approvals.create(a)));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(count);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ApprovalBoundError);
      const other = approval("o1", { requestKey: "o1", client: "10.0.0.7", createdAt: T0 + 100 });
      await store.approvals.create(other);
      expect(await store.approvals.get("o1")).toEqual(other);
      // A decided one leaves the share: the client may ask again.
      expect(await store.approvals.decide("f0", "declined", "ops", T0 + 101)).toBe(true);
      await store.approvals.create(approval("f-next", { requestKey: "fn", client: "10.0.0.9", createdAt: T0 + 102 }));
      await expect(
        store.approvals.create(approval("f-over", { requestKey: "fo", client: "10.0.0.9", createdAt: T0 + 103 })),
      ).rejects.toThrow(ApprovalBoundError);
    });

    it("keeps what the approver attested with the decision, on every replica; a decision without one has none", async () => {
      const { store, peers } = await open();
      const [other] = await peers(1);
      const text = '{"consent_basis":"prior_express_written_consent"}';
      await store.approvals.create(approval("att", { requestKey: "att" }));
      await store.approvals.create(approval("plain", { requestKey: "plain" }));
      expect(await store.approvals.decide("att", "approved", "local browser", T0 + 1, "seal", text)).toBe(true);
      expect(await store.approvals.decide("plain", "approved", "local browser", T0 + 1, "seal")).toBe(true);
      expect(await other!.approvals.get("att")).toMatchObject({ attested: text, decisionSeal: "seal" });
      expect((await other!.approvals.get("plain"))?.attested).toBeUndefined();
      expect(await other!.approvals.consume("att", T0 + 2)).toBe(true);
      expect(await store.approvals.get("att")).toMatchObject({ status: "used", attested: text });
      expect(await store.approvals.findOpen("att", T0 + 3)).toBeUndefined();
    });

    it("bounds each client's pending approvals in bytes of view", async () => {
      const { store } = await open();
      const big = "x".repeat(512 * 1024);
      const fits = Math.floor(APPROVAL_BOUNDS_PER_CLIENT.bytes / (big.length + 100));
      for (let i = 0; i < fits; i++)
        await store.approvals.create(
          approval(`b${i}`, { requestKey: `b${i}`, client: "10.0.0.9", view: { note: big } }),
        );
      await expect(
        store.approvals.create(approval("b-over", { requestKey: "bo", client: "10.0.0.9", view: { note: big } })),
      ).rejects.toThrow(ApprovalBoundError);
      expect(await store.approvals.get("b-over")).toBeUndefined();
      await store.approvals.create(approval("o-big", { requestKey: "ob", client: "10.0.0.7", view: { note: big } }));
      expect(
        (await store.approvals.listPending(T0 + 1, { order: "newest", size: 100 })).entries.map((r) => r.id),
      ).toContain("o-big");
    });

    it("keeps a record as created, and records who decided and when", async () => {
      const { store } = await open();
      const a = approval("a1");
      await store.approvals.create(a);
      expect(await store.approvals.get("a1")).toEqual(a);
      expect(await store.approvals.get("nope")).toBeUndefined();
      expect(await store.approvals.decide("a1", "approved", "local browser", T0 + SEC)).toBe(true);
      expect(await store.approvals.get("a1")).toEqual({
        ...a,
        status: "approved",
        decidedAt: T0 + SEC,
        decidedBy: "local browser",
      });
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
      await store.approvals.create(
        approval("other", { requestKey: "req-2", createdAt: T0 + 2 * MIN, expiresAt: T0 + 2 * MIN + TTL }),
      );
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

    it("listPending is the inbox: pending and unexpired only, newest first, at most `size`, light records only", async () => {
      const { store } = await open();
      for (let i = 0; i < 5; i++)
        await store.approvals.create(
          approval(`p${i}`, {
            requestKey: `r${i}`,
            createdAt: T0 + i * MIN,
            expiresAt: T0 + i * MIN + TTL,
            summary: { lite: `p${i}` },
          }),
        );
      await store.approvals.decide("p3", "approved", "ops", T0 + 5 * MIN);
      const ids = async (now: number, size: number) =>
        (await store.approvals.listPending(now, { order: "newest", size })).entries.map((a) => a.id);
      expect(await ids(T0 + 5 * MIN, 10)).toEqual(["p4", "p2", "p1", "p0"]);
      expect(await ids(T0 + 5 * MIN, 2)).toEqual(["p4", "p2"]);
      expect(await store.approvals.listPending(T0 + 5 * MIN, { order: "newest", size: 0 })).toEqual({
        entries: [],
        total: 4,
      });
      // Each entry is the light record stored beside the full one, never the record or its view.
      const page = await store.approvals.listPending(T0 + 5 * MIN, { order: "newest", size: 10 });
      expect(page.entries[0]).toEqual({ id: "p4", createdAt: T0 + 4 * MIN, summary: { lite: "p4" } });
      expect(page.total).toBe(4);
      expect(page.next).toBeUndefined();
      // get() gives the full record, as created but for its light record.
      expect(await store.approvals.get("p4")).toEqual(
        approval("p4", { requestKey: "r4", createdAt: T0 + 4 * MIN, expiresAt: T0 + 4 * MIN + TTL }),
      );
      expect(await ids(T0 + TTL + MIN, 10)).toEqual(["p4", "p2"]);
    });

    it("pages the inbox with a cursor, newest or oldest first, each pending approval exactly once, ties by id", async () => {
      const { store } = await open();
      // Five share one millisecond: the order within it is by id, on both stores.
      const created = Array.from({ length: 23 }, (_, i) => ({
        id: `q${String(i).padStart(2, "0")}${"zyxwv"[i % 5]}`,
        at: T0 + (i < 5 ? 0 : i),
      }));
      for (const c of created)
        await store.approvals.create(
          approval(c.id, { requestKey: c.id, createdAt: c.at, expiresAt: c.at + TTL, summary: { id: c.id } }),
        );
      const byAge = [...created].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)).map((c) => c.id);
      for (const order of ["newest", "oldest"] as const) {
        const seen: string[] = [];
        let after: InboxCursor | undefined;
        for (let pages = 0; pages < 20; pages++) {
          const page = await store.approvals.listPending(T0 + 30, { order, size: 4, after });
          expect(page.total).toBe(23);
          seen.push(...page.entries.map((e) => e.id));
          after = page.next;
          if (!after) break;
        }
        expect(seen).toEqual(order === "oldest" ? byAge : [...byAge].reverse());
      }
    });

    it("a cursor stays true while approvals are added and decided between pages: none listed twice, none of the first skipped", async () => {
      const { store } = await open();
      for (let i = 0; i < 12; i++)
        await store.approvals.create(
          approval(`s${String(i).padStart(2, "0")}`, {
            requestKey: `s${i}`,
            createdAt: T0 + i,
            expiresAt: T0 + i + TTL,
          }),
        );
      for (const order of ["newest", "oldest"] as const) {
        const seen: string[] = [];
        let after: InboxCursor | undefined;
        let added = 0;
        for (let pages = 0; pages < 20; pages++) {
          const page = await store.approvals.listPending(T0 + 100, { order, size: 5, after });
          seen.push(...page.entries.map((e) => e.id));
          // Meanwhile: two more asked, one decided.
          for (let k = 0; k < 2; k++, added++)
            await store.approvals.create(
              approval(`n-${order}-${added}`, {
                requestKey: `n-${order}-${added}`,
                createdAt: T0 + 50 + added,
                expiresAt: T0 + 50 + added + TTL,
              }),
            );
          after = page.next;
          if (!after) break;
        }
        expect(new Set(seen).size).toBe(seen.length);
        for (let i = 0; i < 12; i++) expect(seen).toContain(`s${String(i).padStart(2, "0")}`);
      }
    });

    it("20 decisions and 20 uses at once, from 4 replicas: one of each wins", async () => {
      const { store, peers } = await open();
      const replicas = await peers(4);
      await store.approvals.create(approval("a1"));
      const decided = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          replicas[i % 4]!.approvals.decide("a1", i % 2 ? "approved" : "declined", `r${i}`, T0),
        ),
      );
      expect(decided.filter(Boolean).length).toBe(1);
      await store.approvals.create(approval("a2"));
      await store.approvals.decide("a2", "approved", "ops", T0);
      const used = await Promise.all(
        Array.from({ length: 20 }, (_, i) => replicas[i % 4]!.approvals.consume("a2", T0 + SEC)),
      );
      expect(used.filter(Boolean).length).toBe(1);
    });
  });
}
