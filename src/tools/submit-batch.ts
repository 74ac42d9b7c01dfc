import { z } from "zod";
import { defineTool, DIAL_ANNOTATIONS } from "./define.js";
import { sandboxMark } from "./schemas.js";
import { callRowSchema, checkRow, type CheckedRow } from "../validation.js";
import { isObject, readSingle, type JsonObject } from "../api/shapes.js";
import { BatchValidationError, UserInputError, type RowProblem } from "../errors.js";
import { unknownAgentReason } from "../agent-directory.js";
import { sanitizeUpstream } from "../untrusted.js";
import { readCreated } from "../api/errors.js";

/** Hard ceiling of the schema; the configured OUTBOUND_CALLS_MAX_BATCH_SIZE is checked in the handler. */
export const BATCH_SCHEMA_MAX = 100_000;

const batchCallSchema = z.looseObject({ id: z.string().optional(), to: z.string().optional(), status: z.string().optional() });

/** Validates every row locally; returns the rows to send or throws naming every bad row. */
export function checkBatchRows(
  rows: z.infer<typeof callRowSchema>[],
  policy: Parameters<typeof checkRow>[1],
  allowDuplicates: boolean,
): CheckedRow[] {
  const problems: RowProblem[] = [];
  const checked: CheckedRow[] = [];
  const firstIndexOf = new Map<string, number>();
  rows.forEach((row, index) => {
    const result = checkRow(row, policy);
    for (const p of result.problems) problems.push({ index, ...p });
    if (!result.row) return;
    checked.push(result.row);
    const e164 = result.row.request.to;
    const first = firstIndexOf.get(e164);
    if (first === undefined) firstIndexOf.set(e164, index);
    else if (!allowDuplicates) {
      problems.push({ index, field: "to", reason: `${e164} is also calls[${first}]; set allow_duplicates: true if calling it twice is intended` });
    }
  });
  if (problems.length > 0) throw new BatchValidationError(problems, rows.length);
  return checked;
}

export const submitBatch = defineTool({
  name: "submit_batch",
  title: "Submit a batch of outbound calls",
  description:
    "Places many real phone calls that reach real people and cost money: every row is dialed by its agent. Use it " +
    "only when the user asked for these calls. Each row is {to, agent_id, contact_name?, company_name?, metadata?} " +
    "like create_call (`to` in E.164, e.g. +14155550123; agent_id from list_agents). Every row is checked before " +
    "anything is sent; if any row fails, nothing is sent and the answer lists every bad row (index, field, reason): " +
    "fix them and submit the whole batch again. A number that appears twice is refused unless allow_duplicates is " +
    "true. Returns the batch and campaign ids; follow the calls with list_calls {campaign_id}.",
  inputSchema: z
    .object({
      calls: z.array(callRowSchema).min(1).max(BATCH_SCHEMA_MAX).describe("The calls to place, one object per call."),
      allow_duplicates: z.boolean().optional().describe("Allow the same number more than once in this batch (default false)."),
    })
    .strict(),
  outputSchema: z.looseObject({
    batch_id: z.string().nullable(),
    campaign_id: z.string().nullable(),
    count: z.number().int().describe("Calls in the batch as submitted"),
    status: z.string().optional(),
    calls: z.array(batchCallSchema).optional(),
    countries: z.array(z.string()).describe("Countries of the numbers, for a quick check"),
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
    const ids = [...new Set(rows.map((r) => r.request.agent_id))];
    const { agents, missing } = await ctx.agents.check(ids, ctx.deadline);
    if (missing.size > 0) {
      const problems = rows.flatMap((r, index) =>
        missing.has(r.request.agent_id) ? [{ index, field: "agent_id", reason: unknownAgentReason(r.request.agent_id, agents) }] : [],
      );
      throw new BatchValidationError(problems, rows.length);
    }
    const res = await ctx.api.post(
      "/calls/batch",
      { calls: rows.map((r) => r.request) },
      { deadline: ctx.deadline, idempotencyKey: ctx.idempotencyKey },
    );
    const batch = readCreated("batch", () => sanitizeUpstream(readSingle(res.body, "the batch"), ctx.redactor) as JsonObject);
    const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : null);
    const calls = Array.isArray(batch.calls)
      ? batch.calls.filter(isObject).map((c) => ({ ...c, ...(c.id === undefined && c.call_id !== undefined ? { id: String(c.call_id) } : {}) }))
      : undefined;
    return {
      ...batch,
      batch_id: str(batch.batch_id) ?? str(batch.id),
      campaign_id: str(batch.campaign_id),
      count: rows.length,
      ...(typeof batch.status === "string" ? { status: batch.status } : {}),
      ...(calls ? { calls } : {}),
      countries: [...new Set(rows.map((r) => r.phone.country))].sort(),
    };
  },
  render(out) {
    const ids = [out.batch_id && `batch_id ${out.batch_id}`, out.campaign_id && `campaign_id ${out.campaign_id}`].filter(Boolean).join(", ");
    const follow = out.campaign_id
      ? `Follow the calls with list_calls {"campaign_id": "${out.campaign_id}"}.`
      : "Follow the calls with list_calls.";
    return `Batch accepted: ${out.count} call${out.count === 1 ? "" : "s"} to ${out.countries.join(", ")}${ids ? ` (${ids})` : ""}, status ${out.status ?? "unknown"}. ${follow} Do not submit it again.`;
  },
});
