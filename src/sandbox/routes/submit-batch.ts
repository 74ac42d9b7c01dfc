import { callRecord } from "../call-record.js";
import { ServiceError, validationFailed, type FieldIssue } from "../errors.js";
import { randomId } from "../ids.js";
import { isPlainObject, validateCall, type CallInput } from "../validate-call.js";
import type { Reply, RouteContext } from "./context.js";
import { createStoredCall } from "./new-call.js";
import { checkPlan, checkWallet } from "./plan-checks.js";

const BATCH_FIELDS = new Set(["calls", "campaign_id", "name"]);
const CAMPAIGN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * POST /calls/batch, all or nothing: every row is validated first and any bad row refuses the whole batch,
 * listing every bad row; then batch size (403), plan (403) and wallet for all rows (402); then all are created.
 */
export function submitBatch(ctx: RouteContext): Reply {
  const body = ctx.body;
  if (!isPlainObject(body))
    throw validationFailed([{ field: "body", message: "The request body must be a JSON object with a calls array." }]);

  const issues: FieldIssue[] = [];
  for (const key of Object.keys(body)) {
    if (!BATCH_FIELDS.has(key))
      issues.push({
        field: key,
        message: `Unknown field ${JSON.stringify(key.slice(0, 80))}; allowed: calls, campaign_id, name.`,
      });
  }
  const { campaign_id: campaignId, name, calls } = body;
  if (campaignId !== undefined && !(typeof campaignId === "string" && CAMPAIGN_ID.test(campaignId))) {
    issues.push({ field: "campaign_id", message: "campaign_id must be 1 to 128 of A-Z a-z 0-9 . _ : -" });
  }
  if (name !== undefined && !(typeof name === "string" && name.trim().length > 0 && name.length <= 200)) {
    issues.push({ field: "name", message: "name must be a string of 1 to 200 characters." });
  }
  if (!Array.isArray(calls) || calls.length === 0) {
    issues.push({ field: "calls", message: "calls must be a non-empty array of calls ({to, agent_id, ...})." });
    throw validationFailed(issues);
  }

  const inputs: CallInput[] = [];
  let badRows = 0;
  calls.forEach((row, index) => {
    const checked = validateCall(row, ctx.account.agentsById, index);
    if (checked.input !== undefined) inputs.push(checked.input);
    else {
      badRows += 1;
      issues.push(...checked.issues);
    }
  });
  if (issues.length > 0) {
    const rows = badRows > 0 ? ` ${badRows} of ${calls.length} rows are invalid.` : "";
    throw validationFailed(issues, `The batch was refused and no call was created.${rows} See details.`);
  }

  if (calls.length > ctx.options.maxBatchSize) {
    throw new ServiceError(
      403,
      "plan_batch_limit",
      `The plan allows at most ${ctx.options.maxBatchSize} calls per batch; this batch has ${calls.length}. Split it into smaller batches.`,
    );
  }
  checkPlan(ctx, inputs.length, "batch");
  checkWallet(ctx, inputs.length);

  const batchId = randomId("bat");
  const group = { batchId, campaignId: typeof campaignId === "string" ? campaignId : randomId("cmp") };
  const created = inputs.map((input) => createStoredCall(ctx, input, group));
  const data: Record<string, unknown> = {
    batch_id: batchId,
    campaign_id: group.campaignId,
    status: "accepted",
    count: created.length,
  };
  if (typeof name === "string") data.name = name;
  data.calls = created.map((call) => {
    const { id, to, status } = callRecord(call, ctx.nowMs, ctx.options.speed);
    return { id, to, status };
  });
  return { status: 202, body: { data } };
}
