import { z } from "zod";
import { defineTool, DIAL_ANNOTATIONS } from "./define.js";
import { sandboxMark } from "./schemas.js";
import { dialAnswerFields, dryRunFields, dryRunText, writeOptions } from "./write-options.js";
import { callRowSchema } from "../validation/call-row.js";
import { openObject, toolInput } from "./published-schema.js";
import { optional } from "../validation/optional.js";
import { BATCH_SCHEMA_MAX, checkBatchRows } from "../validation/batch.js";
import { isObject, readSingle, type JsonObject } from "../service/shapes.js";
import { BatchValidationError, UserInputError } from "../validation/errors.js";
import { unknownAgentReason } from "../service/agent-directory.js";
import { oneLine, sanitizeUpstream } from "../text/untrusted.js";
import { readCreated } from "../service/errors.js";

/** What the service answered to a batch, with our ids normalized. */
type BatchValue = JsonObject & { batch_id: string | null; campaign_id: string | null; status?: string; calls?: JsonObject[] };

const pick = (o: JsonObject, keys: string[]): JsonObject => Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));

const batchCallSchema = openObject({ id: z.string().optional(), to: z.string().optional(), status: z.string().optional() });

export const submitBatch = defineTool({
  name: "submit_batch",
  title: "Submit a batch of outbound calls",
  description:
    "Places many real phone calls that reach real people and cost money: every row is dialed by its agent. Use it " +
    "only when the user asked for these calls. Each row is {to, agent_id, contact_name?, company_name?, metadata?} " +
    "like create_call (`to` in E.164, e.g. +14155550123; agent_id from list_agents). Every row is checked before " +
    "anything is sent; if any row fails, nothing is sent and the answer lists every bad row (index, field, reason): " +
    "fix them and submit the whole batch again. A number that appears twice is refused unless allow_duplicates is " +
    "true. The safety guards of create_call apply to every row (do-not-call list, calling hours, caps, confirmation); " +
    "dry_run: true shows what would be dialed and sends nothing; an identical batch repeated within the dedupe window " +
    "returns the first batch instead of dialing again. Returns the batch and campaign ids; follow the calls with list_calls {campaign_id}.",
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
  writes: true,
  async handler(args, ctx) {
    const max = ctx.config.maxBatchSize;
    if (args.calls.length > max) {
      throw new UserInputError(
        `calls: ${args.calls.length} rows is more than the configured maximum of ${max} (OUTBOUND_CALLS_MAX_BATCH_SIZE). Split it into smaller batches. Nothing was sent.`,
        "calls",
      );
    }
    const rows = checkBatchRows(args.calls, ctx.phonePolicy, args.allow_duplicates === true);
    ctx.safety.screen(rows);
    const ids = [...new Set(rows.map((r) => r.request.agent_id))];
    const { agents, missing } = await ctx.agents.check(ids, ctx.deadline);
    if (missing.size > 0) {
      const problems = rows.flatMap((r, index) =>
        missing.has(r.request.agent_id) ? [{ index, field: "agent_id", reason: unknownAgentReason(r.request.agent_id, agents) }] : [],
      );
      throw new BatchValidationError(problems, rows.length);
    }
    const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : null);
    const outcome = await ctx.safety.dial({
      rows,
      agentNames: new Map(ids.map((id) => [id, ((name) => (name ? oneLine(name, 120) : undefined))(agents.find((a) => a.id === id)?.name)])),
      dryRun: args.dry_run === true,
      token: args.confirmation_token,
      deadline: ctx.deadline,
      async send(deadline) {
        const res = await ctx.api.post("/calls/batch", { calls: rows.map((r) => r.request) }, { deadline, idempotencyKey: ctx.idempotencyKey });
        const batch = readCreated("batch", () => sanitizeUpstream(readSingle(res.body, "the batch"), ctx.redactor) as JsonObject);
        const calls = Array.isArray(batch.calls)
          ? batch.calls.filter(isObject).map((c) => {
              const id = c.id ?? c.call_id;
              return { ...c, ...(typeof id === "string" || typeof id === "number" ? { id: String(id) } : {}) } as JsonObject;
            })
          : undefined;
        // Only fields of the expected types are carried under our names; the service's others are kept as they came.
        const { calls: _rawCalls, status: _rawStatus, ...rest } = batch;
        const value: BatchValue = {
          ...rest,
          batch_id: str(batch.batch_id) ?? str(batch.id),
          campaign_id: str(batch.campaign_id),
          ...(typeof batch.status === "string" ? { status: batch.status } : {}),
          ...(calls ? { calls } : {}),
        };
        return {
          value,
          callIds: (calls ?? []).flatMap((c) => (typeof c.id === "string" ? [c.id] : [])),
          batchId: value.batch_id ?? undefined,
          campaignId: value.campaign_id ?? undefined,
          status: res.status,
          requestId: res.requestId,
        };
      },
      // A repeat within the window needs the ids and statuses, not every field the service echoed.
      remember: (v): BatchValue => ({
        batch_id: v.batch_id,
        campaign_id: v.campaign_id,
        ...(v.status !== undefined ? { status: v.status } : {}),
        ...(v.calls ? { calls: v.calls.map((c) => pick(c, ["id", "to", "status"])) } : {}),
      }),
    });
    const base = { count: rows.length, countries: [...new Set(rows.map((r) => r.phone.country))].sort() };
    switch (outcome.kind) {
      case "dry_run":
        return { ...base, batch_id: null, campaign_id: null, ...dryRunFields(outcome) };
      case "deduplicated":
        return { ...outcome.value, ...base, deduplicated: true, first_dialed_at: new Date(outcome.firstAt).toISOString() };
      case "dialed":
        return { ...outcome.value, ...base, confirmed_by: outcome.confirmedBy };
    }
  },
  render(out) {
    if (out.dry_run) return dryRunText(out, "submit_batch");
    const ids = [out.batch_id && `batch_id ${oneLine(out.batch_id, 128)}`, out.campaign_id && `campaign_id ${oneLine(out.campaign_id, 128)}`]
      .filter(Boolean)
      .join(", ");
    const follow = out.campaign_id
      ? `Follow the calls with list_calls {"campaign_id": "${oneLine(out.campaign_id, 128)}"}.`
      : "Follow the calls with list_calls.";
    const rows = `${out.count} call${out.count === 1 ? "" : "s"} to ${out.countries.join(", ")}`;
    if (out.deduplicated) {
      return `Not dialed again: an identical batch (${rows}) was submitted at ${out.first_dialed_at}${ids ? ` (${ids})` : ""}. ${follow} Do not submit it again unless the user asks for a second round.`;
    }
    const confirmed = out.confirmed_by === "user" ? " The user confirmed it." : "";
    return `Batch accepted: ${rows}${ids ? ` (${ids})` : ""}, status ${oneLine(out.status ?? "unknown", 32)}.${confirmed} ${follow} Do not submit it again.`;
  },
});
