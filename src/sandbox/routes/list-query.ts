import { validationFailed, type FieldIssue } from "../errors.js";
import { ALL_STATUSES } from "../lifecycle.js";

export interface ListFilters {
  status?: string;
  agentId?: string;
  campaignId?: string;
  fromMs?: number;
  /** Exclusive upper bound. */
  toMs?: number;
  page: number;
  limit: number;
}

const ID = /^[A-Za-z0-9._:-]{1,128}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const DAY_MS = 86_400_000;

function dayStart(year: string, month: string, day: string): number | undefined {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  const ms = Date.UTC(y, m - 1, d);
  const date = new Date(ms);
  // Date.UTC rolls 2025-02-30 over to March; a real calendar date must survive the round trip.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return ms;
}

/** A date means the whole UTC day: `from` is its start, `to` (exclusive) the next day's start. */
function parseBound(value: string, end: boolean): number | undefined {
  const dateOnly = DATE.exec(value);
  if (dateOnly) {
    const start = dayStart(dateOnly[1] as string, dateOnly[2] as string, dateOnly[3] as string);
    if (start === undefined) return undefined;
    return end ? start + DAY_MS : start;
  }
  const dateTime = DATE_TIME.exec(value);
  if (!dateTime || dayStart(dateTime[1] as string, dateTime[2] as string, dateTime[3] as string) === undefined)
    return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return undefined;
  return end ? ms + 1 : ms;
}

function positiveInt(value: string): number | undefined {
  return /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : undefined;
}

/** GET /calls query parameters. Unknown parameters are ignored; a bad value is a 422 naming it. */
export function parseListQuery(query: Record<string, string>): ListFilters {
  const issues: FieldIssue[] = [];
  const filters: ListFilters = { page: 1, limit: 20 };

  if (query.status !== undefined) {
    if ((ALL_STATUSES as readonly string[]).includes(query.status)) filters.status = query.status;
    else issues.push({ field: "status", message: `status must be one of ${ALL_STATUSES.join(", ")}.` });
  }
  for (const [param, key] of [
    ["agent_id", "agentId"],
    ["campaign_id", "campaignId"],
  ] as const) {
    const value = query[param];
    if (value === undefined) continue;
    if (ID.test(value)) filters[key] = value;
    else issues.push({ field: param, message: `${param} must be 1 to 128 of A-Z a-z 0-9 . _ : -` });
  }
  for (const [param, end] of [
    ["date_from", false],
    ["date_to", true],
  ] as const) {
    const value = query[param];
    if (value === undefined) continue;
    const ms = parseBound(value, end);
    if (ms === undefined) {
      issues.push({
        field: param,
        message: `${param} must be a date (YYYY-MM-DD, a whole UTC day) or an ISO 8601 date-time with Z or an offset.`,
      });
    } else if (end) filters.toMs = ms;
    else filters.fromMs = ms;
  }
  if (filters.fromMs !== undefined && filters.toMs !== undefined && filters.fromMs >= filters.toMs) {
    issues.push({ field: "date_to", message: "date_to must not be before date_from." });
  }
  if (query.page !== undefined) {
    const page = positiveInt(query.page);
    if (page === undefined) issues.push({ field: "page", message: "page must be a whole number from 1." });
    else filters.page = page;
  }
  if (query.limit !== undefined) {
    const limit = positiveInt(query.limit);
    if (limit === undefined || limit > 100)
      issues.push({ field: "limit", message: "limit must be a whole number from 1 to 100." });
    else filters.limit = limit;
  }
  if (issues.length > 0) throw validationFailed(issues);
  return filters;
}
