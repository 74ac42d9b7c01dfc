/**
 * The law of the place called, applied to the rows of a dial: where each number
 * is (its country, and for the US and Canada its state or province from the
 * area code, as the time zones are found), which rules of the law book apply
 * there, and whether the callee's local day and time allow the call in every
 * zone the number may ring in. A number whose state cannot be told (an area
 * code not in the table, e.g. 800) meets every state rule of its country: the
 * safe direction. A rule whose own text exempts calls made with prior consent
 * does not bind a number whose consent record has a basis the operator listed
 * for it; a batch must stay allowed for as long as it may take to ring
 * (law-batch-span.ts). Frequency rules are counted by the caps in the guard
 * store (frequencyLimits); refusals name the rule, the place and its source.
 */
import type { CheckedRow } from "../../validation/call-row.js";
import type { RowProblem } from "../../validation/errors.js";
import { phoneLib } from "../../phone/lib.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../refusals.js";
import { nanpAreaCodes } from "../time-zones/nanp-area-codes.js";
import { zonesOfNumber } from "../time-zones/zones-of-number.js";
import { whenText } from "../time-text.js";
import { hhmm } from "../calling-hours.js";
import type { LawBook } from "./law-book.js";
import type { LawRule, Span } from "./law-rules.js";
import { loadHolidays, publicHoliday } from "./holidays.js";
import {
  batchSpanMs,
  beyondScan,
  DEFAULT_BATCH_SPAN_PER_ROW_MS,
  firstClosing,
  LONGEST_SPAN_MS,
  rowsThatFit,
} from "./law-batch-span.js";
import { liveBetween, type ConsentRecord } from "./consent-file.js";

/** What a dial's law check is given beyond the rows: whether it is a batch, and the operator's consent records. */
export interface LawCheckOptions {
  /** submit_batch: the batch must stay allowed for as long as it may take to ring (law-batch-span.ts). */
  batch?: boolean;
  /** OUTBOUND_CALLS_CONSENT_FILE by E.164: a rule's consent exception applies to a live record of a basis it lists. */
  consent?: ReadonlyMap<string, ConsentRecord>;
  /** Set by checkLawOfThePlace: until when a consent record must stay live to lift a rule (the dial's last ring). */
  consentUntil?: number;
}

/**
 * The consent record that exempts `row` from `rule`, if any: the rule's own text has a consent exception, the
 * operator listed this record's basis for it (consent_bases), the record was obtained before now, and it stays
 * live until `until`, the last instant the dial may ring (options.consentUntil: the ring margin, or a batch's span).
 */
function consentWaiver(
  rule: LawRule,
  row: CheckedRow,
  now: number,
  consent: LawCheckOptions["consent"],
  until = now,
): ConsentRecord | undefined {
  if (!rule.consentException || !rule.consentBases || rule.consentBases.length === 0) return undefined;
  const record = consent?.get(row.request.to);
  if (!record || !rule.consentBases.includes(record.basis)) return undefined;
  return liveBetween(record, now, until) ? record : undefined;
}

export const LAW_RULE = "law_of_the_place";

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Where a number is: its country, and its state or province when the area code tells it. */
export interface Place {
  country: string;
  region?: string;
}

/**
 * French territories whose numbers carry their own region code but where the Code de la consommation (and so
 * France's telemarketing rules, in "le fuseau horaire du consommateur") applies: the overseas departments and
 * Saint-Barthélemy, Saint-Martin, Saint-Pierre-et-Miquelon. Treated as France, in their own zone: the safe direction.
 */
export const FRENCH_OVERSEAS: ReadonlySet<string> = new Set(["GP", "MQ", "GF", "RE", "YT", "BL", "MF", "PM"]);

export function placeOf(row: CheckedRow): Place {
  const country = row.phone.country;
  if (FRENCH_OVERSEAS.has(country)) return { country: "FR", region: country };
  if (country !== "US" && country !== "CA") return { country };
  const national = phoneLib().parsePhoneNumberWithError(row.request.to, { extract: false }).nationalNumber;
  const entry = nanpAreaCodes().get(national.slice(0, 3));
  return entry && entry.country === country ? { country, region: entry.region } : { country };
}

/**
 * US territories with their own country code in the numbering plan (+1 787 Puerto Rico, +1 340 US Virgin Islands,
 * +1 671 Guam, +1 684 American Samoa, +1 670 Northern Mariana Islands). Federal rules are commonly read to reach
 * them; that reading was not verified on a primary source here, so a country-wide US rule (the federal window)
 * applies there, in their own zone, as the safe direction; no state rule does. Before, such a number met no rule.
 */
const US_TERRITORIES = new Set(["PR", "VI", "GU", "AS", "MP"]);

/** The rules of the book that apply at a place (every state's rules of the country when the state is unknown). */
export function rulesAt<R extends { place: string }>(book: { rules: readonly R[] }, place: Place): R[] {
  return book.rules.filter((r) => {
    if (r.place === place.country) return true;
    if (r.place === "US" && US_TERRITORIES.has(place.country)) return true;
    if (!r.place.startsWith(`${place.country}-`)) return false;
    // An area code shared by provinces ("NS/PE", "NT/NU/YT") meets the rules of each: the safe direction.
    return (
      place.region === undefined || place.region.split("/").some((region) => r.place === `${place.country}-${region}`)
    );
  });
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The callee's local weekday (0 = Sunday), date (YYYY-MM-DD) and minutes after midnight in `zone` at `at`. */
export function localDay(zone: string, at: number): { weekday: number; date: string; minutes: number } {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(at)) parts[p.type] = p.value;
  return {
    weekday: WEEKDAY_INDEX[parts.weekday ?? ""] ?? 0,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
  };
}

const inside = (spans: readonly Span[], minutes: number) =>
  spans.some((s) => minutes >= s.startMin && minutes < s.endMin);
const spansText = (spans: readonly Span[]) =>
  spans.length === 0 ? "no calls" : spans.map((s) => `${hhmm(s.startMin)}-${hhmm(s.endMin)}`).join(" and ");

/** Why `rule` forbids a call in `zone` at `at`, or undefined when it allows it. */
function hoursProblem(rule: LawRule, zone: string, at: number): string | undefined {
  const local = localDay(zone, at);
  if (rule.holidaysOf) {
    const holiday = publicHoliday(rule.holidaysOf, local.date);
    if (holiday) return `${local.date} is a public holiday in ${rule.holidaysOf} (${holiday}) in ${zone}`;
  }
  if (!rule.hours) return undefined;
  const today = rule.hours[local.weekday] ?? [];
  if (inside(today, local.minutes)) return undefined;
  const day = DAY_NAMES[local.weekday];
  return today.length === 0
    ? `it is ${day} ${hhmm(local.minutes)} in ${zone}, and the rule allows no calls on ${day}`
    : `it is ${day} ${hhmm(local.minutes)} in ${zone}, outside ${spansText(today)}`;
}

/**
 * How long a dial may take to ring after its check: the POST, the service's dispatch, the ringing. The rules
 * speak of calls received (RCW 19.158.040(2): "which will be received ... after 8:00 p.m."), so a call must be
 * allowed both now and this much later: 30 s before a close, nothing more is dialed.
 */
export const RING_MARGIN_MS = 30_000;

/** Why `rule` forbids a dial checked at `at`: at that instant, or when the call would ring. */
function dialProblem(rule: LawRule, zone: string, at: number): string | undefined {
  const now = hoursProblem(rule, zone, at);
  if (now !== undefined) return now;
  const later = hoursProblem(rule, zone, at + RING_MARGIN_MS);
  return later === undefined ? undefined : `the call would ring in the next ${RING_MARGIN_MS / 1000} s, when ${later}`;
}

const STEP_MS = 5 * 60_000;
const HORIZON_MS = 8 * 24 * 3_600_000;

/** The first minute (within 8 days) at which every rule allows a call in every zone; undefined when none. */
function nextAllowed(rules: readonly LawRule[], zones: readonly string[], now: number): number | undefined {
  const allowed = (t: number) => rules.every((r) => zones.every((z) => dialProblem(r, z, t) === undefined));
  for (let t = Math.ceil(now / STEP_MS) * STEP_MS; t - now <= HORIZON_MS; t += STEP_MS) {
    if (!allowed(t)) continue;
    // Back to the first whole minute of the opening (spans start on any minute).
    let at = t;
    while (at - 60_000 > now && allowed(at - 60_000)) at -= 60_000;
    return at;
  }
  return undefined;
}

/** How a refusal names a rule: its id, the place and the source. */
export function ruleText(rule: LawRule): string {
  return `rule ${rule.id}, ${rule.placeName}: ${rule.source.cite}${rule.source.url ? ` <${rule.source.url}>` : ""}`;
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
 * The holiday data of every country the rows' rules name, loaded before the (synchronous) checks. Fails closed: a
 * refusal naming the first rule whose holidays cannot be loaded, its place and its source.
 */
async function holidaysFor(book: LawBook, rows: readonly CheckedRow[]): Promise<void> {
  const byCountry = new Map<string, LawRule>();
  for (const row of rows)
    for (const r of rulesAt(book, placeOf(row)))
      if (r.holidaysOf && !byCountry.has(r.holidaysOf)) byCountry.set(r.holidaysOf, r);
  for (const [country, rule] of byCountry) {
    try {
      await loadHolidays(country);
    } catch (error) {
      throw new SafetyRefusal(
        rule.id,
        `Refused by the law of the place called: the public holidays a rule in force names cannot be loaded: ${ruleText(rule)} bans calls on ` +
          `the public holidays of ${country} (${error instanceof Error ? error.message : String(error)}), so the rule cannot be checked. Nothing was dialed. ` +
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
  const rules = rulesAt(book, placeOf(row)).filter(
    (r) => (r.hours || r.holidaysOf) && !consentWaiver(r, row, now, options.consent, options.consentUntil),
  );
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
        const key = `${rule.id}|${zone}`;
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

/** Which rows a rule's consent exception let through, one line a rule, for a dry run's checks and the audit line. */
function waivers(book: LawBook, rows: readonly CheckedRow[], now: number, options: LawCheckOptions): string[] {
  const byRule = new Map<string, string[]>();
  for (const row of rows) {
    // Only hours, days and holidays are lifted: a per-number limit is counted by the caps whatever the consent.
    for (const rule of rulesAt(book, placeOf(row)).filter((r) => r.hours || r.holidaysOf)) {
      const record = consentWaiver(rule, row, now, options.consent, options.consentUntil);
      if (record)
        byRule.set(rule.id, [
          ...(byRule.get(rule.id) ?? []),
          `${row.phone.international} (${record.basis}, obtained ${record.obtained})`,
        ]);
    }
  }
  return [...byRule].map(
    ([id, numbers]) => `rule ${id} does not apply, by its consent exception, to ${numbers.join(", ")}`,
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
    return waivers(book, rows, now, options);
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
