/**
 * Phone numbers: parsing with libphonenumber-js **max** metadata (the only set
 * with type patterns for most countries), normalizing to E.164, and the number
 * policy (countries, blocked types). Pure functions: no I/O.
 */
import type { PhoneNumber, CountryCode } from "libphonenumber-js/max";
import type { BlockedPrefixes } from "./blocked-prefixes.js";
import { PREFIXES_VARIABLE } from "./blocked-prefixes.js";
import { phoneLib } from "./lib.js";
import type { NumberTypeName } from "./types.js";

export interface PhonePolicy {
  allowedCountries?: ReadonlySet<string> | undefined;
  blockedTypes: ReadonlySet<NumberTypeName>;
  /** Ranges never dialed (OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE). */
  blockedPrefixes?: BlockedPrefixes | undefined;
  /** Used only to suggest a fix for a number written without its country code. */
  defaultCountry?: string | undefined;
}

export interface ParsedPhone {
  ok: true;
  /** What is sent upstream: `+14155552671`. */
  e164: string;
  /** For people: `+1 415 555 2671`. */
  international: string;
  country: string;
  type: string | undefined;
  /** The national significant number (`4155552671`), as the check parsed it; absent: parse `e164` again. */
  national?: string;
}

export interface PhoneProblem {
  ok: false;
  /** Short sentence for the model, with the fix where one is known. */
  reason: string;
  /** Which rule refused: format, invalid, no_country, extension, blocked_type, country_not_allowed, blocked_prefix. */
  rule: string;
}

export const MAX_PHONE_INPUT = 64;
// A plus, then digits with the separators people write; nothing else (no letters, no "ext.").
const WRITTEN_FORM = /^\+[0-9 .()\-]+$/;

const TYPE_WORDS: Record<string, string> = {
  PREMIUM_RATE: "a premium-rate number",
  SHARED_COST: "a shared-cost number",
  TOLL_FREE: "a toll-free number",
  VOIP: "a VoIP number",
  PERSONAL_NUMBER: "a personal (forwarding) number",
  PAGER: "a pager number",
  UAN: "a universal access number (an organisation's national number, some charged above a normal call)",
  VOICEMAIL: "a voicemail access number",
  FIXED_LINE: "a fixed-line number",
  MOBILE: "a mobile number",
  FIXED_LINE_OR_MOBILE: "a fixed-line or mobile number",
};

/**
 * The type the policy judges a number by: the library's, except that UK 03 numbers (typed UAN, like the costly
 * 055 range) count as fixed lines, because Ofcom caps calls to 03 at the price of a call to 01/02, inside bundles.
 */
export function policyType(
  type: string | undefined,
  country: string | undefined,
  nationalNumber: string,
): string | undefined {
  if (type === "UAN" && country === "GB" && nationalNumber.startsWith("3")) return "FIXED_LINE";
  return type;
}

function problem(rule: string, reason: string): PhoneProblem {
  return { ok: false, rule, reason };
}

/** Suggests the international form of a national number, where one is plausible. */
function suggestInternational(digitsOnly: string, policy: PhonePolicy): string | undefined {
  const candidates = [policy.defaultCountry, "US"].filter((c): c is string => typeof c === "string");
  for (const country of candidates) {
    try {
      const p = phoneLib().parsePhoneNumberWithError(digitsOnly, {
        defaultCountry: country as CountryCode,
        extract: false,
      });
      if (p.isValid()) return p.formatInternational();
    } catch {
      // Not a number there either; try the next guess.
    }
  }
  return undefined;
}

export function parsePhone(input: unknown, policy: PhonePolicy): ParsedPhone | PhoneProblem {
  if (typeof input !== "string") return problem("format", "must be a string in E.164 format, e.g. +14155550123");
  const text = input.trim();
  if (text.length === 0) return problem("format", "is empty; give the number in E.164 format, e.g. +14155550123");
  if (text.length > MAX_PHONE_INPUT) return problem("format", `is longer than ${MAX_PHONE_INPUT} characters`);
  if (/(?:ext\.?|extension|x|#)\s*\.?\s*\d+\s*$|;ext=/i.test(text)) {
    return problem(
      "extension",
      "carries an extension or extra text; the service dials plain numbers only (remove the extension)",
    );
  }
  if (!text.startsWith("+")) {
    const digits = text.replace(/[^0-9]/g, "");
    const guess = /^[0-9 .()\-]+$/.test(text) && digits.length > 0 ? suggestInternational(digits, policy) : undefined;
    return problem(
      "format",
      guess
        ? `has no country code; add it: ${guess}`
        : "must be in international format: a + and the country code, e.g. +14155550123",
    );
  }
  if (!WRITTEN_FORM.test(text)) {
    return problem(
      "format",
      "may contain only a leading + then ASCII digits, spaces, '-', '.', '(' and ')': no words around it, e.g. +1 415 555 0123",
    );
  }
  const compact = `+${text.slice(1).replace(/[^0-9]/g, "")}`;
  // Loaded here, on the first number that gets this far (src/phone/lib.ts).
  const { parsePhoneNumberWithError, ParseError } = phoneLib();
  let parsed: PhoneNumber;
  try {
    parsed = parsePhoneNumberWithError(compact, { extract: false });
  } catch (error) {
    const code = error instanceof ParseError ? error.message : "NOT_A_NUMBER";
    const why: Record<string, string> = {
      INVALID_COUNTRY: "starts with a country code that does not exist",
      TOO_SHORT: "is too short to be a phone number",
      TOO_LONG: "is too long to be a phone number",
      NOT_A_NUMBER: "is not a phone number",
    };
    return problem("invalid", `${why[code] ?? "is not a phone number"}; expected E.164, e.g. +14155550123`);
  }
  if (parsed.ext) return problem("extension", "carries an extension; remove it");
  // With max metadata, isValid() is getType() !== undefined (libphonenumber-js isValid.js): ask for the type once,
  // and isValid() only for a number without one (exactly as before, in half the work for a batch).
  const type = parsed.getType();
  if (type === undefined && !parsed.isValid()) {
    const where = parsed.country ? `${parsed.country} ` : `+${parsed.countryCallingCode} `;
    return problem("invalid", `(${parsed.formatInternational()}) is not a valid ${where}number; check the digits`);
  }
  if (!parsed.country) {
    return problem(
      "no_country",
      `(${parsed.formatInternational()}) belongs to no country (an international premium, satellite or shared range); such numbers are refused`,
    );
  }
  const judged = policyType(type, parsed.country, parsed.nationalNumber);
  if (judged && policy.blockedTypes.has(judged as NumberTypeName)) {
    return problem(
      "blocked_type",
      `(${parsed.formatInternational()}) is ${TYPE_WORDS[judged] ?? judged}; that type is blocked by OUTBOUND_CALLS_BLOCKED_TYPES`,
    );
  }
  // The plan does not tell its fixed lines from its mobiles (every US and Canadian number): it may be either, so it is
  // refused when either is blocked (blocking MOBILE must not let every North American mobile through).
  const maybe =
    judged === "FIXED_LINE_OR_MOBILE"
      ? (["MOBILE", "FIXED_LINE"] as const).find((t) => policy.blockedTypes.has(t))
      : undefined;
  if (maybe) {
    return problem(
      "blocked_type",
      `(${parsed.formatInternational()}) may be ${TYPE_WORDS[maybe]} (the plan does not tell them apart); that type is blocked by OUTBOUND_CALLS_BLOCKED_TYPES`,
    );
  }
  if (policy.allowedCountries && !policy.allowedCountries.has(parsed.country)) {
    return problem(
      "country_not_allowed",
      `(${parsed.formatInternational()}) is in ${parsed.country}, which is not in OUTBOUND_CALLS_ALLOWED_COUNTRIES (${[...policy.allowedCountries].join(", ")})`,
    );
  }
  const range = policy.blockedPrefixes?.match(parsed.number);
  if (range) {
    return problem(
      "blocked_prefix",
      `(${parsed.formatInternational()}) is in a blocked range (${range}, ${PREFIXES_VARIABLE}); such numbers are refused`,
    );
  }
  return new CheckedPhone(parsed.number, parsed.country, type, parsed.nationalNumber);
}

/**
 * A number that passed: plain strings (a batch keeps one per row, so no parser object and no closure each).
 * `international` is formatted when read (create_call's answer, a preview), not for every row of a batch that never
 * shows it, re-parsed from the E.164 string (same digits, same result).
 */
class CheckedPhone implements ParsedPhone {
  readonly ok = true;
  private formatted: string | undefined;

  constructor(
    readonly e164: string,
    readonly country: string,
    readonly type: string | undefined,
    // Kept so the guards that place a number (its zones, its state) need not parse it again for every row.
    readonly national: string,
  ) {}

  get international(): string {
    this.formatted ??= phoneLib().parsePhoneNumberWithError(this.e164, { extract: false }).formatInternational();
    return this.formatted;
  }
}
