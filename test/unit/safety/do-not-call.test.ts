/** The do-not-call list: any written format normalizes to E.164; a line that cannot be read stops the start, naming it. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parsePhoneNumberWithError } from "libphonenumber-js/max";
import { ConfigurationError } from "../../../src/config/errors.js";
import { loadDoNotCallList, readDoNotCallLine } from "../../../src/guards/do-not-call/list.js";
import { tempDir } from "../../helpers/guards.js";

const dir = tempDir("dnc-unit");
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("readDoNotCallLine", () => {
  it.each([
    ["+1 415-555-2671", undefined, "+14155552671"],
    ["+1 (415) 555.2671", undefined, "+14155552671"],
    ["tel:+14155552671", undefined, "+14155552671"],
    ["(415) 555-2671", "US", "+14155552671"],
    ["011 44 20 7946 0000", "US", "+442079460000"],
    ["020 7946 0000", "GB", "+442079460000"],
    ["0044 20 7946 0000", "GB", "+442079460000"],
    ["+44 (0)20 7946 0000", undefined, "+442079460000"],
  ])("%j (default %s) -> %s", (line, country, e164) => {
    expect(readDoNotCallLine(line, country)).toEqual({ e164 });
  });

  it.each([
    ["(415) 555-2671", undefined, "OUTBOUND_CALLS_DEFAULT_COUNTRY is not set"],
    ["555-2671", "US", "not a possible phone number"],
    ["+1 415 555 2671 ext 3", undefined, "extension"],
    ["call Dana", undefined, "letters"],
    ["+", undefined, "not"],
  ])("refuses %j", (line, country, why) => {
    const result = readDoNotCallLine(line, country);
    expect("problem" in result && result.problem).toContain(why);
  });

  it("property: a valid number in national, international, E.164 or RFC 3966 form reads back as its E.164", () => {
    const numbers = ["+14155552671", "+442079460000", "+61293744000", "+33142685300", "+4930123456", "+819012345678"];
    fc.assert(
      fc.property(
        fc.constantFrom(...numbers),
        fc.constantFrom("NATIONAL", "INTERNATIONAL", "E.164", "RFC3966"),
        (e164, format) => {
          const parsed = parsePhoneNumberWithError(e164);
          const written = parsed.format(format as "NATIONAL");
          return (readDoNotCallLine(written, parsed.country) as { e164?: string }).e164 === e164;
        },
      ),
    );
  });
});

describe("loadDoNotCallList", () => {
  it("skips comments and blank lines, reads CRLF and a BOM, and normalizes", () => {
    const list = loadDoNotCallList(
      file("ok.txt", "\uFEFF# header\r\n+1 415 555 2671 # Dana\r\n\r\n(212) 555-2671\r\n"),
      "US",
    );
    expect(list.size).toBe(2);
    expect(list.has("+14155552671")).toBe(true);
    expect(list.has("+12125552671")).toBe(true);
    expect(list.has("+14155552672")).toBe(false);
  });

  it("names the first bad line by its number", () => {
    const path = file("bad.txt", "+14155552671\n# fine\n+1 415 555\n");
    expect(() => loadDoNotCallList(path, undefined)).toThrow(ConfigurationError);
    expect(() => loadDoNotCallList(path, undefined)).toThrow(
      /^OUTBOUND_CALLS_DO_NOT_CALL_FILE: line 3 \("\+1 415 555"\) is not a possible phone number/,
    );
  });

  it("a missing file names the variable", () => {
    expect(() => loadDoNotCallList(join(dir, "nope.txt"), undefined)).toThrow(
      "OUTBOUND_CALLS_DO_NOT_CALL_FILE: the file cannot be read (ENOENT)",
    );
  });
});
