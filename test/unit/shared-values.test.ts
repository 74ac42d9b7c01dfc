/** What the server keeps of a value the service sent again (src/text/shared-values.ts). */
import { describe, expect, it } from "vitest";
import { derivedOnce, isShared, share, TextMemo } from "../../src/text/shared-values.js";

describe("share", () => {
  it("freezes every object and array inside, and marks only the root shared", () => {
    const value = { a: { b: [{ c: 1 }] }, d: "x" };
    share(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a.b)).toBe(true);
    expect(Object.isFrozen(value.a.b[0])).toBe(true);
    expect(isShared(value)).toBe(true);
    expect(isShared(value.a)).toBe(false);
    expect(() => {
      (value.a.b[0] as { c: number }).c = 2;
    }).toThrow(TypeError);
  });

  it("walks a hostile nesting of 200,000 levels without overflowing the stack, and a cycle without looping", () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 200_000; i++) deep = deep.x = {};
    expect(() => share(root)).not.toThrow();
    expect(Object.isFrozen(deep)).toBe(true);
    const a: Record<string, unknown> = {};
    const b: Record<string, unknown> = { a };
    a.b = b;
    expect(share(a)).toBe(a);
    expect(Object.isFrozen(b)).toBe(true);
  });

  it("leaves what is not an object as it is", () => {
    expect(share("text")).toBe("text");
    expect(share(null)).toBe(null);
    expect(isShared("text")).toBe(false);
  });
});

describe("derivedOnce", () => {
  it("derives once per shared value, frozen, and every time for any other value", () => {
    let runs = 0;
    const derive = derivedOnce((v: { n: number }) => {
      runs++;
      return { twice: v.n * 2 };
    });
    const kept = share({ n: 2 });
    const first = derive(kept);
    expect(derive(kept)).toBe(first);
    expect(runs).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
    // Not shared (could still change): derived every time, from what it is now.
    const open = { n: 3 };
    expect(derive(open).twice).toBe(6);
    open.n = 4;
    expect(derive(open).twice).toBe(8);
    expect(runs).toBe(3);
    // Frozen by someone else, but not shared: its insides may still change.
    const shallow = Object.freeze({ n: 5 });
    derive(shallow);
    derive(shallow);
    expect(runs).toBe(5);
  });

  it("keeps nothing when deriving throws", () => {
    let runs = 0;
    const derive = derivedOnce(() => {
      runs++;
      throw new Error("bad record");
    });
    const v = share({});
    expect(() => derive(v)).toThrow("bad record");
    expect(() => derive(v)).toThrow("bad record");
    expect(runs).toBe(2);
  });
});

describe("TextMemo", () => {
  it("holds at most its characters, starts over when full, and keeps no text over a quarter of them", () => {
    const memo = new TextMemo<number>(100);
    expect(memo.set("a".repeat(26), 1)).toBe(1);
    expect(memo.get("a".repeat(26))).toBeUndefined();
    memo.set("b".repeat(25), 2);
    memo.set("c".repeat(25), 3);
    memo.set("d".repeat(25), 4);
    memo.set("e".repeat(25), 5);
    expect([memo.get("b".repeat(25)), memo.get("e".repeat(25))]).toEqual([2, 5]);
    memo.set("f".repeat(25), 6);
    expect(memo.get("b".repeat(25))).toBeUndefined();
    expect(memo.get("f".repeat(25))).toBe(6);
  });
});
