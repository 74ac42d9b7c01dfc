/**
 * The consent rules in force (consent-rules.ts) and France's hold after a refusal (refusal-hold.ts), for the call
 * purpose the operator set, after the operator's changes in OUTBOUND_CALLS_RULES_FILE: a rule switched off
 * (`enabled: false`), or a basis it also accepts (`consent_bases`: the operator's word, for a basis the law was read
 * to accept only in a summary or a secondary source). Both loosen, so each is said at every start. With
 * OUTBOUND_CALLS_RULES_PROVENANCE=official only the rules read in an official text apply.
 */
import { ConfigurationError } from "../../config/errors.js";
import { RULES_VARIABLE, type RuleChange } from "../../config/rules-file.js";
import { isBasis, type Basis } from "./bases.js";
import type { ConsentRule } from "./rule.js";
import { BUILT_IN_CONSENT_RULES } from "./rules.js";
import type { CallPurpose } from "../law/rules.js";
import { PROVENANCE_VARIABLE, rulesOfProvenance, type RulesProvenance } from "../law/provenance.js";
import { FR_REFUSAL_HOLD, type HoldRule } from "./hold.js";

/**
 * OUTBOUND_CALLS_REQUIRE_CONSENT: `law` (a record or a person's attestation where the law of the place requires
 * prior consent), `always` (that, and a record for every number), `off` (no consent check at all).
 */
export type ConsentMode = "law" | "always" | "off";

export interface ConsentBook {
  mode: ConsentMode;
  purpose: CallPurpose;
  /** The consent rules that apply to this purpose (none when the mode is off). */
  rules: readonly ConsentRule[];
  /** France's hold after a refusal, when it applies to this purpose. */
  hold: HoldRule | undefined;
  /** What the rules file changed, one sentence each, for the start's log. */
  changes: readonly string[];
  /** The rules OUTBOUND_CALLS_RULES_PROVENANCE leaves out, in a sentence for the start's log. */
  notApplied?: string;
}

export interface ConsentBookOptions {
  mode: ConsentMode;
  purpose: CallPurpose;
  /** Only the rules file's changes to these rules (isConsentRuleId). */
  changes?: readonly RuleChange[];
  file?: string;
  /** OUTBOUND_CALLS_RULES_PROVENANCE: `official` applies only the rules read in an official text. */
  provenance?: RulesProvenance;
}

const HOLDS: readonly HoldRule[] = [FR_REFUSAL_HOLD];
const IDS = new Set([...BUILT_IN_CONSENT_RULES, ...HOLDS].map((r) => r.id));

/** Is `id` one of this book's rules (the rules file's other changes go to the law book)? */
export function isConsentRuleId(id: string): boolean {
  return IDS.has(id);
}

/** The fields a change to a consent rule or hold may set. */
const CHANGEABLE = new Set(["id", "enabled", "consent_bases"]);

function checkChange(change: RuleChange, isHold: boolean): void {
  const other = Object.keys(change).filter((k) => !CHANGEABLE.has(k) || (isHold && k === "consent_bases"));
  if (other.length > 0)
    throw new ConfigurationError(
      `${RULES_VARIABLE}: rule ${change.id} is a ${isHold ? "hold" : "consent rule"}: only "enabled"${isHold ? "" : ' and "consent_bases"'} may be set for it, not ${other.join(", ")}`,
    );
  const unknown = (change.consent_bases ?? []).filter((b) => !isBasis(b));
  if (unknown.length > 0)
    throw new ConfigurationError(
      `${RULES_VARIABLE}: rule ${change.id}: consent_bases ${unknown.join(", ")} is not a basis of the consent file (see docs/consent.md#consent-bases)`,
    );
}

/** The rule with the operator's extra bases, its source naming the file; and the sentence said at start. */
function accepting(rule: ConsentRule, bases: readonly Basis[], file: string): { rule: ConsentRule; said: string } {
  const added = bases.filter((b) => !rule.accepts.includes(b));
  const tier = rule.source.tier === "official" ? "an official text" : `a source of tier ${rule.source.tier}`;
  return {
    rule: {
      ...rule,
      accepts: [...rule.accepts, ...added],
      source: { ...rule.source, cite: `${rule.source.cite}, with the bases the operator's ${RULES_VARIABLE} adds` },
      origin: file,
    },
    said: `rule ${rule.id} (${rule.placeName}, read in ${tier}) also accepts, on the operator's word, consent of the basis ${added.join(", ") || "(none new)"}`,
  };
}

export function consentBook(options: ConsentBookOptions): ConsentBook {
  const { mode, purpose, file = "" } = options;
  const byId = new Map(options.changes?.map((c) => [c.id, c] as const) ?? []);
  const said: string[] = [];
  const rules: ConsentRule[] = [];
  for (const rule of BUILT_IN_CONSENT_RULES) {
    const change = byId.get(rule.id);
    if (change) checkChange(change, false);
    if (change?.enabled === false) {
      said.push(`rule ${rule.id} (${rule.placeName}) is switched off`);
      continue;
    }
    const changed = change?.consent_bases ? accepting(rule, change.consent_bases as Basis[], file) : undefined;
    if (changed) said.push(changed.said);
    rules.push(changed?.rule ?? rule);
  }
  const holdChange = byId.get(FR_REFUSAL_HOLD.id);
  if (holdChange) checkChange(holdChange, true);
  if (holdChange?.enabled === false)
    said.push(`rule ${FR_REFUSAL_HOLD.id} (${FR_REFUSAL_HOLD.placeName}) is switched off`);
  const provenance = options.provenance ?? "all";
  const { kept, dropped } = rulesOfProvenance(
    [...rules, ...(holdChange?.enabled === false ? [] : [FR_REFUSAL_HOLD])].filter((r) => r.purposes.includes(purpose)),
    provenance,
  );
  return {
    mode,
    purpose,
    rules: mode === "off" ? [] : kept.filter((r): r is ConsentRule => r !== FR_REFUSAL_HOLD),
    hold: kept.includes(FR_REFUSAL_HOLD) ? FR_REFUSAL_HOLD : undefined,
    changes: said,
    ...(dropped.length > 0
      ? {
          notApplied: `${PROVENANCE_VARIABLE}=${provenance}: ${dropped.length} consent rule${dropped.length === 1 ? "" : "s"} or hold${dropped.length === 1 ? " is" : "s are"} not applied, read in no official text: ${dropped.map((r) => `${r.id} (${r.source.tier})`).join(", ")}`,
        }
      : {}),
  };
}

/** The first instant a rule's `from` date is in force anywhere (00:00 at UTC+14): the earlier, stricter reading. */
export function inForceFrom(rule: ConsentRule): number {
  return rule.from === undefined ? Number.NEGATIVE_INFINITY : Date.parse(`${rule.from}T00:00:00+14:00`);
}
