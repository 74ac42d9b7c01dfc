/**
 * e164Of reads the number of every call record get_call inspects for an opt-out; it keeps what it parsed. The memo
 * must give the parser's answer every time (a number, or none for text that is not one), whatever was read before,
 * and stay bounded however many different numbers a hostile service sends.
 */
import { expect, it } from "vitest";
import { e164MemoSize, e164Of } from "../../../src/guards/opt-outs/pairing.js";

it("gives the same E.164 form on every read, and none for text that is not a possible number", () => {
  for (let round = 0; round < 3; round++) {
    expect(e164Of("+1 415 555 0100")).toBe("+14155550100");
    expect(e164Of("+44 20 7946 0958")).toBe("+442079460958");
    expect(e164Of("+1 415")).toBeUndefined();
    expect(e164Of("not a number")).toBeUndefined();
    expect(e164Of("")).toBeUndefined();
    expect(e164Of(undefined)).toBeUndefined();
  }
});

it("holds at most a thousand numbers, and still answers right after starting over", () => {
  for (let i = 0; i < 2_500; i++) {
    const n = String(10_000_000 + i);
    expect(e164Of(`+1 415 ${n.slice(1, 4)} ${n.slice(4)}`)).toBe(`+1415${n.slice(1)}`);
    expect(e164MemoSize()).toBeLessThanOrEqual(1_000);
  }
  expect(e164Of("+1 415 555 0100")).toBe("+14155550100");
  expect(e164Of("+1 415")).toBeUndefined();
});
