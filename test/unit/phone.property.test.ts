import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NumberTypeName } from "../../src/phone/types.js";
import { parsePhone, type PhonePolicy } from "../../src/phone/parse.js";
import { fuzzSeed } from "../helpers/fuzz-seed.js";

const SEED = fuzzSeed("test/unit/phone.property.test.ts");
const RUNS = 1_000;
const E164 = /^\+[1-9]\d{6,14}$/;
const RULES = new Set(["format", "invalid", "no_country", "extension", "blocked_type", "country_not_allowed"]);

const open: PhonePolicy = { blockedTypes: new Set<NumberTypeName>() };
const strict: PhonePolicy = {
  blockedTypes: new Set<NumberTypeName>(["PREMIUM_RATE", "SHARED_COST"]),
  allowedCountries: new Set(["US", "GB"]),
  defaultCountry: "GB",
};

/** Any text: full unicode (lone surrogates included), ASCII, and phone-shaped. */
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: fc.constantFrom(..."+0123456789 .-()x#;e\t\u00a0＋１٣"), maxLength: 40 }),
);

/** Mostly-plausible numbers (known prefixes, about the right length), so the "accepted" branch is exercised often. */
const PREFIXES: Array<[string, number]> = [
  ["1415", 7],
  ["1202", 7],
  ["1268", 7],
  ["1876", 7],
  ["1900", 7],
  ["1800", 7],
  ["1", 10],
  ["447", 9],
  ["4420", 8],
  ["4930", 5],
  ["4915", 9],
  ["336", 8],
  ["3381", 7],
  ["3490", 7],
  ["611300", 6],
  ["8190", 8],
  ["86138", 8],
  ["9198", 8],
  ["683", 4],
  ["881", 9],
  ["979", 9],
  ["61", 9],
  ["7", 10],
  ["0", 5],
];
const numberLike = fc
  .tuple(
    fc.constantFrom(...PREFIXES),
    fc.integer({ min: -1, max: 1 }),
    fc.array(fc.constantFrom(..."0123456789"), { minLength: 11, maxLength: 11 }),
    fc.constantFrom("", " ", "-", ".", "("),
  )
  .map(
    ([[prefix, len], delta, digits, sep]) => `+${prefix}${sep}${digits.slice(0, Math.max(1, len + delta)).join("")}`,
  );

function check(input: unknown, policy: PhonePolicy): void {
  const r = parsePhone(input, policy);
  expect(typeof r.ok).toBe("boolean");
  if (!r.ok) {
    expect(RULES.has(r.rule)).toBe(true);
    expect(typeof r.reason).toBe("string");
    expect(r.reason.length).toBeGreaterThan(0);
    return;
  }
  expect(r.e164).toMatch(E164);
  expect(r.country).toMatch(/^[A-Z]{2}$/);
  // What it accepts re-parses to itself.
  const again = parsePhone(r.e164, policy);
  expect(again).toEqual(r);
}

describe("parsePhone properties", () => {
  it("never throws on arbitrary text, and anything accepted is E.164 that re-parses to itself", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        check(s, open);
        check(s, strict);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 10_000);

  it("on number-like input, accepted results are E.164 and stable", () => {
    let accepted = 0;
    fc.assert(
      fc.property(numberLike, (s) => {
        check(s, open);
        check(s, strict);
        if (parsePhone(s, open).ok) accepted++;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The generator must reach the accepting branch, or the property says little.
    expect(accepted).toBeGreaterThan(RUNS / 10);
  }, 10_000);

  it("separators and surrounding white space never change an accepted number", () => {
    const withSeparators = fc
      .tuple(
        numberLike,
        fc.array(fc.constantFrom(" ", "-", ".", "(", ")"), { minLength: 1, maxLength: 15 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.constantFrom("", " ", "\t", "\n "),
      )
      .map(([s, seps, salt, pad]) => {
        const digits = s.slice(1).replace(/\D/g, "").split("");
        seps.forEach((sep, i) => digits.splice((salt + i * 7) % (digits.length + 1) || 1, 0, sep));
        return { plain: `+${s.slice(1).replace(/\D/g, "")}`, written: `${pad}+${digits.join("")}${pad}` };
      });
    fc.assert(
      fc.property(withSeparators, ({ plain, written }) => {
        const a = parsePhone(plain, open);
        if (!a.ok || written.trim().length > 64) return;
        expect(parsePhone(written, open)).toEqual(a);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 10_000);

  it("never throws on values that are not strings", () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const r = parsePhone(v, strict);
        if (typeof v !== "string") expect(r).toMatchObject({ ok: false, rule: "format" });
      }),
      { seed: SEED, numRuns: 500 },
    );
  }, 10_000);
});
