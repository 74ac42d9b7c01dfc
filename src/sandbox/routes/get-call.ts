import { callRecord } from "../call-record.js";
import { ServiceError } from "../errors.js";
import type { Reply, RouteContext } from "./context.js";

const SHOWABLE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function getCall(ctx: RouteContext): Reply {
  const id = ctx.params.callId ?? "";
  // Another account's call is simply not in this account: the same 404 as an id that never existed.
  const call = ctx.account.callsById.get(id);
  if (call === undefined) {
    const named = SHOWABLE_ID.test(id) ? ` ${id}` : "";
    throw new ServiceError(404, "not_found", `No call${named} exists in this account.`);
  }
  return { status: 200, body: { data: callRecord(call, ctx.nowMs, ctx.options.speed) } };
}
