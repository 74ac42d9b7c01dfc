/**
 * A consent rule of the law of the place called: where a call made with an AI voice needs the called person's
 * prior consent, or may not be made at all. Every call this server places is made by an AI agent, and each rule is
 * applied under the stricter reading of its words: an AI voice is an "artificial", "synthesized" or "prerecorded"
 * voice and an automatic dialing-announcing device (for the TCPA, FCC 24-17 says so), and every US number is treated as
 * a wireless line and a residence (the server cannot tell). A rule restricts, so it may rest on any tier of source;
 * what lifts it (`accepts`) is only a basis an official text was read to accept. Bases read only in a summary or a
 * secondary source are named (`unverified`): the operator may accept them in OUTBOUND_CALLS_RULES_FILE, said at start.
 * The rules themselves: consent-rules.ts and consent-rules-states.ts.
 */
import type { Basis } from "./bases.js";
import type { CallPurpose, RuleSource, SourceTier } from "../law/rules.js";

export interface ConsentRule {
  id: string;
  /** ISO country ("FR") or country and state ("US-WA"). */
  place: string;
  placeName: string;
  purposes: readonly CallPurpose[];
  /** In force from this date (YYYY-MM-DD), from the first instant it begins anywhere (UTC+14): the earlier reading. */
  from?: string;
  /** The bases an official text was read to accept; empty: nothing lifts the rule for an AI voice (a ban). */
  accepts: readonly Basis[];
  /** What the law seems to accept, read only in a summary or a secondary source: not built in. */
  unverified?: readonly string[];
  /** The rule wants consent given on the call itself, for that call: no record or attestation meets it. */
  onTheCall?: true;
  /** The reading applied where the words are older than AI voices, said in a refusal. */
  reading?: string;
  source: RuleSource;
  /** "built-in", or the rules file that changed it. */
  origin: string;
}

/** The reading every consent rule is applied under, said in each refusal. */
export const AI_VOICE_READING =
  "every call of this server is made by an AI voice, read as an artificial, synthesized or prerecorded voice and an automatic dialing-announcing device, and every US number as a wireless line";

const CHECKED = "2026-11-28";
export const BOTH: readonly CallPurpose[] = ["telemarketing", "informational"];
export const SALES: readonly CallPurpose[] = ["telemarketing"];

/** One rule, its source read on CHECKED. */
export function consentRule(
  rule: Omit<ConsentRule, "source" | "origin"> & { cite: string; url: string; quote: string; tier: SourceTier },
): ConsentRule {
  const { cite, url, quote, tier, ...rest } = rule;
  return { ...rest, source: { cite, url, quote, checked: CHECKED, tier }, origin: "built-in" };
}
