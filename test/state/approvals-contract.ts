/**
 * The contract every ApprovalStore keeps (memory now; Redis runs the same cases):
 * each transition happens once, time runs out, an open approval is found only for
 * its own request, the inbox lists only what is pending, newest first.
 */
import { describe, expect, it } from "vitest";
import type { ApprovalRecord, ApprovalStore } from "../../src/state/store.js";

const T0 = Date.parse("2026-11-21T15:00:00Z");
let counter = 0;

function record(over: Partial<ApprovalRecord> = {}): ApprovalRecord {
  counter += 1;
  return {
    id: `apr_${String(counter).padStart(18, "0")}`,
    requestKey: "key-a",
    tool: "create_call",
    secretHash: "0".repeat(64),
    view: { rows: [{ e164: "+14155552671" }] },
    createdAt: T0,
    expiresAt: T0 + 60_000,
    status: "pending",
    ...over,
  };
}

export function approvalStoreContract(name: string, make: () => Promise<ApprovalStore>): void {
  describe(`ApprovalStore contract: ${name}`, () => {
    it("stores and returns a record as written, and refuses a second record with the same id", async () => {
      const store = await make();
      const r = record();
      await store.create(r);
      expect(await store.get(r.id)).toEqual(r);
      await expect(store.create(r)).rejects.toThrow();
      expect(await store.get("apr_unknown")).toBeUndefined();
    });

    it("decides once: pending -> approved, then neither approve nor decline again", async () => {
      const store = await make();
      const r = record();
      await store.create(r);
      expect(await store.decide(r.id, "approved", "local browser", T0 + 1)).toBe(true);
      expect(await store.decide(r.id, "approved", "someone else", T0 + 2)).toBe(false);
      expect(await store.decide(r.id, "declined", "someone else", T0 + 2)).toBe(false);
      expect(await store.get(r.id)).toMatchObject({
        status: "approved",
        decidedAt: T0 + 1,
        decidedBy: "local browser",
      });
    });

    it("consumes once, and only an approved record", async () => {
      const store = await make();
      const pending = record();
      const declined = record();
      const approved = record();
      for (const r of [pending, declined, approved]) await store.create(r);
      await store.decide(declined.id, "declined", "x", T0 + 1);
      await store.decide(approved.id, "approved", "x", T0 + 1);
      expect(await store.consume(pending.id, T0 + 2)).toBe(false);
      expect(await store.consume(declined.id, T0 + 2)).toBe(false);
      expect(await store.consume(approved.id, T0 + 2)).toBe(true);
      expect(await store.consume(approved.id, T0 + 3)).toBe(false);
      expect((await store.get(approved.id))?.status).toBe("used");
      expect(await store.consume("apr_unknown", T0)).toBe(false);
    });

    it("once its time ran out, a record can be neither decided nor consumed", async () => {
      const store = await make();
      const late = record();
      const unused = record();
      await store.create(late);
      await store.create(unused);
      expect(await store.decide(late.id, "approved", "x", late.expiresAt)).toBe(false);
      await store.decide(unused.id, "approved", "x", T0 + 1);
      expect(await store.consume(unused.id, unused.expiresAt)).toBe(false);
    });

    it("findOpen: the newest pending or approved record of exactly that request, never used, declined or expired ones", async () => {
      const store = await make();
      const key = `key-${counter}`;
      const older = record({ requestKey: key, createdAt: T0 });
      const newer = record({ requestKey: key, createdAt: T0 + 10 });
      const other = record({ requestKey: `${key}-other`, createdAt: T0 + 20 });
      for (const r of [older, newer, other]) await store.create(r);
      expect((await store.findOpen(key, T0 + 30))?.id).toBe(newer.id);
      await store.decide(newer.id, "declined", "x", T0 + 31);
      expect((await store.findOpen(key, T0 + 32))?.id).toBe(older.id);
      await store.decide(older.id, "approved", "x", T0 + 33);
      expect(await store.findOpen(key, T0 + 34)).toMatchObject({ id: older.id, status: "approved" });
      await store.consume(older.id, T0 + 35);
      expect(await store.findOpen(key, T0 + 36)).toBeUndefined();
      expect(await store.findOpen(`${key}-other`, other.expiresAt)).toBeUndefined();
    });

    it("listPending: only pending and unexpired, newest first, at most `size`", async () => {
      const store = await make();
      const base = T0 + 1_000_000;
      const a = record({ createdAt: base, expiresAt: base + 100 });
      const b = record({ createdAt: base + 1, expiresAt: base + 100 });
      const c = record({ createdAt: base + 2, expiresAt: base + 100 });
      const gone = record({ createdAt: base + 3, expiresAt: base + 5 });
      for (const r of [a, b, c, gone]) await store.create(r);
      await store.decide(b.id, "approved", "x", base + 4);
      const listed = (await store.listPending(base + 10, { order: "newest", size: 10 })).entries.map((r) => r.id);
      expect(listed.filter((id) => [a.id, b.id, c.id, gone.id].includes(id))).toEqual([c.id, a.id]);
      expect((await store.listPending(base + 10, { order: "newest", size: 1 })).entries).toHaveLength(1);
    });
  });
}
