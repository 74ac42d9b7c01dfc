/**
 * The dial caps (OUTBOUND_CALLS_MAX_DIALS_PER_HOUR, …_PER_NUMBER_PER_DAY) as
 * refusals: the store decides (check, or check-and-count in one atomic step),
 * this says why and when the dials may go.
 */
import type { CapLimits, CapVerdict } from "./state/store.js";
import type { RowProblem } from "../../validation/errors.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../dial/refusals.js";
import { whenText } from "../dial/time-text.js";

/** Throws the refusal a failed verdict stands for; returns when the dials may go. */
export function refuseOverCap(
  verdict: CapVerdict,
  numbers: readonly string[],
  limits: CapLimits,
  now: number,
  perPerson = false,
): void {
  if (verdict.ok) return;
  if (verdict.rule === "dials_per_hour") {
    const cap = limits.perHour ?? 0;
    const variable = perPerson ? "OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON" : "OUTBOUND_CALLS_MAX_DIALS_PER_HOUR";
    const what = numbers.length === 1 ? "this dial" : `these ${numbers.length} dials`;
    const reason =
      numbers.length > cap
        ? `${what} are more than ${variable}=${cap} allows in an hour; split the batch into batches of at most ${cap} rows`
        : `${verdict.recent} dial${verdict.recent === 1 ? "" : "s"} in the last hour${perPerson ? " placed by you" : ""}; the cap ${variable}=${cap} leaves room for ${Math.max(0, cap - verdict.recent)}, and ${what} may go at ${whenText(verdict.freeAt, now)}`;
    const rule = perPerson ? "dials_per_hour_per_person" : verdict.rule;
    throw new SafetyRefusal(
      rule,
      `Refused by the ${perPerson ? "per-person " : ""}dials-per-hour cap: ${reason}. Nothing was dialed.`,
    );
  }
  const cap = limits.perNumberPerDay ?? 0;
  const reasons = new Map(
    verdict.numbers.map((n) => {
      const count = numbers.filter((x) => x === n.number).length;
      const reason =
        count > cap
          ? `${n.number} appears ${count} times, more than OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY=${cap} allows in 24 hours`
          : `${n.number} was dialed ${n.past} time${n.past === 1 ? "" : "s"} in the last 24 hours (cap OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY=${cap}); it may be dialed again at ${whenText(n.freeAt, now)}`;
      return [n.number, reason] as const;
    }),
  );
  if (numbers.length === 1) {
    throw new SafetyRefusal(
      verdict.rule,
      `Refused by the per-number daily cap: ${reasons.get(numbers[0]!) ?? numbers[0]}. Nothing was dialed.`,
      "to",
    );
  }
  const problems: RowProblem[] = numbers.flatMap((n, index) =>
    reasons.has(n) ? [{ index, field: "to", reason: reasons.get(n)! }] : [],
  );
  throw new BatchSafetyRefusal(
    verdict.rule,
    problems,
    numbers.length,
    "are over the per-number daily cap (OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY)",
    "Remove these rows or submit them when they may go",
  );
}
