/**
 * A batch near closing, refused (batch-span.ts says why): each group of rows (row-groups.ts) whose place closes
 * before the whole batch may have rung, with the rule, the place, the closing time and how many rows fit before it.
 * Called once every row is allowed now; each rule's first close in each zone is searched once.
 */
import type { CheckedRow } from "../../validation/call-row.js";
import type { RowProblem } from "../../validation/errors.js";
import { BatchSafetyRefusal } from "../dial/refusals.js";
import { whenText } from "../dial/time-text.js";
import { hhmm } from "../hours/window.js";
import type { LawBook } from "./book.js";
import type { LawRule } from "./rules.js";
import { DAY_NAMES, hoursProblem, localDay, RING_MARGIN_MS } from "./hours.js";
import {
  batchSpanMs,
  beyondScan,
  DEFAULT_BATCH_SPAN_PER_ROW_MS,
  firstClosing,
  LONGEST_SPAN_MS,
  rowsThatFit,
} from "./batch-span.js";
import { hoursRulesOfGroup, isAre, numbersText, type RowGroup } from "./row-groups.js";
import { LAW_RULE, ruleText, type LawCheckOptions } from "./rule-text.js";

export function batchSpanRefusal(
  book: LawBook,
  rows: readonly CheckedRow[],
  groups: readonly RowGroup[],
  now: number,
  options: LawCheckOptions,
): BatchSafetyRefusal | undefined {
  const perRowMs = book.batchSpanPerRowMs ?? DEFAULT_BATCH_SPAN_PER_ROW_MS;
  const span = batchSpanMs(rows.length, perRowMs, RING_MARGIN_MS);
  const tooLong = beyondScan(rows.length, perRowMs, RING_MARGIN_MS);
  const ringsMs = RING_MARGIN_MS + rows.length * perRowMs;
  const closings = new Map<string, number | undefined>();
  const problems: Array<{ problem: RowProblem; law: LawRule; fits: number }> = [];
  for (const group of groups) {
    const rules = hoursRulesOfGroup(book, group, now, options.consent, options.consentUntil);
    const found = firstClose(rules, group.zones ?? [], (rule, zone) => {
      // A regional rule's calendar depends on the row's place (ruleAt): part of the key.
      const key = `${rule.id}|${rule.holidaysOf ?? ""}|${zone}`;
      if (!closings.has(key)) closings.set(key, firstClosing(hoursProblem, rule, zone, now, now + span));
      return closings.get(key);
    });
    if (!found) continue;
    const { rule, zone, at } = found;
    // Past the scan a rule may still close (a holiday-only rule, 00:00-24:00 hours): the unseen close counts.
    const closesAt = at ?? now + LONGEST_SPAN_MS;
    const fits = rowsThatFit(closesAt, now, perRowMs, RING_MARGIN_MS);
    const local = localDay(zone, closesAt);
    const closes =
      at === undefined
        ? `which is longer than the 8 days the guard checks ahead, so the place may close while it rings`
        : `and the place closes at ${DAY_NAMES[local.weekday]} ${hhmm(local.minutes)} in ${zone} (${whenText(closesAt, now)})`;
    const reason =
      `${numbersText(rows, group)} ${isAre(group)} refused by ${ruleText(rule)}: a batch of ${rows.length} rows may still be ringing ${Math.ceil(ringsMs / 60_000)} min after it is sent ` +
      `(${perRowMs / 1000} s a row, OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW, plus ${RING_MARGIN_MS / 1000} s), ${closes}; a batch with ${group.rows.length === 1 ? "this row" : "these rows"} may hold at most ${fits} row${fits === 1 ? "" : "s"} now`;
    const index = group.rows[0]!;
    problems.push({
      problem: { index, ...(group.rows.length > 1 ? { rows: group.rows } : {}), field: "to", reason },
      law: rule,
      fits,
    });
  }
  if (problems.length === 0) return undefined;
  problems.sort((a, b) => a.problem.index - b.problem.index);
  const ids = [...new Set(problems.map((p) => p.law.id))];
  const fits = Math.min(...problems.map((p) => p.fits));
  return new BatchSafetyRefusal(
    ids.length === 1 ? ids[0]! : LAW_RULE,
    problems.map((p) => p.problem),
    rows.length,
    `may ring after their place closes if the batch is sent now: the service's pace is not known (law of the place called, OUTBOUND_CALLS_CALL_PURPOSE=${book.purpose})`,
    fits > 0
      ? `Split the batch: send at most ${fits} row${fits === 1 ? "" : "s"} with these numbers now, or send these rows after their place opens again`
      : "Send these rows after their place opens again, or send the batch without them",
  );

  /** The first rule and zone (in the book's order) that closes within the span, or may past the scan. */
  function firstClose(
    rules: readonly LawRule[],
    zones: readonly string[],
    closingOf: (rule: LawRule, zone: string) => number | undefined,
  ): { rule: LawRule; zone: string; at: number | undefined } | undefined {
    for (const rule of rules) {
      for (const zone of zones) {
        const at = closingOf(rule, zone);
        if (at !== undefined || tooLong) return { rule, zone, at };
      }
    }
    return undefined;
  }
}
