/** How a refusal of the law of the place called names a rule, and what a dial's law check is given beyond the rows. */
import type { ConsentRecord } from "../consent/file.js";
import type { LawRule } from "./rules.js";
import { TIER_TEXT } from "./provenance.js";

/** What a dial's law check is given beyond the rows: whether it is a batch, and the operator's consent records. */
export interface LawCheckOptions {
  /** submit_batch: the batch must stay allowed for as long as it may take to ring (law-batch-span.ts). */
  batch?: boolean;
  /** OUTBOUND_CALLS_CONSENT_FILE by E.164: a rule's consent exception applies to a live record of a basis it lists. */
  consent?: ReadonlyMap<string, ConsentRecord>;
  /** Set by checkLawOfThePlace: until when a consent record must stay live to lift a rule (the dial's last ring). */
  consentUntil?: number;
}

export const LAW_RULE = "law_of_the_place";

/** How a refusal names a rule: its id, the place, its source's tier and the day it was read, and the source. */
function tierText(rule: LawRule): string {
  const { tier, checked } = rule.source;
  return `[${TIER_TEXT[tier]}, ${checked ? `read ${checked}` : "the operator's source"}]`;
}

/** How a refusal names a rule: its id, the place, its source's tier and the source. */
export function ruleText(rule: LawRule): string {
  return `rule ${rule.id}, ${rule.placeName} ${tierText(rule)}: ${rule.source.cite}${rule.source.url ? ` <${rule.source.url}>` : ""}`;
}
