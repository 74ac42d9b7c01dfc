/**
 * The law of the place called, as data: each rule names its place, the call
 * purposes it covers, what it allows, and the source it was read from with that
 * source's tier (docs/compliance.md's table of places is generated from it).
 * The rules themselves are in rules/, a file per country or group of states.
 * A rule that only restricts may rest on any tier; an exception that lifts one
 * is built in only from an official text. The operator can change or switch off
 * any rule, or add one, in OUTBOUND_CALLS_RULES_FILE (src/config/rules-file.ts).
 */
import { CANADA_RULES } from "./rules/canada.js";
import { FRANCE_RULES } from "./rules/france.js";
import { US_FEDERAL_RULES } from "./rules/us-federal.js";
import { US_STATES_A_K } from "./rules/us-states-a-k.js";
import { US_STATES_L_M } from "./rules/us-states-l-m.js";
import { US_STATES_N_O } from "./rules/us-states-n-o.js";
import { US_STATES_P_W } from "./rules/us-states-p-w.js";
import { DAY_MS } from "./rules/shape.js";

/** What a call is for (OUTBOUND_CALLS_CALL_PURPOSE): which rules apply. */
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

/** A span of time in which a date-bounded rule allows no call: epoch ms, `from` inclusive, `until` exclusive. */
export interface BanWindow {
  from: number;
  until: number;
  /** What the operator says the window is (a declaration's name or number). */
  what?: string;
}

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
   * A date-bounded ban (e.g. during a declared emergency): no call within any of these windows. Present (even empty)
   * only on a rule of that kind; its windows come from the operator's rules file, since the server cannot know when
   * an emergency is declared.
   */
  bannedDuring?: readonly BanWindow[];
  /** How the rule's scope is read where its text leaves it open (the stricter way), and what was not read. */
  note?: string;
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

/**
 * The built-in rules. Order matters: where two rules refuse, the first is named, so a state's narrower rule comes
 * before the federal window.
 */
export const BUILT_IN_RULES: readonly LawRule[] = [
  ...CANADA_RULES,
  ...US_STATES_A_K,
  ...US_STATES_L_M,
  ...US_STATES_N_O,
  ...US_STATES_P_W,
  ...US_FEDERAL_RULES,
  ...FRANCE_RULES,
];

/** The longest frequency window the guard store may be asked about: the caps keep each number's dials this long. */
export const LONGEST_FREQUENCY_WINDOW_MS = 31 * DAY_MS;
