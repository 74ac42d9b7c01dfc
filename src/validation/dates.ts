import * as z from "zod";

// Dates for list filters: YYYY-MM-DD, or an ISO 8601 date-time with Z or an offset.
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * True only for a date that exists (Date.parse rolls 2026-02-30 over to March 2)
 * and, for a date-time, hours 00-23, minutes and seconds 00-59, offset at most ±23:59.
 */
function isRealDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2})))?$/.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offH, offM] = m
    .slice(1)
    .map((v) => (v === undefined ? 0 : Number(v))) as number[];
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() + 1 !== month || date.getUTCDate() !== day) return false;
  return (hour ?? 0) <= 23 && (minute ?? 0) <= 59 && (second ?? 0) <= 59 && (offH ?? 0) <= 23 && (offM ?? 0) <= 59;
}

export const dateFilterSchema = z
  .string()
  .refine(
    (s) =>
      (DATE.test(s) || DATE_TIME.test(s)) &&
      isRealDate(s) &&
      !Number.isNaN(Date.parse(DATE.test(s) ? `${s}T00:00:00Z` : s)),
    "must be a date YYYY-MM-DD or an ISO 8601 date-time with Z or an offset, e.g. 2026-11-21 or 2026-11-21T09:00:00Z",
  );

/** Earliest instant a date filter can mean, for ordering checks. */
export function dateFilterStart(s: string): number {
  return Date.parse(DATE.test(s) ? `${s}T00:00:00Z` : s);
}
