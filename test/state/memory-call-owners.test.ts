/**
 * Who placed which call, in process memory: an owner is forgotten after CALL_OWNERS_KEPT_MS, and what expired is
 * swept away (once an hour at most). At start every owner the audit log holds is recorded with its dial's own time,
 * oldest first; the sweep then has nothing to forget and must not walk the whole map once per logged hour.
 */
import { expect, it } from "vitest";
import { MemoryCallOwners } from "../../src/guards/per-person/state/memory.js";
import { CALL_OWNERS_KEPT_MS } from "../../src/guards/per-person/state/store.js";

const T0 = Date.parse("2025-10-01T00:00:00Z");
const HOUR = 3_600_000;
const call = (i: number) => [{ kind: "call" as const, id: `call_${i}` }];
/** How many entries the map holds (the sweep's work is to keep this to what can still be read). */
const held = (owners: MemoryCallOwners) => (owners as unknown as { owners: Map<string, unknown> }).owners.size;

it("forgets an owner after CALL_OWNERS_KEPT_MS; the call's next record then owns it", async () => {
  const owners = new MemoryCallOwners();
  await owners.record(call(1), "alice", T0);
  await owners.record(call(1), "mallory", T0 + CALL_OWNERS_KEPT_MS - 1);
  expect(await owners.ownersOf(call(1), T0 + CALL_OWNERS_KEPT_MS - 1)).toEqual(["alice"]);
  expect(await owners.ownersOf(call(1), T0 + CALL_OWNERS_KEPT_MS)).toEqual([undefined]);
  await owners.record(call(1), "bob", T0 + CALL_OWNERS_KEPT_MS);
  expect(await owners.ownersOf(call(1), T0 + CALL_OWNERS_KEPT_MS)).toEqual(["bob"]);
});

it("sweeps what expired each time it runs, however many sweeps found nothing before", async () => {
  const owners = new MemoryCallOwners();
  // A start: 1,000 calls logged an hour apart, each recorded at its own time (nothing expires meanwhile).
  for (let i = 0; i < 1_000; i++) await owners.record(call(i), "alice", T0 + i * HOUR);
  expect(held(owners)).toBe(1_000);
  // 500 hours past the first one's expiry: calls 0..500 are forgotten, and call 2,000 is recorded.
  await owners.record(call(2_000), "bob", T0 + CALL_OWNERS_KEPT_MS + 500 * HOUR);
  expect(held(owners)).toBe(1_000 - 501 + 1);
  // Half an hour later: no sweep yet (at most one an hour).
  await owners.record(call(2_001), "bob", T0 + CALL_OWNERS_KEPT_MS + 500 * HOUR + HOUR / 2);
  expect(held(owners)).toBe(1_000 - 501 + 2);
  // 300 hours on: calls 501..800 go too.
  await owners.record(call(2_002), "bob", T0 + CALL_OWNERS_KEPT_MS + 800 * HOUR);
  expect(held(owners)).toBe(1_000 - 801 + 3);
  expect(
    await owners.ownersOf([...call(800), ...call(801), ...call(2_000)], T0 + CALL_OWNERS_KEPT_MS + 800 * HOUR),
  ).toEqual([undefined, "alice", "bob"]);
});

it("seed() (the start's owners from the audit log, oldest first) keeps the first owner of each call, as record() does", async () => {
  const dials = [
    { things: call(1), owner: "alice", at: T0 },
    { things: [...call(1), { kind: "campaign" as const, id: "cmp_1" }], owner: "mallory", at: T0 + HOUR },
    { things: call(2), owner: "bob", at: T0 + 2 * HOUR },
  ];
  const seeded = new MemoryCallOwners();
  seeded.seed(dials);
  const recorded = new MemoryCallOwners();
  for (const d of dials) await recorded.record(d.things, d.owner, d.at);
  const asked = [...call(1), ...call(2), { kind: "campaign" as const, id: "cmp_1" }];
  expect(await seeded.ownersOf(asked, T0 + 3 * HOUR)).toEqual(["alice", "bob", "mallory"]);
  expect(await seeded.ownersOf(asked, T0 + 3 * HOUR)).toEqual(await recorded.ownersOf(asked, T0 + 3 * HOUR));
});
