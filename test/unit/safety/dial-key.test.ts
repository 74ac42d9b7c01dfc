/** The identity of a dial: what makes two requests the same request. */
import { describe, expect, it } from "vitest";
import { canonicalJson, dialKey } from "../../../src/guards/dial/key.js";

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

  it("a request that says a second call is meant is another request", () => {
    const a = { to: "+1", agent_id: "x" };
    expect(dialKey("create_call", [a], true)).not.toBe(dialKey("create_call", [a]));
  });
});
