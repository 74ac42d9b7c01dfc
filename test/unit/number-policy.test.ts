/**
 * The number policy at its defaults, one representative number per type and
 * country (docs/number-policy.md gives the reasons): what each number parses as
 * under libphonenumber-js max metadata is pinned first, so a metadata update that
 * moves a range fails here before it changes what may be dialed; then whether the
 * default policy refuses it, and with which rule.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env.js";
import { phoneLib } from "../../src/phone/lib.js";
import { parsePhone, type PhonePolicy } from "../../src/phone/parse.js";

const config = loadConfig({
  OUTBOUND_CALLS_API_KEY: "sk_test_number_policy_0123456789",
  OUTBOUND_CALLS_BASE_URL: "https://app.example.com",
});
const defaults: PhonePolicy = { blockedTypes: config.blockedTypes, allowedCountries: config.allowedCountries };

type Verdict = "refused" | "allowed";

/** [library type, country, number, verdict at the defaults, what it is] */
const TABLE: Array<[string, string, string, Verdict, string]> = [
  // Premium rate: the caller pays a surcharge that is shared with the number's holder (the classic toll-fraud payout).
  ["PREMIUM_RATE", "US", "+1 900 555 0123", "refused", "900 pay-per-call"],
  ["PREMIUM_RATE", "GB", "+44 909 879 0000", "refused", "09 premium rate"],
  ["PREMIUM_RATE", "GB", "+44 871 234 5678", "refused", "087 service number (service charge)"],
  ["PREMIUM_RATE", "DE", "+49 900 1234567", "refused", "0900 premium rate"],
  ["PREMIUM_RATE", "FR", "+33 8 91 12 34 56", "refused", "0891 surcharged"],
  // Shared cost: above a normal call, part of it paid to the holder.
  ["SHARED_COST", "FR", "+33 8 10 12 34 56", "refused", "0810 shared cost"],
  ["SHARED_COST", "ES", "+34 901 123 456", "refused", "901 shared cost"],
  ["SHARED_COST", "AU", "+61 1300 123 456", "refused", "1300 local-rate"],
  // Personal numbers: forwarded anywhere the holder chooses, charged above a normal call.
  [
    "PERSONAL_NUMBER",
    "GB",
    "+44 70 1234 5678",
    "refused",
    "070 personal number (premium-charged, looks like a mobile)",
  ],
  ["PERSONAL_NUMBER", "US", "+1 500 555 0100", "refused", "NANP 500 personal communications"],
  ["PERSONAL_NUMBER", "US", "+1 533 555 0100", "refused", "NANP 533 personal communications"],
  ["PERSONAL_NUMBER", "DE", "+49 700 12345678", "refused", "0700 personal number"],
  ["PERSONAL_NUMBER", "ES", "+34 70 1234567", "refused", "70 personal number"],
  ["PERSONAL_NUMBER", "CH", "+41 878 123 456", "refused", "0878 personal number"],
  ["PERSONAL_NUMBER", "IT", "+39 178 1234567", "refused", "178 personal number"],
  ["PERSONAL_NUMBER", "KR", "+82 50 1234 5678", "refused", "050 personal number"],
  // Pagers: nobody can talk on a pager; the UK charges calls to 076 per call.
  ["PAGER", "GB", "+44 7640 123456", "refused", "076 pager"],
  ["PAGER", "DE", "+49 164 1234567", "refused", "0164 pager"],
  ["PAGER", "AU", "+61 163 1234", "refused", "163 pager"],
  ["PAGER", "NL", "+31 66 1234567", "refused", "066 pager"],
  ["PAGER", "JP", "+81 20 1234 5678", "refused", "020 pager"],
  // Voicemail access: a mailbox, never a person.
  ["VOICEMAIL", "CH", "+41 860 123 456 789", "refused", "086 voicemail"],
  ["VOICEMAIL", "IT", "+39 321 2345 67890", "refused", "voicemail deposit"],
  ["VOICEMAIL", "NO", "+47 813 12 345", "refused", "081 voicemail"],
  // UAN: an organisation's national number; some cost like a local call, some much more, and the type cannot tell.
  ["UAN", "GB", "+44 55 1234 5678", "refused", "055 corporate number"],
  ["UAN", "JP", "+81 570 123 456", "refused", "0570 NaviDial"],
  ["UAN", "DE", "+49 182 12345678", "refused", "018x user-group number"],
  ["UAN", "ES", "+34 51 1234567", "refused", "51 corporate number"],
  ["UAN", "CH", "+41 58 123 45 67", "refused", "058 corporate number"],
  ["UAN", "IN", "+91 140 123 4567", "refused", "140 telemarketing series"],
  ["UAN", "ZA", "+27 861 123 4567", "refused", "0861 share-call"],
  ["UAN", "SE", "+46 10 123 45 67", "refused", "010 national number"],
  ["UAN", "IE", "+353 818 123 456", "refused", "0818 national number"],
  // UK 03: typed UAN by the library, but Ofcom caps them at the price of a geographic call, inside bundles.
  ["UAN", "GB", "+44 300 123 4567", "allowed", "0300 public bodies and charities (charged as geographic)"],
  ["UAN", "GB", "+44 345 123 4567", "allowed", "0345 (charged as geographic)"],
  // Toll-free: free for the caller.
  ["TOLL_FREE", "US", "+1 800 555 0123", "allowed", "800 toll-free"],
  ["TOLL_FREE", "GB", "+44 800 123 4567", "allowed", "0800 freephone"],
  // VoIP: charged as a geographic call in the plans that define it, answered by a person.
  ["VOIP", "GB", "+44 56 1234 5678", "allowed", "056 location-independent"],
  ["VOIP", "FR", "+33 9 12 34 56 78", "allowed", "09 VoIP"],
  ["VOIP", "JP", "+81 50 1234 5678", "allowed", "050 IP phone"],
  // People.
  ["FIXED_LINE", "GB", "+44 20 7946 0000", "allowed", "London"],
  ["FIXED_LINE", "DE", "+49 69 123456", "allowed", "Frankfurt"],
  ["FIXED_LINE", "JP", "+81 3 1234 5678", "allowed", "Tokyo"],
  ["MOBILE", "GB", "+44 7400 123456", "allowed", "UK mobile"],
  ["MOBILE", "DE", "+49 1555 1234567", "allowed", "German mobile"],
  ["MOBILE", "AU", "+61 412 345 678", "allowed", "Australian mobile"],
  ["FIXED_LINE_OR_MOBILE", "US", "+1 415 555 2671", "allowed", "San Francisco"],
];

describe("the number policy at its defaults", () => {
  it.each(TABLE)("%s %s %s is %s by default (%s)", (type, country, input, verdict) => {
    const parsed = phoneLib().parsePhoneNumberWithError(input.replace(/ /g, ""), { extract: false });
    expect([parsed.getType(), parsed.country]).toEqual([type, country]);
    const result = parsePhone(input, defaults);
    if (verdict === "allowed") {
      expect(result).toMatchObject({ ok: true, country });
    } else {
      expect(result).toMatchObject({ ok: false, rule: "blocked_type" });
      expect((result as { reason: string }).reason).toContain("OUTBOUND_CALLS_BLOCKED_TYPES");
    }
  });

  it("blocks exactly the types that cost more than a call, or that no person answers", () => {
    expect([...config.blockedTypes].sort()).toEqual([
      "PAGER",
      "PERSONAL_NUMBER",
      "PREMIUM_RATE",
      "SHARED_COST",
      "UAN",
      "VOICEMAIL",
    ]);
  });

  it("UK 03 passes only as a fixed line: refused when FIXED_LINE is blocked, while UK 055 (also UAN) stays refused", () => {
    const noFixed: PhonePolicy = { blockedTypes: new Set([...config.blockedTypes, "FIXED_LINE"]) };
    expect(parsePhone("+44 300 123 4567", noFixed)).toMatchObject({ ok: false, rule: "blocked_type" });
    expect(parsePhone("+44 55 1234 5678", defaults)).toMatchObject({ ok: false, rule: "blocked_type" });
  });

  it("a number the library cannot tell between fixed line and mobile is refused when either is blocked (US, CA, MX)", () => {
    // libphonenumber types every US and Canadian number, and Mexico's, FIXED_LINE_OR_MOBILE: "MOBILE" blocked must
    // still refuse the mobiles among them, so the ambiguous type counts as both.
    for (const blocked of ["MOBILE", "FIXED_LINE"] as const) {
      const policy: PhonePolicy = { blockedTypes: new Set([...config.blockedTypes, blocked]) };
      for (const number of ["+1 415 555 2671", "+1 613 555 0123", "+52 55 1234 5678"]) {
        expect(parsePhone(number, policy), `${number} with ${blocked} blocked`).toMatchObject({
          ok: false,
          rule: "blocked_type",
        });
      }
      const result = parsePhone("+1 415 555 2671", policy);
      expect(result.ok ? "" : result.reason).toContain(
        `may be a ${blocked === "MOBILE" ? "mobile" : "fixed-line"} number (the plan does not tell them apart)`,
      );
    }
    // A number the library knows to be the type that is not blocked still passes.
    expect(parsePhone("+44 20 7946 0000", { blockedTypes: new Set([...config.blockedTypes, "MOBILE"]) }).ok).toBe(true);
    expect(parsePhone("+44 7400 123456", { blockedTypes: new Set([...config.blockedTypes, "FIXED_LINE"]) }).ok).toBe(
      true,
    );
  });

  it("every type can be allowed again with OUTBOUND_CALLS_BLOCKED_TYPES=none", () => {
    const none = loadConfig({
      OUTBOUND_CALLS_API_KEY: "sk_test_number_policy_0123456789",
      OUTBOUND_CALLS_BASE_URL: "https://app.example.com",
      OUTBOUND_CALLS_BLOCKED_TYPES: "none",
    });
    for (const [, , input] of TABLE)
      expect(parsePhone(input, { blockedTypes: none.blockedTypes }).ok, input).toBe(true);
  });
});
