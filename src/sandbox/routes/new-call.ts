import type { StoredCall } from "../call-record.js";
import { randomId } from "../ids.js";
import { planTimeline } from "../lifecycle.js";
import type { CallInput } from "../validate-call.js";
import type { RouteContext } from "./context.js";

let sequence = 0;

/** Creates the call, debits the wallet and counts it against the plan. Checks are the caller's job. */
export function createStoredCall(
  ctx: RouteContext,
  input: CallInput,
  group: { campaignId: string | null; batchId: string | null },
): StoredCall {
  const id = randomId("call");
  const call: StoredCall = {
    id,
    seq: ++sequence,
    createdMs: ctx.nowMs,
    to: input.to,
    agent: input.agent,
    campaignId: group.campaignId,
    batchId: group.batchId,
    costCents: ctx.options.costPerCallCents,
    timeline: planTimeline(input.to, id, input.agent.persona),
  };
  if (input.contactName !== undefined) call.contactName = input.contactName;
  if (input.companyName !== undefined) call.companyName = input.companyName;
  if (input.metadata !== undefined) call.metadata = input.metadata;
  ctx.account.add(call, ctx.nowMs);
  return call;
}
