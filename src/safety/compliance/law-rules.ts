/**
 * The law of the place called, as data: each rule names its place, the call
 * purposes it covers, what it allows, and the primary source it was read from
 * (docs/compliance.md lists the same rules). Only rules whose primary text was
 * found and read are here: a rule that could not be verified is not coded as
 * law. The operator can change or switch off any rule, or add one, in
 * OUTBOUND_CALLS_RULES_FILE (src/config/rules-file.ts).
 */

/** What a call is for (OUTBOUND_CALLS_CALL_PURPOSE): the rules below cover telemarketing only. */
export type CallPurpose = "telemarketing" | "informational";

/** A span of local time, minutes after midnight: start inclusive, end exclusive. */
export interface Span {
  startMin: number;
  endMin: number;
}

/**
 * How close to the law's own words a rule was read: `official` (the legislature's or agency's own text, or a
 * faithful mirror of it), `official_summary` (an agency's page about it), `secondary` (a reputable publication
 * quoting the statute). A rule that only restricts may rest on any tier; an exception that lifts one needs
 * `official`. OUTBOUND_CALLS_RULES_PROVENANCE=official keeps only `official` rules (law-provenance.ts).
 */
export type SourceTier = "official" | "official_summary" | "secondary";

/** Where a rule was read and what it says, word for word (briefly). */
export interface RuleSource {
  /** Short citation, e.g. "Fla. Stat. § 501.616(6)(a)". */
  cite: string;
  url: string;
  quote: string;
  /** YYYY-MM-DD. */
  checked: string;
  tier: SourceTier;
}

export interface LawRule {
  id: string;
  /** ISO country ("CA", "FR") or country and state/province ("US-FL"). */
  place: string;
  /** How a refusal names the place. */
  placeName: string;
  purposes: readonly CallPurpose[];
  /** Allowed local spans per weekday, Sunday first (7 entries; an empty day allows no call). Absent: no hours rule. */
  hours?: ReadonlyArray<readonly Span[]>;
  /** No call on the public holidays of this country (the date-holidays library), in the callee's local date. */
  holidaysOf?: string;
  /** At most `limit` calls to one number in any `windowMs` (counted in the guard store, with the caps). */
  frequency?: { limit: number; windowMs: number };
  /**
   * The rule's own words exempting a call made with the called person's prior consent. Only a rule whose verified
   * text says so has one. It applies to a number only when the operator's consent file holds a live record, obtained
   * before the call, whose basis the operator lists in `consentBases` (OUTBOUND_CALLS_RULES_FILE `consent_bases`):
   * the server cannot tell from the operator's words which basis is "prior consent" under this rule.
   */
  consentException?: { quote: string };
  /** The operator's consent-file bases that count as the consent of `consentException` (none built in). */
  consentBases?: readonly string[];
  source: RuleSource;
  /** "built-in", or the rules file that changed or added it. */
  origin: string;
}

/** The US federal window's id: the sandbox leaves it off with its calling hours (src/safety/index.ts). */
export const FEDERAL_HOURS_RULE = "us_fcc_hours";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const CHECKED = "2026-11-25";
/** The federal rule and the states added in the second check. */
const CHECKED_FEDERAL = "2026-11-26";
const CHECKED_STATES = CHECKED_FEDERAL;

export const hm = (h: number, m = 0): number => h * 60 + m;
const span = (a: number, b: number): Span => ({ startMin: a, endMin: b });
/** The same spans every day of the week. */
const everyDay = (...spans: Span[]): Span[][] => Array.from({ length: 7 }, () => spans);

/** The built-in rules, each with its verified source (docs/compliance.md#the-rules-and-their-sources). */
export const BUILT_IN_RULES: readonly LawRule[] = [
  {
    id: "ca_crtc_hours",
    place: "CA",
    placeName: "Canada",
    purposes: ["telemarketing"],
    // Sunday, Monday–Friday, Saturday.
    hours: [
      [span(hm(10), hm(18))],
      ...Array.from({ length: 5 }, () => [span(hm(9), hm(21, 30))]),
      [span(hm(10), hm(18))],
    ],
    source: {
      cite: "CRTC Unsolicited Telecommunications Rules, Telemarketing Rules (calling curfews)",
      url: "https://crtc.gc.ca/eng/phone/telemarketing/tobligations/rules-regles.htm",
      quote:
        "Telemarketing calls can only be made between the hours of 9:00 a.m. and 9:30 p.m. on weekdays and between 10:00 a.m. and 6:00 p.m. on weekends.",
      checked: CHECKED,
      tier: "official_summary",
    },
    origin: "built-in",
  },
  {
    id: "us_fl_hours",
    place: "US-FL",
    placeName: "Florida, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(20))),
    source: {
      cite: "Fla. Stat. § 501.616(6)(a), as amended by 2021 SB 1120",
      url: "https://flsenate.gov/Session/Bill/2021/1120/BillText/Filed/HTML",
      quote:
        "A commercial telephone solicitation phone call before 8 a.m. or after 8 p.m. local time in the called person's time zone.",
      checked: CHECKED,
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "us_fl_frequency",
    place: "US-FL",
    placeName: "Florida, US",
    purposes: ["telemarketing"],
    frequency: { limit: 3, windowMs: DAY_MS },
    source: {
      cite: "Fla. Stat. § 501.616(6)(b), as amended by 2021 SB 1120",
      url: "https://flsenate.gov/Session/Bill/2021/1120/BillText/Filed/HTML",
      quote:
        "More than three commercial telephone solicitation phone calls from any number to a person over a 24-hour period on the same subject matter or issue, regardless of the phone number used to make the call.",
      checked: CHECKED,
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "us_wa_hours",
    place: "US-WA",
    placeName: "Washington, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(20))),
    source: {
      cite: "RCW 19.158.040(2)",
      url: "https://app.leg.wa.gov/RCW/default.aspx?cite=19.158.040",
      quote:
        "A commercial telephone solicitor shall not place calls to any person which will be received before 8:00 a.m. or after 8:00 p.m. at the call recipient's local time.",
      checked: CHECKED,
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "us_va_hours",
    place: "US-VA",
    placeName: "Virginia, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(21))),
    source: {
      cite: "Code of Virginia § 59.1-511 (Virginia Telephone Privacy Protection Act)",
      url: "https://law.lis.virginia.gov/vacodepopularnames/virginia-telephone-privacy-protection-act/",
      quote:
        "No telephone solicitor shall initiate, or cause to be initiated, a telephone solicitation call at any time other than between 8:00 a.m. and 9:00 p.m. local time at the called person's location, unless the telephone solicitor has obtained the prior consent of the called person.",
      checked: CHECKED_STATES,
      tier: "official",
    },
    consentException: { quote: "unless the telephone solicitor has obtained the prior consent of the called person" },
    origin: "built-in",
  },
  {
    // The section is about "an automated telephone dialing system"; a call an AI agent places through the calling
    // service is treated as one (the definition was not read): the stricter reading, which the operator can undo.
    id: "us_sd_automated_hours",
    place: "US-SD",
    placeName: "South Dakota, US",
    purposes: ["telemarketing"],
    hours: [[], ...Array.from({ length: 5 }, () => [span(hm(9), hm(21))]), []],
    source: {
      cite: "S.D. Codified Laws § 37-30-28",
      url: "http://legis.state.sd.us/statutes/DisplayStatute.aspx?Type=Statute&Statute=37-30-28",
      quote:
        "No person may use an automated telephone dialing system to make a telephone solicitation to any telephone number in the state except weekdays between 9 a.m. and 9 p.m., according to the time in this state.",
      checked: CHECKED_STATES,
      tier: "official",
    },
    origin: "built-in",
  },
  {
    // The federal floor for every US number (after the states' rules, so a refusal names the narrower state rule). Read on the FCC's own consumer guide (the regulator's statement of its
    // rule, as the CRTC rule above is read on the CRTC's page); the text of 47 CFR 64.1200(c)(1) itself was not
    // readable on eCFR, govinfo or in the Federal Register here (docs/compliance.md says what was searched). Applied
    // in the callee's local time, in every zone the number may ring in: the stricter reading of "calls to your home".
    id: FEDERAL_HOURS_RULE,
    place: "US",
    placeName: "United States (federal)",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(21))),
    source: {
      cite: 'FCC rules under the Telephone Consumer Protection Act (47 CFR § 64.1200(c)(1)), as stated in the FCC consumer guide "Unwanted Telephone Marketing Calls"',
      url: "http://purl.access.gpo.gov/GPO/LPS76294",
      quote:
        "Under current FCC rules: [...] Telephone solicitation calls to your home are prohibited before 8 am or after 9 pm.",
      checked: CHECKED_FEDERAL,
      tier: "official_summary",
    },
    origin: "built-in",
  },
  {
    id: "fr_hours",
    place: "FR",
    placeName: "France",
    purposes: ["telemarketing"],
    hours: [[], ...Array.from({ length: 5 }, () => [span(hm(10), hm(13)), span(hm(14), hm(20))]), []],
    holidaysOf: "FR",
    source: {
      cite: "Code de la consommation, art. D. 223-9 (décret n° 2022-1313 du 13 octobre 2022)",
      url: "https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000046421823",
      quote:
        "n'est autorisée d'une part que du lundi au vendredi, sauf lorsque ces jours sont fériés en application de l'article L. 3133-1 du code du travail, et d'autre part seulement de 10 heures à 13 heures et de 14 heures à 20 heures, ces heures correspondant à celles du fuseau horaire du consommateur.",
      checked: CHECKED,
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "fr_frequency",
    place: "FR",
    placeName: "France",
    purposes: ["telemarketing"],
    frequency: { limit: 4, windowMs: 30 * DAY_MS },
    source: {
      cite: "Code de la consommation, art. D. 223-9 (décret n° 2022-1313 du 13 octobre 2022)",
      url: "https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000046421823",
      quote:
        "de démarcher ou de tenter de démarcher téléphoniquement un même consommateur plus de quatre fois au cours d'une période de trente jours calendaires.",
      checked: CHECKED,
      tier: "official",
    },
    origin: "built-in",
  },
];

/** The longest frequency window the guard store may be asked about: the caps keep each number's dials this long. */
export const LONGEST_FREQUENCY_WINDOW_MS = 31 * DAY_MS;
