/**
 * src/phone/lib.ts loads libphonenumber-js on first use. In the bundle it is
 * the build's own CommonJS copy (dist/…/libphonenumber-max.cjs, built by
 * `npm run build`), whose pattern RegExps are cached (scripts/build.mjs). Its
 * answers must be the library's own: compared here with the untouched ES module
 * build in node_modules.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import * as untouched from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { phoneLib } from "../../src/phone/lib.js";
import { fuzzSeed } from "../helpers/fuzz-seed.js";
import { ROOT } from "../helpers/server-process.js";

/** The bundled copy, beside the chunk that requires it. */
function bundled(): { file: string; lib: typeof untouched } {
  const file = [join(ROOT, "dist/chunks/libphonenumber-max.cjs"), join(ROOT, "dist/libphonenumber-max.cjs")].find((f) =>
    existsSync(f),
  );
  if (!file) throw new Error("dist/chunks/libphonenumber-max.cjs is missing: run npm run build first");
  return { file, lib: createRequire(import.meta.url)(file) as typeof untouched };
}

const PREFIXES = [
  "1415",
  "1202",
  "1268",
  "1876",
  "1900",
  "1800",
  "1",
  "447",
  "4420",
  "4930",
  "4915",
  "336",
  "3381",
  "3490",
  "61",
  "611300",
  "8190",
  "86138",
  "9198",
  "683",
  "881",
  "979",
  "7",
  "39",
  "5511",
  "2348",
];

const numberLike = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.array(fc.constantFrom(..."0123456789"), { minLength: 3, maxLength: 12 }))
  .map(([prefix, digits]) => `+${prefix}${digits.join("")}`);

function describeNumber(lib: typeof untouched, text: string) {
  try {
    const p = lib.parsePhoneNumberWithError(text, { extract: false });
    return {
      number: p.number,
      country: p.country,
      valid: p.isValid(),
      possible: p.isPossible(),
      type: p.getType(),
      international: p.formatInternational(),
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe("phoneLib and the bundled libphonenumber-js", () => {
  it("is loaded once and kept", () => {
    expect(phoneLib()).toBe(phoneLib());
  });

  it("the bundle's copy caches the pattern RegExps, and is required by the code that uses it", () => {
    const { file } = bundled();
    const text = readFileSync(file, "utf8");
    expect(text).toContain("cache.get(regularExpressionText)");
    expect(text).not.toMatch(/new RegExp\('\^\(\?:' \+ regularExpressionText \+ '\)\$'\)\.test\(text\)/);
    // Required by a bundle file in the same folder, by that relative name, not from node_modules.
    const dir = join(file, "..");
    const requirers = readdirSync(dir).filter(
      (f) => f.endsWith(".js") && readFileSync(join(dir, f), "utf8").includes('"./libphonenumber-max.cjs"'),
    );
    expect(requirers).toHaveLength(1);
  });

  it("answers exactly as the untouched library, number by number", () => {
    const { lib } = bundled();
    fc.assert(
      fc.property(numberLike, (text) => {
        expect(describeNumber(lib, text)).toEqual(describeNumber(untouched, text));
      }),
      { seed: fuzzSeed("test/unit/phone-lib.test.ts"), numRuns: 1_000 },
    );
  });

  it("agrees on national numbers with a default country, and on supported countries", () => {
    const { lib } = bundled();
    for (const [text, country] of [
      ["4155552671", "US"],
      ["02079460000", "GB"],
      ["0491570006", "AU"],
      ["030123456", "DE"],
    ] as const) {
      const a = lib.parsePhoneNumberWithError(text, { defaultCountry: country, extract: false });
      const b = untouched.parsePhoneNumberWithError(text, { defaultCountry: country, extract: false });
      expect([a.number, a.isValid(), a.getType()]).toEqual([b.number, b.isValid(), b.getType()]);
    }
    for (const code of ["US", "GB", "XK", "ZZ", "EU", "AC"])
      expect(lib.isSupportedCountry(code)).toBe(untouched.isSupportedCountry(code));
  });
});
