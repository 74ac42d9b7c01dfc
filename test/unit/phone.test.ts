import { describe, expect, it } from "vitest";
import { MAX_PHONE_INPUT, parsePhone, type PhonePolicy } from "../../src/phone/parse.js";
import type { NumberTypeName } from "../../src/phone/types.js";

const DEFAULT_BLOCKED: NumberTypeName[] = ["PREMIUM_RATE", "SHARED_COST"];

function policy(opts: { allowed?: string[]; blocked?: NumberTypeName[]; defaultCountry?: string } = {}): PhonePolicy {
  return {
    allowedCountries: opts.allowed ? new Set(opts.allowed) : undefined,
    blockedTypes: new Set(opts.blocked ?? DEFAULT_BLOCKED),
    defaultCountry: opts.defaultCountry,
  };
}

interface Good {
  name: string;
  input: unknown;
  policy?: PhonePolicy;
  e164: string;
  country: string;
  type?: string;
  international?: string;
}

const good: Good[] = [
  {
    name: "plain E.164",
    input: "+14155552671",
    e164: "+14155552671",
    country: "US",
    type: "FIXED_LINE_OR_MOBILE",
    international: "+1 415 555 2671",
  },
  { name: "spaces and parentheses", input: "+1 (415) 555-2671", e164: "+14155552671", country: "US" },
  { name: "dots", input: "+1.415.555.2671", e164: "+14155552671", country: "US" },
  { name: "dashes", input: "+1-415-555-2671", e164: "+14155552671", country: "US" },
  { name: "parentheses round the country code", input: "+(1) 415 555 2671", e164: "+14155552671", country: "US" },
  { name: "surrounding white space trimmed", input: "  \t+14155552671 \n", e164: "+14155552671", country: "US" },
  {
    name: "UK trunk zero in parentheses",
    input: "+44 (0) 20 7946 0000",
    e164: "+442079460000",
    country: "GB",
    type: "FIXED_LINE",
  },
  {
    name: "UK fixed line",
    input: "+44 20 7946 0000",
    e164: "+442079460000",
    country: "GB",
    type: "FIXED_LINE",
    international: "+44 20 7946 0000",
  },
  { name: "German mobile", input: "+49 1555 1234567", e164: "+4915551234567", country: "DE", type: "MOBILE" },
  // Valid is not full-length: a short Berlin number is a real number.
  { name: "short valid Berlin number", input: "+4930123", e164: "+4930123", country: "DE", type: "FIXED_LINE" },
  { name: "Niue: seven digits in all", input: "+683 4002", e164: "+6834002", country: "NU" },
  {
    name: "Antigua when no allowlist",
    input: "+1 268 460 1234",
    e164: "+12684601234",
    country: "AG",
    type: "FIXED_LINE",
  },
  {
    name: "Canada in a US,CA allowlist",
    input: "+1 416 555 0123",
    policy: policy({ allowed: ["US", "CA"] }),
    e164: "+14165550123",
    country: "CA",
  },
  {
    name: "US in a US allowlist",
    input: "+1 202 555 0123",
    policy: policy({ allowed: ["US"] }),
    e164: "+12025550123",
    country: "US",
  },
  {
    name: "toll-free is not blocked by default",
    input: "+1 800 555 0123",
    e164: "+18005550123",
    country: "US",
    type: "TOLL_FREE",
  },
  {
    name: "premium allowed when nothing is blocked",
    input: "+19005550123",
    policy: policy({ blocked: [] }),
    e164: "+19005550123",
    country: "US",
    type: "PREMIUM_RATE",
  },
  {
    name: "shared cost allowed when only premium is blocked",
    input: "+33 8 10 12 34 56",
    policy: policy({ blocked: ["PREMIUM_RATE"] }),
    e164: "+33810123456",
    country: "FR",
    type: "SHARED_COST",
  },
];

describe("parsePhone: accepted numbers", () => {
  it.each(good)("$name: $input", (c) => {
    const r = parsePhone(c.input, c.policy ?? policy());
    expect(r).toMatchObject({ ok: true, e164: c.e164, country: c.country });
    if (!r.ok) return;
    if (c.type !== undefined) expect(r.type).toBe(c.type);
    if (c.international !== undefined) expect(r.international).toBe(c.international);
  });

  it("accepts exactly MAX_PHONE_INPUT characters and refuses one more", () => {
    expect(MAX_PHONE_INPUT).toBe(64);
    const at = `+1${" ".repeat(64 - 12)}4155552671`;
    expect(at).toHaveLength(64);
    expect(parsePhone(at, policy())).toMatchObject({ ok: true, e164: "+14155552671" });
    const over = `+1${" ".repeat(65 - 12)}4155552671`;
    expect(parsePhone(over, policy())).toMatchObject({ ok: false, rule: "format" });
  });
});

interface Bad {
  name: string;
  input: unknown;
  policy?: PhonePolicy;
  rule: string;
  /** Words the reason must contain (case-insensitive). */
  words: string[];
  /** Words it must not contain. */
  not?: string[];
}

const bad: Bad[] = [
  // Extraction is off: text around a number is refused, never mined for the number.
  { name: "text before the number", input: "call me at +14155552671", rule: "format", words: ["international format"] },
  { name: "text after the number", input: "+14155552671 please", rule: "format", words: ["may contain only"] },
  { name: "tel: URI", input: "tel:+14155552671", rule: "format", words: ["international format"] },
  // Extensions.
  { name: "ext.", input: "+14155552671 ext. 123", rule: "extension", words: ["extension", "remove"] },
  { name: "x123", input: "+14155552671 x123", rule: "extension", words: ["extension"] },
  { name: "RFC 3966 ;ext=", input: "+14155552671;ext=123", rule: "extension", words: ["extension"] },
  { name: "# extension", input: "+14155552671#123", rule: "extension", words: ["extension"] },
  // +1 is not only the US.
  {
    name: "Antigua (+1 268) with a US allowlist",
    input: "+1 268 460 1234",
    policy: policy({ allowed: ["US"] }),
    rule: "country_not_allowed",
    words: ["AG", "OUTBOUND_CALLS_ALLOWED_COUNTRIES", "US"],
  },
  {
    name: "Jamaica (+1 876) with a US allowlist",
    input: "+18765551234",
    policy: policy({ allowed: ["US"] }),
    rule: "country_not_allowed",
    words: ["JM", "OUTBOUND_CALLS_ALLOWED_COUNTRIES"],
  },
  {
    name: "US with a CA,GB allowlist",
    input: "+14155552671",
    policy: policy({ allowed: ["CA", "GB"] }),
    rule: "country_not_allowed",
    words: ["US", "CA, GB", "OUTBOUND_CALLS_ALLOWED_COUNTRIES"],
  },
  // No country.
  {
    name: "+979 international premium (valid length)",
    input: "+979 1 2345 6789",
    rule: "no_country",
    words: ["no country"],
  },
  {
    name: "+979 international premium (wrong length)",
    input: "+97912345678",
    rule: "invalid",
    words: ["not a valid", "+979"],
  },
  { name: "+881 satellite", input: "+881612345678", rule: "no_country", words: ["no country", "satellite"] },
  // Emergency and short codes.
  { name: "+911", input: "+911", rule: "invalid", words: ["too short"] },
  { name: "+1 911", input: "+1 911", rule: "invalid", words: ["not a valid"] },
  { name: "NANP number one digit short", input: "+1 415 555 267", rule: "invalid", words: ["not a valid"] },
  {
    name: "country code that does not exist",
    input: "+0123456",
    rule: "invalid",
    words: ["country code that does not exist"],
  },
  { name: "too long for E.164", input: "+1415555267112345678", rule: "invalid", words: [] },
  // Blocked types (default PREMIUM_RATE, SHARED_COST).
  {
    name: "US premium rate (900)",
    input: "+19005550123",
    rule: "blocked_type",
    words: ["premium-rate", "OUTBOUND_CALLS_BLOCKED_TYPES"],
  },
  {
    name: "UK premium rate (0871)",
    input: "+448712345678",
    rule: "blocked_type",
    words: ["premium-rate", "OUTBOUND_CALLS_BLOCKED_TYPES"],
  },
  // Shared-cost examples verified against libphonenumber-js/max getType() === "SHARED_COST".
  {
    name: "French shared cost (0810)",
    input: "+33 8 10 12 34 56",
    rule: "blocked_type",
    words: ["shared-cost", "OUTBOUND_CALLS_BLOCKED_TYPES"],
  },
  { name: "Spanish shared cost (901)", input: "+34 901 123 456", rule: "blocked_type", words: ["shared-cost"] },
  { name: "Australian shared cost (1300)", input: "+61 1300 123 456", rule: "blocked_type", words: ["shared-cost"] },
  // Custom blocked types.
  {
    name: "toll-free when TOLL_FREE is blocked",
    input: "+1 800 555 0123",
    policy: policy({ blocked: ["TOLL_FREE"] }),
    rule: "blocked_type",
    words: ["toll-free", "OUTBOUND_CALLS_BLOCKED_TYPES"],
  },
  {
    name: "mobile when MOBILE is blocked",
    input: "+4915551234567",
    policy: policy({ blocked: ["MOBILE"] }),
    rule: "blocked_type",
    words: ["mobile"],
  },
  {
    name: "Japanese VoIP when VOIP is blocked",
    input: "+81 50 1234 5678",
    policy: policy({ blocked: ["VOIP"] }),
    rule: "blocked_type",
    words: ["VoIP"],
  },
  // Digits that are not ASCII: the contract allows ASCII digits only.
  { name: "fullwidth plus and digits", input: "＋１４１５５５５２６７１", rule: "format", words: [] },
  {
    name: "ASCII plus, fullwidth digits",
    input: "+１４１５５５５２６７１",
    rule: "format",
    words: ["may contain only"],
  },
  { name: "Arabic-Indic digits", input: "+١٤١٥٥٥٥٢٦٧١", rule: "format", words: ["may contain only"] },
  {
    name: "Unicode hyphen as separator",
    input: "+1 415\u2010555\u20102671",
    rule: "format",
    words: ["may contain only"],
  },
  // Missing +.
  {
    name: "US national number",
    input: "4155552671",
    rule: "format",
    words: ["country code", "add it: +1 415 555 2671"],
  },
  {
    name: "US national number with separators",
    input: "(415) 555-2671",
    rule: "format",
    words: ["add it: +1 415 555 2671"],
  },
  { name: "US number with 1 but no +", input: "14155552671", rule: "format", words: ["add it: +1 415 555 2671"] },
  {
    name: "UK national number with GB as default country",
    input: "020 7946 0000",
    policy: policy({ defaultCountry: "GB" }),
    rule: "format",
    words: ["add it: +44 20 7946 0000"],
  },
  {
    name: "UK national number without a default country",
    input: "020 7946 0000",
    rule: "format",
    words: ["international format", "+14155550123"],
    not: ["add it"],
  },
  // Shape.
  { name: "empty", input: "", rule: "format", words: ["empty"] },
  { name: "white space only", input: "   \t ", rule: "format", words: ["empty"] },
  { name: "a lone +", input: "+", rule: "format", words: [] },
  { name: "two pluses", input: "++14155552671", rule: "format", words: ["may contain only"] },
  { name: "+ and separators only", input: "+ ( ) -", rule: "invalid", words: ["not a phone number"] },
  { name: "letters", input: "+1 415 CALL NOW", rule: "format", words: ["may contain only"] },
  { name: "65 characters", input: `+${"1".repeat(64)}`, rule: "format", words: ["longer than 64"] },
  { name: "very long input", input: `+1${"2".repeat(10_000)}`, rule: "format", words: ["longer than 64"] },
  // Not a string.
  { name: "number", input: 14155552671, rule: "format", words: ["must be a string"] },
  { name: "null", input: null, rule: "format", words: ["must be a string"] },
  { name: "undefined", input: undefined, rule: "format", words: ["must be a string"] },
  { name: "array", input: ["+14155552671"], rule: "format", words: ["must be a string"] },
  { name: "object", input: { to: "+14155552671" }, rule: "format", words: ["must be a string"] },
];

describe("parsePhone: refused numbers", () => {
  it.each(bad)("$name", (c) => {
    const r = parsePhone(c.input, c.policy ?? policy());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.rule).toBe(c.rule);
    expect(r.reason.length).toBeGreaterThan(5);
    for (const w of c.words) expect(r.reason.toLowerCase()).toContain(w.toLowerCase());
    for (const w of c.not ?? []) expect(r.reason.toLowerCase()).not.toContain(w.toLowerCase());
    expect(r).not.toHaveProperty("e164");
  });

  it("a blocked type is refused as blocked_type even when the country is also not allowed", () => {
    const r = parsePhone("+19005550123", policy({ allowed: ["CA"] }));
    expect(r).toMatchObject({ ok: false, rule: "blocked_type" });
  });

  it("an empty allowlist set refuses every country", () => {
    const r = parsePhone("+14155552671", { blockedTypes: new Set(), allowedCountries: new Set() });
    expect(r).toMatchObject({ ok: false, rule: "country_not_allowed" });
  });

  it("the reason for a refused number shows the number in international form", () => {
    const r = parsePhone("+19005550123", policy());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain("+1 900 555 0123");
  });
});

describe("phone messages: words and extensions", () => {
  const defaults = policy({ blocked: ["PREMIUM_RATE", "SHARED_COST"] });
  it("words around a number are a format problem, not an extension", () => {
    expect(parsePhone("Max +14155552671", defaults)).toMatchObject({ ok: false, rule: "format" });
  });
  it("a trailing x123 is still an extension", () => {
    expect(parsePhone("+14155552671 x123", defaults)).toMatchObject({ ok: false, rule: "extension" });
  });
});
