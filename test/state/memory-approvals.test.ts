/** The in-memory ApprovalStore keeps the contract, and stays bounded. */
import { expect, it } from "vitest";
import { MAX_APPROVAL_BYTES, MemoryApprovals } from "../../src/state/memory-approvals.js";
import { approvalStoreContract } from "./approvals-contract.js";

approvalStoreContract("memory", async () => new MemoryApprovals());

it("keeps at most its bound, dropping the oldest first", async () => {
  const store = new MemoryApprovals(3);
  const now = Date.parse("2026-11-21T15:00:00Z");
  for (let i = 0; i < 5; i++) {
    await store.create({
      id: `id${i}`,
      requestKey: "k",
      tool: "create_call",
      secretHash: "",
      view: {},
      createdAt: now + i,
      expiresAt: now + 60_000,
      status: "pending",
    });
  }
  expect(await store.get("id0")).toBeUndefined();
  expect(await store.get("id1")).toBeUndefined();
  expect((await store.listPending(now + 10, { order: "newest", size: 10 })).entries.map((r) => r.id)).toEqual([
    "id4",
    "id3",
    "id2",
  ]);
});

// Over --http one client within its rate limit asked for 60 batches a minute, each kept with its rows for the
// approval's lifetime and an hour after: a 60-row batch with full metadata is about 0.5 MB of view, and 10,000
// records of that (the count bound) is gigabytes. The bound must hold in bytes, not only in records.
it("keeps the views it holds under a byte budget, whatever each one weighs", async () => {
  const store = new MemoryApprovals();
  const now = Date.parse("2026-11-21T15:00:00Z");
  // One shared string: the test itself holds 1 MB, the store would count it per record.
  const big = "x".repeat(1024 * 1024);
  const ids: string[] = [];
  for (let i = 0; i < 200; i++) {
    ids.push(`id${i}`);
    await store.create({
      id: `id${i}`,
      requestKey: `k${i}`,
      tool: "submit_batch",
      secretHash: "",
      view: { rows: [{ contactName: big }] },
      createdAt: now + i,
      expiresAt: now + 600_000,
      status: "pending",
    });
  }
  const kept = (await Promise.all(ids.map((id) => store.get(id)))).filter((r) => r !== undefined);
  expect(kept.length * 1024 * 1024).toBeLessThanOrEqual(MAX_APPROVAL_BYTES);
  // The newest stays: the one a person is most likely about to decide.
  expect(await store.get("id199")).toBeDefined();
});

it("drops decided approvals before pending ones when it must make room", async () => {
  const store = new MemoryApprovals(3);
  const now = Date.parse("2026-11-21T15:00:00Z");
  const record = (i: number) => ({
    id: `id${i}`,
    requestKey: `k${i}`,
    tool: "create_call",
    secretHash: "",
    view: {},
    createdAt: now + i,
    expiresAt: now + 60_000,
    status: "pending" as const,
  });
  await store.create(record(0));
  await store.create(record(1));
  await store.create(record(2));
  expect(await store.decide("id1", "declined", "approver:Ann", now + 5)).toBe(true);
  await store.create(record(3));
  expect(await store.get("id1")).toBeUndefined();
  expect((await store.listPending(now + 10, { order: "newest", size: 10 })).entries.map((r) => r.id)).toEqual([
    "id3",
    "id2",
    "id0",
  ]);
});

// Issue 23: 34 requests of 525 KB from one client evicted every other client's pending dial (the global byte
// bound made room by dropping the oldest). With a share per client, the flood is refused past its share and the
// other client's approval stays.
it("never pushes out another client's pending approval, however much one client asks", async () => {
  const store = new MemoryApprovals();
  const now = Date.parse("2026-11-21T15:00:00Z");
  await store.create({
    id: "theirs",
    requestKey: "t",
    tool: "create_call",
    secretHash: "",
    view: {},
    createdAt: now,
    expiresAt: now + 600_000,
    status: "pending",
    client: "10.0.0.7",
  });
  const big = "x".repeat(525 * 1024);
  let refused = 0;
  for (let i = 0; i < 60; i++) {
    await store
      .create({
        id: `f${i}`,
        requestKey: `f${i}`,
        tool: "submit_batch",
        secretHash: "",
        view: { rows: [{ contactName: big }] },
        createdAt: now + 1 + i,
        expiresAt: now + 600_000,
        status: "pending",
        client: "10.0.0.9",
      })
      .catch(() => (refused += 1));
  }
  expect(refused).toBeGreaterThan(0);
  expect((await store.get("theirs"))?.status).toBe("pending");
  expect((await store.listPending(now + 100, { order: "newest", size: 500 })).entries.map((r) => r.id)).toContain(
    "theirs",
  );
});
