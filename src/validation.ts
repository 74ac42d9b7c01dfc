/**
 * The argument rules of API-CONTRACT.md "Local validation", as zod schemas (what
 * the model sees in tools/list) plus the checks a schema cannot express well
 * (phone policy, trimmed names). Nothing here does I/O.
 */
import { z } from "zod";
import { parsePhone, type PhonePolicy, type ParsedPhone } from "./phone.js";
import type { RowProblem } from "./errors.js";

export const AGENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const CALL_ID = /^[A-Za-z0-9_-]{1,128}$/;
const METADATA_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
// C0/C1 controls and the invisible/bidi characters that can disguise a name.
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]|\uDB40[\uDC00-\uDC7F]/;
const MAX_METADATA_BYTES = 8 * 1024;

export const agentIdSchema = z
  .string()
  .regex(AGENT_ID, "must be 1-128 characters of letters, digits, '.', '_', ':' or '-' (an id from list_agents)");

export const callIdSchema = z
  .string()
  .regex(CALL_ID, "must be 1-128 characters of letters, digits, '_' or '-' (an id from create_call or list_calls)");

const nameSchema = (what: string) =>
  z
    .string()
    .max(200, `${what} must be at most 200 characters`)
    .refine((s) => s.trim().length > 0, `${what} must not be empty`)
    .refine((s) => !CONTROL.test(s), `${what} must not contain control or invisible characters`);

export const metadataSchema = z
  .record(
    z.string().regex(METADATA_KEY, "metadata keys are 1-64 characters of letters, digits, '_', '.' or '-'"),
    z.union([z.string().max(1_000, "metadata text values are at most 1,000 characters"), z.number(), z.boolean(), z.null()]),
  )
  .refine((m) => Object.keys(m).length <= 50, "metadata has at most 50 keys")
  .refine((m) => Buffer.byteLength(JSON.stringify(m), "utf8") <= MAX_METADATA_BYTES, "metadata is at most 8 KB as JSON")
  .describe('Flat key/value data attached to the call, e.g. {"service_type": "appointment_reminder"}. Values: text, number, boolean or null.');

/** The fields of one call, shared by create_call and each row of submit_batch. */
export const callFields = {
  to: z
    .string()
    .max(200)
    .describe("Destination in E.164 international format: + then country code and number, e.g. +14155550123. Spaces, dashes, dots and parentheses are allowed."),
  agent_id: agentIdSchema.describe("Id of the agent that makes the call; one of the ids list_agents returns."),
  contact_name: nameSchema("contact_name").optional().describe("Name of the person being called (1-200 characters)."),
  company_name: nameSchema("company_name").optional().describe("Company of the person being called (1-200 characters)."),
  metadata: metadataSchema.optional(),
};

export const callRowSchema = z.object(callFields).strict();
export type CallRowInput = z.infer<typeof callRowSchema>;

/** A row after local validation: exactly what is sent upstream, plus what people read. */
export interface NormalizedCall {
  to: string;
  agent_id: string;
  contact_name?: string;
  company_name?: string;
  metadata?: Record<string, string | number | boolean | null>;
}

export interface CheckedRow {
  request: NormalizedCall;
  phone: ParsedPhone;
}

/** Checks what the schema cannot: the phone number's policy. Names are trimmed. */
export function checkRow(row: CallRowInput, policy: PhonePolicy): { row?: CheckedRow; problems: Omit<RowProblem, "index">[] } {
  const phone = parsePhone(row.to, policy);
  if (!phone.ok) return { problems: [{ field: "to", reason: `${JSON.stringify(truncate(row.to))} ${phone.reason}`, rule: phone.rule }] };
  const request: NormalizedCall = { to: phone.e164, agent_id: row.agent_id };
  if (row.contact_name !== undefined) request.contact_name = row.contact_name.trim();
  if (row.company_name !== undefined) request.company_name = row.company_name.trim();
  if (row.metadata !== undefined) request.metadata = row.metadata;
  return { row: { request, phone }, problems: [] };
}

function truncate(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

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
  const [year, month, day, hour, minute, second, offH, offM] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v))) as number[];
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() + 1 !== month || date.getUTCDate() !== day) return false;
  return (hour ?? 0) <= 23 && (minute ?? 0) <= 59 && (second ?? 0) <= 59 && (offH ?? 0) <= 23 && (offM ?? 0) <= 59;
}

export const dateFilterSchema = z
  .string()
  .refine(
    (s) => (DATE.test(s) || DATE_TIME.test(s)) && isRealDate(s) && !Number.isNaN(Date.parse(DATE.test(s) ? `${s}T00:00:00Z` : s)),
    "must be a date YYYY-MM-DD or an ISO 8601 date-time with Z or an offset, e.g. 2026-11-21 or 2026-11-21T09:00:00Z",
  );

/** Earliest instant a date filter can mean, for ordering checks. */
export function dateFilterStart(s: string): number {
  return Date.parse(DATE.test(s) ? `${s}T00:00:00Z` : s);
}
