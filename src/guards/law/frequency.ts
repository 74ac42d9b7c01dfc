/**
 * The frequency rules of the law of the place called (e.g. Florida: three calls
 * in 24 hours), as limits the caps count in the guard store, and as refusals
 * naming the rule, the place and its source. The store counts them with the
 * dials, in the same atomic step as the caps (memory, or a Lua script on Redis
 * shared by every replica), so two replicas cannot both place the fourth call.
 */
import type { CapVerdict, LawLimit } from "../caps/state/store.js";
import type { CheckedRow } from "../../validation/call-row.js";
import type { RowProblem } from "../../validation/errors.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../dial/refusals.js";
import { whenText } from "../dial/time-text.js";
import type { LawBook } from "./book.js";
import { frequencyLimits, ruleText } from "./check.js";

/** The per-number law limits of these rows, as the caps take them (undefined when none apply). */
export function lawLimits(book: LawBook, rows: readonly CheckedRow[]): Map<string, LawLimit[]> | undefined {
  const byNumber = frequencyLimits(book, rows);
  if (byNumber.size === 0) return undefined;
  return new Map(
    [...byNumber].map(([n, rules]) => [
      n,
      rules.map((r) => ({ id: r.id, limit: r.frequency!.limit, windowMs: r.frequency!.windowMs })),
    ]),
  );
}

const windowText = (ms: number) =>
  ms % 86_400_000 === 0
    ? `${ms / 86_400_000 === 1 ? "24 hours" : `${ms / 86_400_000} days`}`
    : `${Math.round(ms / 3_600_000)} hours`;

/** Throws the refusal of a law_frequency verdict; returns for any other verdict. */
export function refuseOverLawLimit(verdict: CapVerdict, numbers: readonly string[], book: LawBook, now: number): void {
  if (verdict.ok || verdict.rule !== "law_frequency") return;
  const byId = new Map(book.rules.map((r) => [r.id, r] as const));
  const reasons = new Map(
    verdict.numbers.map((n) => {
      const rule = byId.get(n.law);
      const limit = rule?.frequency;
      const named = rule ? ruleText(rule) : `rule ${n.law}`;
      const reason = limit
        ? `${n.number} was dialed ${n.past} time${n.past === 1 ? "" : "s"} in the last ${windowText(limit.windowMs)}, and ${named} allows at most ${limit.limit}; it may be dialed again at ${whenText(n.freeAt, now)}`
        : `${n.number} is over the limit of ${named}`;
      return [n.number, { reason, id: n.law }] as const;
    }),
  );
  const purpose = `OUTBOUND_CALLS_CALL_PURPOSE=${book.purpose}`;
  if (numbers.length === 1) {
    const r = reasons.get(numbers[0]!)!;
    throw new SafetyRefusal(
      r.id,
      `Refused by the law of the place called (${purpose}): ${r.reason}. Nothing was dialed.`,
      "to",
    );
  }
  const problems: RowProblem[] = numbers.flatMap((n, index) =>
    reasons.has(n) ? [{ index, field: "to", reason: reasons.get(n)!.reason }] : [],
  );
  const ids = [...new Set([...reasons.values()].map((r) => r.id))];
  throw new BatchSafetyRefusal(
    ids.length === 1 ? ids[0]! : "law_of_the_place",
    problems,
    numbers.length,
    `are over a per-number limit of the law of the place called (${purpose})`,
    "Remove these rows or submit them when they may go",
  );
}
