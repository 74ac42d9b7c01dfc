/**
 * The law of the place called, applied to the rows of a dial: where each number is and which rules of the law book
 * apply there (law-places.ts), and whether they allow the call now in every zone the number may ring in
 * (law-hours.ts). A number whose state cannot be told (e.g. 800) meets every state rule of its country: the safe
 * direction. A rule's own consent exception lifts it for a listed basis (law-waivers.ts); a batch must stay allowed
 * for as long as it may take to ring (law-batch-span.ts); the caps count the per-number limits (frequencyLimits).
 * Refusals name the rule, the place, its source's tier and the source.
 */
import type { CheckedRow } from "../../validation/call-row.js";
import type { RowProblem } from "../../validation/errors.js";
import { phoneLib } from "../../phone/lib.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../dial/refusals.js";
import { zonesOfNumber } from "../zones/zones-of-number.js";
import { whenText } from "../dial/time-text.js";
import { hhmm } from "../hours/window.js";
import type { LawBook } from "./book.js";
import type { LawRule } from "./rules.js";
import { loadHolidays } from "./holidays.js";
import { DAY_NAMES, dialProblem, hoursProblem, isTimeRule, localDay, nextAllowed, RING_MARGIN_MS } from "./hours.js";
import { placeOf, ruleAt, rulesAt } from "./places.js";
import { TIER_TEXT } from "./provenance.js";
import { consentWaiver, waivers } from "./waivers.js";
import {
  batchSpanMs,
  beyondScan,
  DEFAULT_BATCH_SPAN_PER_ROW_MS,
  firstClosing,
  LONGEST_SPAN_MS,
  rowsThatFit,
} from "./batch-span.js";
import type { ConsentRecord } from "../consent/file.js";

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

/** The hour and day rules for one row at `now`: the reason it may not go, naming rule, place and source. */
function rowProblem(
  book: LawBook,
  row: CheckedRow,
  now: number,
  options: LawCheckOptions,
): { reason: string; rule: LawRule } | undefined {
  const { rules, zones } = hoursRulesOf(book, row, now, options);
  if (rules.length === 0) return undefined;
  if (!zones || zones.length === 0) {
    const rule = rules[0]!;
    return {
      rule,
      reason: `the local time of ${row.phone.international} cannot be told, so ${ruleText(rule)} cannot be checked`,
    };
  }
  for (const rule of rules) {
    for (const zone of zones) {
      const problem = dialProblem(rule, zone, now);
      if (problem === undefined) continue;
      const opens = nextAllowed(rules, zones, now);
      const when =
        opens === undefined
          ? "no time within 8 days allows it"
          : `the law of the place allows it from ${whenText(opens, now)}`;
      return { rule, reason: `${row.phone.international} is refused by ${ruleText(rule)}: ${problem}; ${when}` };
    }
  }
  return undefined;
}

/**
 * The holiday data of every calendar the rows' rules name (a country, or regions of one), loaded before the
 * (synchronous) checks. Fails closed: a refusal naming the first rule whose holidays cannot be loaded, its place and
 * its source.
 */
async function holidaysFor(book: LawBook, rows: readonly CheckedRow[]): Promise<void> {
  const byCalendar = new Map<string, LawRule>();
  for (const row of rows) {
    const place = placeOf(row);
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
 * The hour, day and holiday rules of a row's place, less those its consent record exempts it from, and the zones
 * it may ring in (undefined: cannot be told).
 */
function hoursRulesOf(
  book: LawBook,
  row: CheckedRow,
  now: number,
  options: LawCheckOptions,
): { rules: LawRule[]; zones: readonly string[] | undefined } {
  const place = placeOf(row);
  const rules = rulesAt(book, place)
    .filter((r) => isTimeRule(r) && !consentWaiver(r, row, now, options.consent, options.consentUntil))
    .map((r) => ruleAt(r, place));
  const national = phoneLib().parsePhoneNumberWithError(row.request.to, { extract: false }).nationalNumber;
  return { rules, zones: zonesOfNumber(row.phone.country, national)?.zones };
}

/**
 * A batch near closing (law-batch-span.ts): each row whose place closes before the whole batch may have rung, with
 * the rule, the place, the closing time and how many rows fit before it. Called once every row is allowed now.
 */
function batchSpanRefusal(
  book: LawBook,
  rows: readonly CheckedRow[],
  now: number,
  options: LawCheckOptions,
): BatchSafetyRefusal | undefined {
  const perRowMs = book.batchSpanPerRowMs ?? DEFAULT_BATCH_SPAN_PER_ROW_MS;
  const span = batchSpanMs(rows.length, perRowMs, RING_MARGIN_MS);
  const tooLong = beyondScan(rows.length, perRowMs, RING_MARGIN_MS);
  const ringsMs = RING_MARGIN_MS + rows.length * perRowMs;
  const closings = new Map<string, number | undefined>();
  const problems: Array<{ problem: RowProblem; law: LawRule; fits: number }> = [];
  rows.forEach((row, index) => {
    const { rules, zones } = hoursRulesOf(book, row, now, options);
    for (const rule of rules) {
      for (const zone of zones ?? []) {
        // A regional rule's calendar depends on the row's place (ruleAt): part of the key.
        const key = `${rule.id}|${rule.holidaysOf ?? ""}|${zone}`;
        if (!closings.has(key)) closings.set(key, firstClosing(hoursProblem, rule, zone, now, now + span));
        const found = closings.get(key);
        // Past the scan a rule may still close (a holiday-only rule, 00:00-24:00 hours): the unseen close counts.
        const closesAt = found ?? (tooLong ? now + LONGEST_SPAN_MS : undefined);
        if (closesAt === undefined) continue;
        const fits = rowsThatFit(closesAt, now, perRowMs, RING_MARGIN_MS);
        const local = localDay(zone, closesAt);
        const closes =
          found === undefined
            ? `which is longer than the 8 days the guard checks ahead, so the place may close while it rings`
            : `and the place closes at ${DAY_NAMES[local.weekday]} ${hhmm(local.minutes)} in ${zone} (${whenText(closesAt, now)})`;
        const reason =
          `${row.phone.international} is refused by ${ruleText(rule)}: a batch of ${rows.length} rows may still be ringing ${Math.ceil(ringsMs / 60_000)} min after it is sent ` +
          `(${perRowMs / 1000} s a row, OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW, plus ${RING_MARGIN_MS / 1000} s), ${closes}; a batch with this row may hold at most ${fits} row${fits === 1 ? "" : "s"} now`;
        problems.push({ problem: { index, field: "to", reason }, law: rule, fits });
        return;
      }
    }
  });
  if (problems.length === 0) return undefined;
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
  // Fail closed: a holiday ban that cannot be checked refuses, as a store that cannot answer does.
  await holidaysFor(book, rows);
  const problems: Array<{ problem: RowProblem; law: LawRule }> = [];
  rows.forEach((row, index) => {
    const p = rowProblem(book, row, now, options);
    if (p) problems.push({ problem: { index, field: "to", reason: p.reason }, law: p.rule });
  });
  if (problems.length === 0) {
    const late = options.batch ? batchSpanRefusal(book, rows, now, options) : undefined;
    if (late) throw late;
    return waivers(rows, (row) => rulesAt(book, placeOf(row)), now, options.consent, options.consentUntil);
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
  for (const row of rows) {
    if (limits.has(row.request.to)) continue;
    const rules = rulesAt(book, placeOf(row)).filter((r) => r.frequency);
    if (rules.length > 0) limits.set(row.request.to, rules);
  }
  return limits;
}
