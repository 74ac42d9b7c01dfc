import * as z from "zod";
import { defineTool, READ_ONLY_ANNOTATIONS } from "./define.js";
import { callRecordSchema, sandboxMark } from "./schemas.js";
import { toolInput, toolOutput } from "./published-schema.js";
import { optional } from "../validation/optional.js";
import { callLine, listItem } from "../render/calls.js";
import { agentIdSchema } from "../validation/ids.js";
import { dateFilterSchema, dateFilterStart } from "../validation/dates.js";
import { UserInputError } from "../validation/errors.js";
import { ownCallsPage, SCAN_MAX_CALLS } from "./own-calls-page.js";
import { fittingPage } from "./fitting-page.js";

export const DEFAULT_LIMIT = 20;
/** A page too large for OUTBOUND_CALLS_MAX_RESPONSE_BYTES is asked for again with half the limit, this many times at most. */
const MAX_HALVINGS = 3;

export const listCalls = defineTool({
  name: "list_calls",
  title: "List call records",
  description:
    "Lists call records, newest first, filtered by status, agent, campaign and date. Read-only; places no call. " +
    "Known statuses: queued, ringing, in_progress (active); completed, no_answer, busy, failed, canceled (final). " +
    "Dates: YYYY-MM-DD or ISO 8601 date-time with Z or an offset. Each line shows id, status, number, agent, time, " +
    "outcome and duration; use get_call with an id for the transcript and recording. When next_page is set, call " +
    "again with page=next_page for more.",
  inputSchema: toolInput({
    status: optional(
      z.string().regex(/^[a-z_]{1,32}$/, "must be a status word such as completed or no_answer"),
      "Only calls in this status, e.g. completed, no_answer, busy, failed, in_progress.",
    ),
    agent_id: optional(agentIdSchema, "Only calls made by this agent."),
    campaign_id: optional(
      z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, "must be 1-128 characters of letters, digits, '.', '_', ':' or '-'"),
      "Only calls of this campaign or batch (submit_batch reports it).",
    ),
    date_from: optional(dateFilterSchema, "Only calls on or after this date/time, e.g. 2026-11-21."),
    date_to: optional(dateFilterSchema, "Only calls on or before this date/time, e.g. 2026-11-21."),
    page: optional(z.number().int().min(1).max(10_000), "Page number, from 1. Use next_page of the previous answer."),
    limit: optional(z.number().int().min(1).max(100), `Calls per page, 1-100 (default ${DEFAULT_LIMIT}).`),
  }),
  outputSchema: toolOutput({
    calls: z
      .array(callRecordSchema)
      .describe("Call records; transcripts are left out (transcript_available: true), long summaries cut."),
    count: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    next_page: z
      .number()
      .int()
      .nullable()
      .describe("The page to ask for next, or null when no more is known to exist."),
    total: z.number().int().optional(),
    notes: z.array(z.string()).optional().describe("What was left out of this page, and why"),
    ...sandboxMark,
  }),
  annotations: READ_ONLY_ANNOTATIONS,
  docs: {
    serviceCall: "GET /calls",
    summary: "Call records, newest first, filtered by status, agent, campaign and dates, a page at a time.",
    brief: "Lists call records, newest first, filtered by status, agent, campaign and date.",
  },
  async handler(args, ctx) {
    if (args.date_from && args.date_to && dateFilterStart(args.date_from) > dateFilterStart(args.date_to)) {
      throw new UserInputError(
        "date_from is after date_to; swap them or widen the range. Nothing was sent.",
        "date_from",
      );
    }
    const filters = {
      status: args.status,
      agent_id: args.agent_id,
      campaign_id: args.campaign_id,
      date_from: args.date_from,
      date_to: args.date_to,
    };
    const limit = args.limit ?? DEFAULT_LIMIT;
    if (ctx.calls.restricted) {
      // Pages of this person's own calls, never the service's pages over everyone's (own-calls-page.ts).
      const page = args.page ?? 1;
      const own = await ownCallsPage(ctx, filters, page, limit);
      const calls = own.calls.map(listItem);
      const notes = ["Only calls you placed are listed."];
      if (own.cut) {
        notes.push(
          `Only the newest ${SCAN_MAX_CALLS} matching calls of the account were looked through for yours: narrow date_from/date_to, status or agent_id to reach older ones.`,
        );
      }
      return { calls, count: calls.length, page, limit, next_page: own.nextPage, notes };
    }
    // Transcripts can make a page larger than the cap: half as many calls (the same first call), three times at most.
    const {
      result,
      page,
      limit: fitted,
      halved,
    } = await fittingPage(ctx, { ...filters, page: args.page, limit }, MAX_HALVINGS);
    const calls = result.calls.map(listItem);
    const notes: string[] = [];
    if (halved > 0) {
      notes.push(
        `The service's answer for ${fitted * 2 ** halved} calls was larger than the answer limit (OUTBOUND_CALLS_MAX_RESPONSE_BYTES), so this page holds at most ${fitted}: keep limit=${fitted} when you ask for the next page.`,
      );
    }
    if (result.overLimit > 0)
      notes.push(`The service sent ${result.overLimit} more calls than the limit of ${fitted}; they were left out.`);
    return {
      calls,
      count: calls.length,
      page: result.paging.page ?? page ?? 1,
      limit: fitted,
      next_page: result.paging.nextPage,
      ...(result.paging.total !== undefined ? { total: result.paging.total } : {}),
      ...(notes.length > 0 ? { notes } : {}),
    };
  },
  render(out) {
    const where = `page ${out.page}${out.total !== undefined ? `, ${out.total} in all` : ""}`;
    const more = out.next_page !== null ? `More: call list_calls again with page=${out.next_page}.` : "No more pages.";
    if (out.count === 0)
      return `No calls match (${where}). ${out.next_page !== null ? more : ""}${out.notes ? ` ${out.notes.join(" ")}` : ""}`.trim();
    // Long fields stay out of the list; say where they are.
    const detail = out.calls.some(
      (c) => c.transcript_available === true || c.summary !== undefined || c.recording_url !== undefined,
    )
      ? "\nSummaries, transcripts and recordings: get_call with the call's id."
      : "";
    const notes = out.notes ? `\n${out.notes.join("\n")}` : "";
    return `${out.count} call${out.count === 1 ? "" : "s"} (${where}):\n${out.calls.map((c) => `- ${callLine(c)}`).join("\n")}\n${more}${detail}${notes}`;
  },
});
