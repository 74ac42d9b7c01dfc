import { describe, expect, it } from "vitest";
import { boundedMemo } from "../../src/text/bounded-memo.js";

describe("boundedMemo", () => {
  it("computes a text once while it is kept", () => {
    let runs = 0;
    const upper = boundedMemo(10, 100, (t) => (runs++, t.toUpperCase()));
    expect(upper("abc")).toBe("ABC");
    expect(upper("abc")).toBe("ABC");
    expect(runs).toBe(1);
  });

  it("never holds more than its bound, however many texts come", () => {
    const id = boundedMemo(50, 100, (t) => t);
    for (let i = 0; i < 1_000; i++) id(`text ${i}`);
    expect(id.size()).toBeLessThanOrEqual(50);
    expect(id.size()).toBeGreaterThan(0);
  });

  it("does not keep a text longer than its longest", () => {
    let runs = 0;
    const len = boundedMemo(10, 5, (t) => (runs++, t.length));
    expect(len("123456")).toBe(6);
    expect(len("123456")).toBe(6);
    expect(runs).toBe(2);
    expect(len.size()).toBe(0);
  });
});
