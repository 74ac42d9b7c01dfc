/**
 * OUTBOUND_CALLS_RULES_PROVENANCE: which rules of the law of the place called apply, by the tier of the source they
 * were read from (law-rules.ts SourceTier). `all` (the default) applies every rule, whatever its tier: a rule that
 * only restricts is safe to apply on a secondary source, since a stricter reading only delays a call. `official`
 * applies only rules read in the law's own text (or a faithful mirror of it). Every kind of rule, built in or the
 * operator's, goes through rulesOfProvenance, so no kind can be left out of the choice.
 */
import type { SourceTier } from "./rules.js";

export type RulesProvenance = "all" | "official";

export const PROVENANCE_VARIABLE = "OUTBOUND_CALLS_RULES_PROVENANCE";

/** How a tier is written for a person (the dry run, a refusal, the docs). */
export const TIER_TEXT: Readonly<Record<SourceTier, string>> = {
  official: "official text",
  official_summary: "official summary",
  secondary: "secondary source",
};

/** A source as the docs' rule tables cite it: its tier and the day it was read, linked to the page read. */
export const sourceCell = (source: { url: string; tier: SourceTier; checked: string }): string =>
  `[${TIER_TEXT[source.tier]}, ${source.checked}](${source.url})`;

/** The tiers each setting applies. */
const APPLIED: Readonly<Record<RulesProvenance, ReadonlySet<SourceTier>>> = {
  all: new Set(["official", "official_summary", "secondary"]),
  official: new Set(["official"]),
};

/** The rules the setting applies (`kept`) and the ones it leaves out (`dropped`), each in the order given. */
export function rulesOfProvenance<R extends { source: { tier: SourceTier } }>(
  rules: readonly R[],
  provenance: RulesProvenance,
): { kept: R[]; dropped: R[] } {
  const kept: R[] = [];
  const dropped: R[] = [];
  for (const rule of rules) (APPLIED[provenance].has(rule.source.tier) ? kept : dropped).push(rule);
  return { kept, dropped };
}
