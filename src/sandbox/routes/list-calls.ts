import { callRecord, statusAt, type StoredCall } from "../call-record.js";
import type { Reply, RouteContext } from "./context.js";
import { parseListQuery } from "./list-query.js";

/** GET /calls: newest first, filtered, paged. Status filters read each call's state at this moment. */
export function listCalls(ctx: RouteContext): Reply {
  const filters = parseListQuery(ctx.query);
  const { speed } = ctx.options;
  const matches: StoredCall[] = [];
  for (const call of ctx.account.calls) {
    if (filters.agentId !== undefined && call.agent.record.id !== filters.agentId) continue;
    if (filters.campaignId !== undefined && call.campaignId !== filters.campaignId) continue;
    if (filters.fromMs !== undefined && call.createdMs < filters.fromMs) continue;
    if (filters.toMs !== undefined && call.createdMs >= filters.toMs) continue;
    if (filters.status !== undefined && statusAt(call, ctx.nowMs, speed) !== filters.status) continue;
    matches.push(call);
  }
  // An injected clock may stand still or step back: creation order breaks ties and keeps the order stable.
  matches.sort((a, b) => b.createdMs - a.createdMs || b.seq - a.seq);
  const { page, limit } = filters;
  const total = matches.length;
  const totalPages = Math.ceil(total / limit);
  const data = matches.slice((page - 1) * limit, page * limit).map((call) => callRecord(call, ctx.nowMs, speed));
  return {
    status: 200,
    body: { data, meta: { page, limit, total, total_pages: totalPages, has_more: page < totalPages } },
  };
}
