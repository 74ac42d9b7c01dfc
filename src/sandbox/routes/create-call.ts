import { callRecord } from "../call-record.js";
import { validationFailed } from "../errors.js";
import { validateCall } from "../validate-call.js";
import type { Reply, RouteContext } from "./context.js";
import { createStoredCall } from "./new-call.js";
import { checkPlan, checkWallet } from "./plan-checks.js";

/** POST /calls: validation (422), plan (403), wallet (402), then create and debit. */
export function createCall(ctx: RouteContext): Reply {
  const { issues, input } = validateCall(ctx.body, ctx.account.agentsById);
  if (input === undefined) throw validationFailed(issues);
  checkPlan(ctx, 1, "single");
  checkWallet(ctx, 1);
  const call = createStoredCall(ctx, input, { campaignId: null, batchId: null });
  return { status: 201, body: { data: callRecord(call, ctx.nowMs, ctx.options.speed) } };
}
