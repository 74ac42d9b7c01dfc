/**
 * A batch near closing. The service dispatches a batch's rows at a pace it does
 * not document, so a batch checked one minute before a place closes may ring its
 * last rows after the close. The guard assumes the slow case: a batch of N rows
 * may still be ringing N × OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW plus the
 * ring margin after it is sent, and every row's place must stay open (every
 * rule, every zone it may ring in) for all of that span.
 */
import type { LawRule } from "./rules.js";

/** The default of OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW (src/config/safety.ts): a slow service, 60 s a row. */
export const DEFAULT_BATCH_SPAN_PER_ROW_MS = 60_000;

const MINUTE_MS = 60_000;
/** A span longer than this is checked only this far: every rule in force closes within a day, so it is refused. */
export const LONGEST_SPAN_MS = 8 * 24 * 3_600_000;

/**
 * How long after it is sent a batch of `rows` rows may still ring, at most LONGEST_SPAN_MS: a longer batch is
 * checked that far only, so every row a rule of hours or holidays covers is refused (beyondScan).
 */
export function batchSpanMs(rows: number, perRowMs: number, ringMarginMs: number): number {
  return Math.min(ringMarginMs + rows * perRowMs, LONGEST_SPAN_MS);
}

/**
 * The first instant in (from, until] at which `problemAt` says the rule forbids a call in `zone`; undefined when
 * it allows calls all along. Hours start and end on whole local minutes and holidays at local midnight, and every
 * zone's offset is a whole number of minutes, so a close falls on a whole UTC minute: checking each one is exact.
 */
export function firstClosing(
  problemAt: (rule: LawRule, zone: string, at: number) => string | undefined,
  rule: LawRule,
  zone: string,
  from: number,
  until: number,
): number | undefined {
  for (let t = Math.floor(from / MINUTE_MS) * MINUTE_MS + MINUTE_MS; t <= until; t += MINUTE_MS) {
    if (problemAt(rule, zone, t) !== undefined) return t;
  }
  return problemAt(rule, zone, until) === undefined ? undefined : until;
}

/**
 * How many rows a batch sent at `now` may hold for all of them to ring before `closesAt`: the largest k with
 * now + margin + k × perRow strictly before the close (the closing minute itself is outside the hours).
 */
export function rowsThatFit(closesAt: number, now: number, perRowMs: number, ringMarginMs: number): number {
  return Math.max(0, Math.ceil((closesAt - now - ringMarginMs) / perRowMs) - 1);
}

/** Whether a batch may ring longer than the guard scans (LONGEST_SPAN_MS): a rule closing only later is not seen. */
export function beyondScan(rows: number, perRowMs: number, ringMarginMs: number): boolean {
  return ringMarginMs + rows * perRowMs > LONGEST_SPAN_MS;
}
