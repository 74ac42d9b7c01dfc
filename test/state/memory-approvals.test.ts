/** The in-memory ApprovalStore keeps the contract, and stays bounded. */
import { expect, it } from "vitest";
import { MemoryApprovals } from "../../src/state/memory-approvals.js";
import { approvalStoreContract } from "./approvals-contract.js";

approvalStoreContract("memory", async () => new MemoryApprovals());

it("keeps at most its bound, dropping the oldest first", async () => {
  const store = new MemoryApprovals(3);
  const now = Date.parse("2026-11-21T15:00:00Z");
  for (let i = 0; i < 5; i++) {
    await store.create({ id: `id${i}`, requestKey: "k", tool: "create_call", secretHash: "", view: {}, createdAt: now + i, expiresAt: now + 60_000, status: "pending" });
  }
  expect(await store.get("id0")).toBeUndefined();
  expect(await store.get("id1")).toBeUndefined();
  expect((await store.listPending(now + 10, 10)).map((r) => r.id)).toEqual(["id4", "id3", "id2"]);
});
