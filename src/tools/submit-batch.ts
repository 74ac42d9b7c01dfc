import * as z from "zod";
import { defineTool, DIAL_ANNOTATIONS } from "./define.js";
import { sandboxMark } from "./schemas.js";
import { dialAnswerFields, dryRunFields, dryRunText, writeOptions } from "./dial-fields.js";
import { callRowSchema } from "../validation/call-row.js";
import { openObject, toolInput } from "./published-schema.js";
import { optional } from "../validation/optional.js";
import { BATCH_SCHEMA_MAX, checkBatchRows } from "../validation/batch.js";
import { BatchValidationError, UserInputError } from "../validation/errors.js";
import { unknownAgentReason } from "../service/agents.js";
import type { BatchRecord } from "../service/calls.js";
import { oneLine } from "../text/clean.js";
import { otherIdText, statusText } from "../service/values.js";
import { withFencedContent } from "../render/calls.js";

const batchCallSchema = openObject({
  id: z.string().optional(),
  to: z.string().optional(),
  status: z.string().optional(),
});

/**
 * The names of this answer's own fields. The service's batch answer is passed on with its other fields, but never
 * under these names: a field `dry_run: true` or `preview` of the service's would otherwise turn a dialed batch into
 * "Dry run: nothing was dialed" with the service's text on a line of its own.
 */
const OWN_FIELDS = new Set(["count", "countries", ...Object.keys(dialAnswerFields), ...Object.keys(sandboxMark)]);
function serviceFields({ batch_id, campaign_id, status, calls, ...rest }: BatchRecord) {
  const others = Object.fromEntries(Object.entries(rest).filter(([key]) => !OWN_FIELDS.has(key)));
  return { ...others, batch_id, campaign_id, ...(status !== undefined ? { status } : {}), ...(calls ? { calls } : {}) };
}

const pick = (o: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
const idOrNull = (v: unknown) => (typeof v === "string" ? v : null);

export const submitBatch = defineTool({
  name: "submit_batch",
  title: "Submit a batch of outbound calls",
  description:
    "Places many real phone calls that reach real people and cost money: every row is dialed by its agent. Use it " +
    "only when the user asked for these calls. Each row is {to, agent_id, contact_name?, company_name?, metadata?} " +
    "like create_call (`to` in E.164, e.g. +14155550123; agent_id from list_agents). Every row is checked before " +
    "anything is sent; if any row fails, nothing is sent and the answer lists every bad row (index, field, reason): " +
    "fix them and submit the whole batch again. A number that appears twice is refused unless allow_duplicates is " +
    "true. The safety guards of create_call apply to every row (do-not-call list, calling hours, caps, confirmation, " +
    "numbers dialed in the dedupe window unless repeat_dial is true); dry_run: true shows what would be dialed and " +
    "sends nothing; an identical batch repeated within the dedupe window returns the first batch instead of dialing " +
    "again. Returns the batch and campaign ids; follow the calls with list_calls {campaign_id}.",
  inputSchema: toolInput({
    calls: z.array(callRowSchema).min(1).max(BATCH_SCHEMA_MAX).describe("The calls to place, one object per call."),
    allow_duplicates: optional(z.boolean(), "Allow the same number more than once in this batch (default false)."),
    ...writeOptions,
  }),
  outputSchema: openObject({
    batch_id: z.string().describe("The batch's id").nullable().describe("null in a dry run"),
    campaign_id: z.string().describe("The campaign the batch's calls belong to").nullable(),
    count: z.number().int().describe("Calls in the batch as submitted"),
    status: z.string().optional(),
    calls: z.array(batchCallSchema).optional(),
    countries: z.array(z.string()).describe("Countries of the numbers, for a quick check"),
    ...dialAnswerFields,
    ...sandboxMark,
  }),
  annotations: DIAL_ANNOTATIONS,
  docs: {
    serviceCall: "POST /calls/batch",
    summary:
      "Many calls in one request. Every row is checked first; one bad row stops the whole batch and every bad row is named.",
    brief: "Places many real calls with one request, after every row passed local checks.",
    sideEffects:
      "**Places a real phone call per row**, each costing money (`POST /calls/batch`), after the safety guards.",
  },
  creates: "batch",
  async handler(args, ctx) {
    const max = ctx.config.maxBatchSize;
    if (args.calls.length > max) {
      throw new UserInputError(
        `calls: ${args.calls.length} rows is more than the configured maximum of ${max} (OUTBOUND_CALLS_MAX_BATCH_SIZE). Split it into smaller batches. Nothing was sent.`,
        "calls",
      );
    }
    const rows = checkBatchRows(args.calls, ctx.phonePolicy, args.allow_duplicates === true);
    ctx.guard.screen(rows);
    const ids = [...new Set(rows.map((r) => r.request.agent_id))];
    const { agents, missing } = await ctx.service.agents.check(ids, ctx.scope.deadline);
    if (missing.size > 0) {
      const problems = rows.flatMap((r, index) =>
        missing.has(r.request.agent_id)
          ? [{ index, field: "agent_id", reason: unknownAgentReason(r.request.agent_id, agents) }]
          : [],
      );
      throw new BatchValidationError(problems, rows.length);
    }
    const nameOf = (id: string) => agents.find((a) => a.id === id)?.name;
    const outcome = await ctx.guard.dial<BatchRecord>({
      rows,
      agentNames: new Map(ids.map((id) => [id, nameOf(id) && oneLine(nameOf(id)!, 120)])),
      dryRun: args.dry_run === true,
      token: args.confirmation_token,
      repeatDial: args.repeat_dial === true,
      send: (opts) =>
        ctx.service.calls.createBatch(
          rows.map((r) => r.request),
          opts,
        ),
      // A repeat within the window needs the ids and statuses, not every field the service echoed.
      summarize: (b) => ({
        summary: {
          batch_id: b.batch_id,
          campaign_id: b.campaign_id,
          ...(b.status !== undefined ? { status: b.status } : {}),
          ...(b.calls ? { calls: b.calls.map((c) => pick(c, ["id", "to", "status"])) } : {}),
        },
        callIds: (b.calls ?? []).flatMap((c) => (typeof c.id === "string" ? [c.id] : [])),
        callTo: (b.calls ?? []).flatMap((c) =>
          typeof c.id === "string" ? [typeof c.to === "string" ? c.to : undefined] : [],
        ),
        ...(b.batch_id ? { batchId: b.batch_id } : {}),
        ...(b.campaign_id ? { campaignId: b.campaign_id } : {}),
      }),
    });
    const base = { count: rows.length, countries: [...new Set(rows.map((r) => r.phone.country))].sort() };
    switch (outcome.kind) {
      case "dry_run":
        return { ...base, batch_id: null, campaign_id: null, ...dryRunFields(outcome) };
      case "deduplicated": {
        const s = outcome.summary;
        const calls = Array.isArray(s.calls)
          ? s.calls.filter((c): c is Record<string, unknown> => typeof c === "object" && c !== null)
          : undefined;
        return {
          ...base,
          batch_id: idOrNull(s.batch_id),
          campaign_id: idOrNull(s.campaign_id),
          ...(typeof s.status === "string" ? { status: s.status } : {}),
          ...(calls ? { calls } : {}),
          deduplicated: true,
          first_dialed_at: new Date(outcome.firstAt).toISOString(),
        };
      }
      case "dialed":
        return { ...serviceFields(outcome.record), ...base, confirmed_by: outcome.confirmedBy };
    }
  },
  // The service's fields, with any call content they hold fenced as data (none of this answer's own names is such a key).
  structure: (out) => withFencedContent(out),
  render(out) {
    if (out.dry_run) return dryRunText(out, "submit_batch");
    const ids = [
      out.batch_id && `batch_id ${otherIdText(out.batch_id)}`,
      out.campaign_id && `campaign_id ${otherIdText(out.campaign_id)}`,
    ]
      .filter(Boolean)
      .join(", ");
    const follow =
      out.campaign_id && otherIdText(out.campaign_id) === out.campaign_id
        ? `Follow the calls with list_calls {"campaign_id": "${out.campaign_id}"}.`
        : "Follow the calls with list_calls.";
    const rows = `${out.count} call${out.count === 1 ? "" : "s"} to ${out.countries.join(", ")}`;
    if (out.deduplicated) {
      return `Not dialed again: an identical batch (${rows}) was submitted at ${out.first_dialed_at}${ids ? ` (${ids})` : ""}. ${follow} Do not submit it again unless the user asks for a second round.`;
    }
    const confirmed = out.confirmed_by === "client" || out.confirmed_by === "page" ? " A person approved it." : "";
    return `Batch accepted: ${rows}${ids ? ` (${ids})` : ""}, status ${statusText(out.status)}.${confirmed} ${follow} Do not submit it again.`;
  },
});
