/**
 * src/phone-lib.ts loads libphonenumber-js (CommonJS build) on first use and
 * caches the RegExps of its pattern checks. The answers must be the library's
 * own: compared here with its ES module build, which is a separate copy left
 * untouched.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import fc from "fast-check";
import * as untouched from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { phoneLib } from "../../src/phone/lib.js";
import { fuzzSeed } from "../helpers/fuzz-seed.js";

const PREFIXES = ["1415", "1202", "1268", "1876", "1900", "1800", "1", "447", "4420", "4930", "4915", "336", "3381", "3490", "61", "611300", "8190", "86138", "9198", "683", "881", "979", "7", "39", "5511", "2348"];

const numberLike = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.array(fc.constantFrom(..."0123456789"), { minLength: 3, maxLength: 12 }))
  .map(([prefix, digits]) => `+${prefix}${digits.join("")}`);

function describeNumber(lib: typeof untouched, text: string) {
  try {
    const p = lib.parsePhoneNumberWithError(text, { extract: false });
    return { number: p.number, country: p.country, valid: p.isValid(), possible: p.isPossible(), type: p.getType(), international: p.formatInternational() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe("phoneLib", () => {
  it("is loaded once and kept, with the pattern RegExps cached", () => {
    expect(phoneLib()).toBe(phoneLib());
    const require = createRequire(import.meta.url);
    const helper = require(join(dirname(require.resolve("libphonenumber-js/package.json")), "build", "helpers", "matchesEntirely.js")) as { default: unknown };
    expect(String(helper.default)).toContain("cache.get(pattern)");
  });

  it("answers exactly as the untouched library, number by number", () => {
    const lib = phoneLib();
    fc.assert(
      fc.property(numberLike, (text) => {
        expect(describeNumber(lib, text)).toEqual(describeNumber(untouched, text));
      }),
      { seed: fuzzSeed("test/unit/phone-lib.test.ts"), numRuns: 1_000 },
    );
  });

  it("agrees on national numbers with a default country, and on supported countries", () => {
    const lib = phoneLib();
    for (const [text, country] of [["4155552671", "US"], ["02079460000", "GB"], ["0491570006", "AU"], ["030123456", "DE"]] as const) {
      const a = lib.parsePhoneNumberWithError(text, { defaultCountry: country, extract: false });
      const b = untouched.parsePhoneNumberWithError(text, { defaultCountry: country, extract: false });
      expect([a.number, a.isValid(), a.getType()]).toEqual([b.number, b.isValid(), b.getType()]);
    }
    for (const code of ["US", "GB", "XK", "ZZ", "EU", "AC"]) expect(lib.isSupportedCountry(code)).toBe(untouched.isSupportedCountry(code));
  });
});
