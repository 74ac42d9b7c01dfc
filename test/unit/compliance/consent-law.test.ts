/**
 * Consent where the law requires it, rule by rule (src/guards/consent-law/needs.ts, consent-book.ts): which
 * rules a number meets for a purpose and at an instant, the bases that satisfy all of them at once, a ban, consent on
 * the call, a record's basis and dates, the groups a person attests for, and the operator's changes.
 */
import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../../../src/config/errors.js";
import type { RuleChange } from "../../../src/config/rules-file.js";
import { consentBook, type ConsentBookOptions } from "../../../src/guards/consent-law/book.js";
import type { ConsentRecord } from "../../../src/guards/consent/file.js";
import { consentNeeds } from "../../../src/guards/consent-law/needs.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { checkRow, type CheckedRow } from "../../../src/validation/call-row.js";

const row = (to: string): CheckedRow =>
  checkRow({ to, agent_id: "agt_1" }, { allowedCountries: undefined, blockedTypes: new Set<never>() }).row!;
const book = (purpose: "telemarketing" | "informational", more: Partial<ConsentBookOptions> = {}) =>
  consentBook({ mode: "law", purpose, ...more });
const record = (number: string, basis: string, obtained = "2026-01-10", expires?: string): ConsentRecord => ({
  number,
  basis,
  source: "test",
  obtained,
  line: 7,
  ...(expires ? { expires, expiresAt: Date.parse(expires) + 86_400_000 } : {}),
});
const NOW = Date.parse("2026-12-01T17:30:00Z");
const needs = (b: ReturnType<typeof book>, to: string[], records: ConsentRecord[] = [], now = NOW) =>
  consentNeeds(b, new Map(records.map((r) => [r.number, r])), to.map(row), now, now + 30_000);
const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof SafetyRefusal || error instanceof BatchSafetyRefusal) return error.message;
    throw error;
  }
  return "allowed";
};

describe("the bases a number's rules accept together", () => {
  it("US informational: prior express consent or written (47 U.S.C. § 227(b)(1)); telemarketing: written only", () => {
    expect(needs(book("informational"), ["+12125550101"]).rows[0]).toMatchObject({
      bases: ["prior_express_written_consent", "prior_express_consent"],
    });
    expect(needs(book("telemarketing"), ["+12125550101"]).rows[0]!.rules.map((r) => r.id)).toEqual([
      "us_tcpa_ai_voice_wireless",
      "us_tcpa_ai_voice_telemarketing_pewc",
      "us_tsr_prerecorded_written_agreement",
    ]);
    expect(needs(book("telemarketing"), ["+12125550101"]).rows[0]!.bases).toEqual(["prior_express_written_consent"]);
  });

  it("Virginia's ADAD rule accepts consent to the message: a written consent is one; the federal rules keep only it", () => {
    const va = needs(book("telemarketing"), ["+17035550123"]).rows[0]!;
    expect(va.rules.map((r) => r.id)).toContain("us_va_adad_consent");
    expect(va.bases).toEqual(["prior_express_written_consent"]);
  });

  it("a number outside every rule's place needs nothing; a US number whose state cannot be told meets every state's rules", () => {
    expect(needs(book("telemarketing"), ["+442079460000"]).rows).toEqual([]);
    expect(refusal(() => needs(book("telemarketing"), ["+18005550123"]))).toMatch(/is refused by rule us_[a-z]{2}_/);
  });

  it("France's rule binds from the first instant of 2026-08-11 anywhere (00:00 at UTC+14), not before", () => {
    const fr = ["+33612345678"];
    expect(needs(book("telemarketing"), fr, [], Date.parse("2026-08-10T09:59:59Z")).rows).toEqual([]);
    expect(needs(book("telemarketing"), fr, [], Date.parse("2026-08-10T10:00:00Z")).rows[0]!.bases).toEqual([
      "fr_consent_l223_1",
      "current_contract",
    ]);
    expect(needs(book("informational"), fr).rows).toEqual([]);
  });
});

describe("refused whatever the record", () => {
  it.each([
    [
      "Washington's ban",
      "+12065550101",
      "telemarketing",
      "us_wa_adad_commercial_ban",
      "lets no consent on record lift it",
    ],
    [
      "Louisiana's consent on the call",
      "+15045550101",
      "informational",
      "us_la_adad_in_call_consent",
      "asks consent given on the call itself",
    ],
    [
      "Canada's ADAD rule (its basis read only on the CRTC's page)",
      "+15145550100",
      "telemarketing",
      "ca_crtc_adad_consent",
      "ca_adad_express_consent, read only in a source of tier official_summary",
    ],
  ] as const)("%s", (_what, to, purpose, rule, said) => {
    const text = refusal(() => needs(book(purpose), [to], [record(to, "prior_express_written_consent")]));
    expect(text).toContain(`rule ${rule}`);
    expect(text).toContain(said);
    expect(text).toContain("Nothing was dialed");
  });
});

describe("a record", () => {
  const NY = "+12125550101";
  it("of an accepted basis meets the rules; of another basis is refused naming its line; expired or not yet obtained is none", () => {
    expect(
      needs(book("telemarketing"), [NY], [record(NY, "prior_express_written_consent")]).rows[0]!.record,
    ).toBeDefined();
    expect(refusal(() => needs(book("telemarketing"), [NY], [record(NY, "prior_express_consent")]))).toContain(
      "consent record (OUTBOUND_CALLS_CONSENT_FILE line 7) of the basis prior_express_consent",
    );
    const expired = needs(
      book("informational"),
      [NY],
      [record(NY, "prior_express_consent", "2025-01-01", "2026-11-30")],
    );
    expect(expired.rows[0]!.record).toBeUndefined();
    expect(expired.groups).toEqual([
      { field: "consent_basis", rows: [0], bases: ["prior_express_written_consent", "prior_express_consent"] },
    ]);
    // Obtained on the day of the call: only once that date has ended everywhere.
    expect(
      needs(book("informational"), [NY], [record(NY, "prior_express_consent", "2026-12-01")]).rows[0]!.record,
    ).toBeUndefined();
  });

  it("nobody to attest: every row without a record is refused at once, with the bans", () => {
    const b = book("telemarketing");
    const text = refusal(() =>
      consentNeeds(
        b,
        new Map(),
        ["+12125550101", "+442079460000", "+12065550101"].map(row),
        NOW,
        NOW,
        "nobody can attest",
      ),
    );
    expect(text).toContain("calls[0].to: +1 212 555 0101 needs the called person's prior consent");
    expect(text).toContain("and nobody can attest. Either the operator adds a line");
    expect(text).toContain("calls[2].to: +1 206 555 0101 is refused by rule us_wa_adad_commercial_ban");
    expect(text).not.toContain("calls[1]");
  });
});

it("rows a person attests for are grouped by the bases they accept, in row order", () => {
  const n = needs(book("telemarketing"), [
    "+33612345678",
    "+12125550101",
    "+442079460000",
    "+12125550102",
    "+33612345679",
  ]);
  expect(n.groups).toEqual([
    { field: "consent_basis", rows: [0, 4], bases: ["fr_consent_l223_1", "current_contract"] },
    { field: "consent_basis_2", rows: [1, 3], bases: ["prior_express_written_consent"] },
  ]);
});

describe("the operator's changes (OUTBOUND_CALLS_RULES_FILE)", () => {
  const changed = (changes: RuleChange[], purpose: "telemarketing" | "informational" = "informational") =>
    consentBook({ mode: "law", purpose, changes, file: "rules.json" });

  it("a basis read only in a secondary source, accepted on the operator's word, and said; a rule switched off, and said", () => {
    const b = changed([
      { id: "us_ca_adad_consent", consent_bases: ["prior_express_consent"] },
      { id: "us_la_adad_in_call_consent", enabled: false },
    ]);
    expect(needs(b, ["+14155550101"]).rows[0]!.bases).toEqual([
      "prior_express_written_consent",
      "prior_express_consent",
    ]);
    expect(needs(b, ["+15045550101"]).rows[0]!.rules.map((r) => r.id)).toEqual(["us_tcpa_ai_voice_wireless"]);
    expect(b.changes).toEqual([
      "rule us_ca_adad_consent (California, US, read in a source of tier secondary) also accepts, on the operator's word, consent of the basis prior_express_consent",
      "rule us_la_adad_in_call_consent (Louisiana, US) is switched off",
    ]);
  });

  it.each([
    [
      { id: "us_ca_adad_consent", consent_bases: ["express"] },
      "consent_bases express is not a basis of the consent file",
    ],
    [
      { id: "us_ca_adad_consent", max_calls: 3, window_hours: 24 },
      'only "enabled" and "consent_bases" may be set for it, not max_calls, window_hours',
    ],
    [
      { id: "fr_refusal_hold_60d", consent_bases: ["fr_consent_l223_1"] },
      'is a hold: only "enabled" may be set for it',
    ],
  ] as Array<[RuleChange, string]>)("%j stops the start", (change, said) => {
    expect(() => changed([change])).toThrow(ConfigurationError);
    expect(() => changed([change])).toThrow(said);
  });

  it("OUTBOUND_CALLS_RULES_PROVENANCE=official leaves out the rules read in no official text, and says which", () => {
    const b = consentBook({ mode: "law", purpose: "telemarketing", provenance: "official" });
    expect(b.rules.every((r) => r.source.tier === "official")).toBe(true);
    expect(b.rules.map((r) => r.id)).toContain("us_wa_adad_commercial_ban");
    expect(b.hold?.id).toBe("fr_refusal_hold_60d");
    expect(b.notApplied).toMatch(
      /^OUTBOUND_CALLS_RULES_PROVENANCE=official: \d+ consent rules or holds are not applied, read in no official text: .*ca_crtc_adad_consent \(official_summary\)/,
    );
  });

  it("off: no consent rule, the hold stays", () => {
    const b = consentBook({ mode: "off", purpose: "telemarketing" });
    expect(b.rules).toEqual([]);
    expect(b.hold?.id).toBe("fr_refusal_hold_60d");
  });
});
