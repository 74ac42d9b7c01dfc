/**
 * France's hold after a refusal (C. consom. art. D. 223-9 al. 3): under `telemarketing`, once the callee refused the
 * canvassing during a call, the professional may neither contact nor try to contact them for 60 whole calendar days.
 * The hold is kept in the guard store (HoldList, one entry a number, ending on its own) and in the audit log, which a
 * start reads back (refusal-hold-watch.ts records and rebuilds it); a dial to a held number is refused before anyone
 * is asked, and again after the yes.
 */
import type { GuardStore } from "../store/store.js";
import type { HoldEntry } from "./state/store.js";
import type { CheckedRow } from "../../validation/call-row.js";
import type { RowProblem } from "../../validation/errors.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../dial/refusals.js";
import type { CallPurpose, RuleSource } from "../law/rules.js";
import { placeOf } from "../law/places.js";

export interface HoldRule {
  id: string;
  place: string;
  placeName: string;
  purposes: readonly CallPurpose[];
  /** How long a refusal holds the number. */
  holdMs: number;
  source: RuleSource;
}

const DAY_MS = 86_400_000;

/**
 * "soixante jours calendaires révolus à compter de ce refus": 60 whole days after the day of the refusal. Held 61
 * days from the moment the refusal was read, which covers the rest of that day in any zone (the stricter count).
 */
export const FR_REFUSAL_HOLD: HoldRule = {
  id: "fr_refusal_hold_60d",
  place: "FR",
  placeName: "France",
  purposes: ["telemarketing"],
  holdMs: 61 * DAY_MS,
  source: {
    cite: "Code de la consommation, art. D. 223-9 al. 3 (décret n° 2022-1313 du 13 octobre 2022)",
    url: "https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000046421823",
    quote:
      "Cependant, lorsque le consommateur refuse ce démarchage lors de la conversation, le professionnel s'abstient de le contacter ou de tenter de le contacter avant l'expiration d'une période de soixante jours calendaires révolus à compter de ce refus.",
    checked: "2026-11-28",
    tier: "official",
  },
};

/** The store's key of a number's hold under a rule. */
export function holdKey(rule: HoldRule, e164: string): string {
  return `${rule.id}:${e164}`;
}

/** Is the number's place the rule's (France, with its overseas departments and collectivities)? */
export function heldPlace(rule: HoldRule, row: CheckedRow): boolean {
  return placeOf(row).country === rule.place;
}

/** The live hold of each row at the rule's place, in order, asked now; undefined when no row is there. */
export function askHolds(
  rule: HoldRule | undefined,
  store: GuardStore,
  rows: readonly CheckedRow[],
  now: number,
): Promise<Array<HoldEntry | undefined>> | undefined {
  if (!rule) return undefined;
  const keys = rows.flatMap((row) => (heldPlace(rule, row) ? [holdKey(rule, row.request.to)] : []));
  return keys.length > 0 ? store.holds.get(keys, now) : undefined;
}

/**
 * Refuses the rows whose number is held now. `asked`: the holds asked for already (askHolds, with the other guards'
 * requests), else asked here.
 */
export async function refuseHeld(
  rule: HoldRule | undefined,
  store: GuardStore,
  rows: readonly CheckedRow[],
  now: number,
  asked = askHolds(rule, store, rows, now),
): Promise<void> {
  if (!rule || !asked) return;
  const at = rows.flatMap((row, index) => (heldPlace(rule, row) ? [{ row, index }] : []));
  const held = await asked;
  const problems: RowProblem[] = [];
  at.forEach(({ row, index }, i) => {
    const entry = held[i];
    if (!entry) return;
    problems.push({
      index,
      field: "to",
      reason:
        `${row.phone.international} refused the canvassing during an earlier call (${entry.note}); rule ${rule.id}, ${rule.placeName}: ` +
        `${rule.source.cite} <${rule.source.url}> (${rule.source.tier}, read ${rule.source.checked}) forbids contacting them, or trying to, until ${new Date(entry.until).toISOString()}`,
    });
  });
  if (problems.length === 0) return;
  if (rows.length === 1)
    throw new SafetyRefusal(
      rule.id,
      `Refused (${rule.id}): ${problems[0]!.reason}. Nothing was dialed. Do not retry before then; no approval lifts it.`,
      "to",
    );
  throw new BatchSafetyRefusal(
    rule.id,
    problems,
    rows.length,
    `are held after their refusal of the canvassing (${rule.id})`,
    "Send the batch without these rows",
  );
}
