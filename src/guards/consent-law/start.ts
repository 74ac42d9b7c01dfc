/**
 * The consent book of a start (consent-book.ts) from the settings and the rules file, and what every start says
 * about it on stderr: OUTBOUND_CALLS_REQUIRE_CONSENT=false as an accepted risk, and each rule the operator loosened.
 */
import type { SafetySettings } from "../../config/safety.js";
import { RULES_VARIABLE, type RuleChange } from "../../config/rules-file.js";
import { consentBook, isConsentRuleId, type ConsentBook } from "./book.js";

export const CONSENT_OFF_NOTE =
  "outbound-calls-mcp: WARNING: OUTBOUND_CALLS_REQUIRE_CONSENT=false: NO CONSENT CHECK. No dial is checked for the prior consent the law of the place called requires for a call made by an AI voice " +
  "(US federal law and several states, Canada, France from 2026-08-11); the operator accepts that risk. Unset it to apply the law (docs/consent.md#consent-where-the-law-requires-it).";

export function consentBookAtStart(
  s: Pick<SafetySettings, "requireConsent" | "callPurpose" | "rulesFile" | "rulesProvenance">,
  changes: readonly RuleChange[],
  log: (line: string) => void,
): ConsentBook {
  const book = consentBook({
    mode: s.requireConsent,
    purpose: s.callPurpose,
    changes: changes.filter((c) => isConsentRuleId(c.id)),
    file: s.rulesFile ?? "",
    provenance: s.rulesProvenance,
  });
  if (book.mode === "off") log(CONSENT_OFF_NOTE);
  for (const change of book.changes) log(`outbound-calls-mcp: ${RULES_VARIABLE} (${s.rulesFile ?? "none"}): ${change}`);
  if (book.notApplied) log(`outbound-calls-mcp: ${book.notApplied}`);
  return book;
}
