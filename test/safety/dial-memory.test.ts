/** Dedupe memory: the identity of a dial, first and repeat, forgetting what was not placed, the window. */
import { describe, expect, it } from "vitest";
import { canonicalJson, dialKey, DialMemory } from "../../src/safety/dial-memory.js";

describe("dialKey", () => {
  it("ignores metadata key order and batch row order, not values", () => {
    const a = { to: "+1", agent_id: "x", metadata: { a: 1, b: "2" } };
    const b = { agent_id: "x", to: "+1", metadata: { b: "2", a: 1 } };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(dialKey("create_call", [a])).toBe(dialKey("create_call", [b]));
    expect(dialKey("create_call", [a])).not.toBe(dialKey("submit_batch", [a]));
    expect(dialKey("create_call", [a])).not.toBe(dialKey("create_call", [{ ...a, contact_name: "Dana" }]));
    const r1 = { to: "+1", agent_id: "x" };
    const r2 = { to: "+2", agent_id: "x" };
    expect(dialKey("submit_batch", [r1, r2])).toBe(dialKey("submit_batch", [r2, r1]));
  });
});

describe("DialMemory", () => {
  it("the first claim dials; repeats share its outcome until the window ends", async () => {
    let now = 0;
    const memory = new DialMemory<string>(600_000, () => now);
    const first = memory.claim("k");
    const repeat = memory.claim("k");
    expect(first.kind).toBe("first");
    expect(repeat.kind).toBe("repeat");
    if (first.kind !== "first" || repeat.kind !== "repeat") return;
    first.settle({ kind: "placed", at: 0, value: "call_1", callIds: ["call_1"] });
    await expect(repeat.outcome).resolves.toMatchObject({ kind: "placed", value: "call_1" });
    now = 600_000;
    expect(memory.claim("k").kind).toBe("first");
  });

  it("forgets a dial that was not placed, so a retry dials", async () => {
    const memory = new DialMemory<string>(600_000, () => 0);
    const first = memory.claim("k");
    const waiter = memory.claim("k");
    if (first.kind !== "first" || waiter.kind !== "repeat") throw new Error("unexpected");
    const error = new Error("refused");
    first.settle({ kind: "not_placed", error });
    await expect(waiter.outcome).resolves.toEqual({ kind: "not_placed", error });
    expect(memory.claim("k").kind).toBe("first");
  });

  it("remembers an unknown outcome", () => {
    const memory = new DialMemory<string>(600_000, () => 0);
    const first = memory.claim("k");
    if (first.kind !== "first") throw new Error("unexpected");
    first.settle({ kind: "unknown", at: 0, message: "reset" });
    expect(memory.claim("k").kind).toBe("repeat");
  });

  it("a window of 0 remembers nothing", () => {
    const memory = new DialMemory<string>(0, () => 0);
    expect(memory.claim("k").kind).toBe("first");
    expect(memory.claim("k").kind).toBe("first");
    expect(memory.enabled).toBe(false);
  });
});
