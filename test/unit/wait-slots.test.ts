/** Slots for waiting get_calls: per client, per process, given back once each. */
import { expect, it } from "vitest";
import { TooManyWaitsError, WaitSlots } from "../../src/tools/wait-slots.js";

it("refuses a client over its share and anyone over the process's, and frees a slot exactly once", () => {
  const slots = new WaitSlots({ perClient: 2, perProcess: 3 });
  const a1 = slots.take("a");
  slots.take("a");
  expect(() => slots.take("a")).toThrow(TooManyWaitsError);
  expect(() => slots.take("a")).toThrow(/at most 2 waiting get_calls at once per client/);
  slots.take("b");
  expect(() => slots.take("c")).toThrow(/at most 3 waiting get_calls at once on this server/);
  a1();
  a1();
  expect(slots.inUse).toBe(2);
  slots.take("c");
  expect(() => slots.take("c")).toThrow(/on this server/);
});

it("the refusal is a refusal of the input (an isError answer naming wait_seconds), not an internal error", () => {
  const slots = new WaitSlots({ perClient: 1, perProcess: 1 });
  slots.take("a");
  try {
    slots.take("a");
    expect.unreachable();
  } catch (error) {
    expect(error).toMatchObject({ name: "UserInputError", field: "wait_seconds", rule: "waits" });
  }
});
