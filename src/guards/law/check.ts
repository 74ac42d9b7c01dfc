/**
 * The law of the place called, applied to the rows of a dial: where each number is and which rules of the law book
 * apply there (places.ts), and whether they allow the call now in every zone the number may ring in (hours.ts). The
 * rows are taken in groups of one place and one set of zones (row-groups.ts): each group's rules are evaluated once
 * at the dial's instant, and a refusal names each group's rows once. A number whose state cannot be told (e.g. 800)
 * meets every state rule of its country: the safe direction. A rule's own consent exception lifts it for a listed
 * basis (waivers.ts); a batch must stay allowed for as long as it may take to ring (batch-close.ts); the caps count
 * the per-number limits (frequencyLimits). Refusals name the rule, the place, its source's tier and the source.
 */
import type { CheckedRow } from "../../validation/call-row.js";
import type { RowProblem } from "../../validation/errors.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../dial/refusals.js";
import { whenText } from "../dial/time-text.js";
import type { LawBook } from "./book.js";
import type { LawRule } from "./rules.js";
import { loadHolidays } from "./holidays.js";
import { dialProblem, nextAllowed, RING_MARGIN_MS } from "./hours.js";
import { placeKey, placeOf, ruleAt, rulesAt } from "./places.js";
import { waivers } from "./waivers.js";
import { batchSpanMs, DEFAULT_BATCH_SPAN_PER_ROW_MS } from "./batch-span.js";
import { batchSpanRefusal } from "./batch-close.js";
import { groupRows, hoursRulesOfGroup, isAre, numbersText, type RowGroup } from "./row-groups.js";
import { LAW_RULE, ruleText, type LawCheckOptions } from "./rule-text.js";

export { LAW_RULE, ruleText, type LawCheckOptions } from "./rule-text.js";

/** Why a rule forbids a dial in a zone at the dial's instant; each rule and zone asked once per dial. */
type ProblemOf = (rule: LawRule, zone: string) => string | undefined;

/** The hour and day rules for one group of rows at `now`: the reason its rows may not go, naming rule, place and source. */
function groupProblem(
  book: LawBook,
  rows: readonly CheckedRow[],
  group: RowGroup,
  now: number,
  options: LawCheckOptions,
  problemOf: ProblemOf,
): { reason: string; rule: LawRule } | undefined {
  const rules = hoursRulesOfGroup(book, group, now, options.consent, options.consentUntil);
  if (rules.length === 0) return undefined;
  const { zones } = group;
  if (!zones || zones.length === 0) {
    const rule = rules[0]!;
    return {
      rule,
      reason: `the local time of ${numbersText(rows, group)} cannot be told, so ${ruleText(rule)} cannot be checked`,
    };
  }
  for (const rule of rules) {
    for (const zone of zones) {
      const problem = problemOf(rule, zone);
      if (problem === undefined) continue;
      const opens = nextAllowed(rules, zones, now);
      const when =
        opens === undefined
          ? "no time within 8 days allows it"
          : `the law of the place allows it from ${whenText(opens, now)}`;
      return {
        rule,
        reason: `${numbersText(rows, group)} ${isAre(group)} refused by ${ruleText(rule)}: ${problem}; ${when}`,
      };
    }
  }
  return undefined;
}

/**
 * The holiday data of every calendar the rows' rules name (a country, or regions of one), loaded before the
 * (synchronous) checks. Fails closed: a refusal naming the first rule whose holidays cannot be loaded, its place and
 * its source.
 */
async function holidaysFor(book: LawBook, groups: readonly RowGroup[]): Promise<void> {
  const byCalendar = new Map<string, LawRule>();
  for (const { place } of groups) {
    for (const r of rulesAt(book, place).map((rule) => ruleAt(rule, place)))
      if (r.holidaysOf && !byCalendar.has(r.holidaysOf)) byCalendar.set(r.holidaysOf, r);
  }
  for (const [calendar, rule] of byCalendar) {
    try {
      await loadHolidays(calendar);
    } catch (error) {
      throw new SafetyRefusal(
        rule.id,
        `Refused by the law of the place called: the public holidays a rule in force names cannot be loaded: ${ruleText(rule)} bans calls on ` +
          `the public holidays of ${calendar} (${error instanceof Error ? error.message : String(error)}), so the rule cannot be checked. Nothing was dialed. ` +
          `A person must fix the rule (OUTBOUND_CALLS_RULES_FILE) or the installation.`,
        "to",
      );
    }
  }
}

/**
 * Refuses the rows whose place forbids a call now (day, holiday or hour); returns when every row may go. A batch
 * (`options.batch`, submit_batch) must also stay allowed for as long as it may take to ring (batchSpanRefusal).
 */
export async function checkLawOfThePlace(
  book: LawBook,
  rows: readonly CheckedRow[],
  now: number,
  given: LawCheckOptions = {},
): Promise<string[]> {
  if (book.rules.length === 0) return [];
  // A consent exception must hold for as long as the dial may ring: a single call's margin, a batch's whole span.
  const ringsFor = given.batch
    ? batchSpanMs(rows.length, book.batchSpanPerRowMs ?? DEFAULT_BATCH_SPAN_PER_ROW_MS, RING_MARGIN_MS)
    : RING_MARGIN_MS;
  const options: LawCheckOptions = { ...given, consentUntil: now + ringsFor };
  const groups = groupRows(rows, options.consent);
  // Fail closed: a holiday ban that cannot be checked refuses, as a store that cannot answer does.
  await holidaysFor(book, groups);
  const asked = new Map<string, string | undefined>();
  const problemOf: ProblemOf = (rule, zone) => {
    // A regional rule's calendar depends on the row's place (ruleAt): part of the key.
    const key = `${rule.id}|${rule.holidaysOf ?? ""}|${zone}`;
    if (!asked.has(key)) asked.set(key, dialProblem(rule, zone, now));
    return asked.get(key);
  };
  const problems: Array<{ problem: RowProblem; law: LawRule }> = [];
  for (const group of groups) {
    const p = groupProblem(book, rows, group, now, options, problemOf);
    if (!p) continue;
    const [index] = group.rows as [number];
    const named = group.rows.length > 1 ? { rows: group.rows } : {};
    problems.push({ problem: { index, ...named, field: "to", reason: p.reason }, law: p.rule });
  }
  if (problems.length === 0) {
    const late = options.batch ? batchSpanRefusal(book, rows, groups, now, options) : undefined;
    if (late) throw late;
    // Only a number with a consent record can have a rule lifted.
    const { consent } = options;
    const recorded = consent && consent.size > 0 ? rows.filter((row) => consent.has(row.request.to)) : [];
    return waivers(recorded, (row) => rulesAt(book, placeOf(row)), now, consent, options.consentUntil);
  }
  const purpose = `OUTBOUND_CALLS_CALL_PURPOSE=${book.purpose}`;
  if (rows.length === 1) {
    const p = problems[0]!;
    throw new SafetyRefusal(
      p.law.id,
      `Refused by the law of the place called (${purpose}): ${p.problem.reason}. Nothing was dialed. Do not retry before then; ` +
        "only the operator can change these rules (OUTBOUND_CALLS_RULES_FILE).",
      "to",
    );
  }
  const rules = [...new Set(problems.map((p) => p.law.id))];
  throw new BatchSafetyRefusal(
    rules.length === 1 ? rules[0]! : LAW_RULE,
    problems.map((p) => p.problem),
    rows.length,
    `may not be called now under the law of the place called (${purpose})`,
    "Submit these rows when their place allows it, or without them",
  );
}

/** Each number's frequency rules (the caps count them with the dials, atomically, on every replica). */
export function frequencyLimits(book: LawBook, rows: readonly CheckedRow[]): Map<string, LawRule[]> {
  const limits = new Map<string, LawRule[]>();
  const byPlace = new Map<string, LawRule[]>();
  for (const row of rows) {
    if (limits.has(row.request.to)) continue;
    const place = placeOf(row);
    const key = placeKey(place);
    let rules = byPlace.get(key);
    if (!rules) byPlace.set(key, (rules = rulesAt(book, place).filter((r) => r.frequency)));
    if (rules.length > 0) limits.set(row.request.to, rules);
  }
  return limits;
}
