import type { Reply, RouteContext } from "./context.js";

export function listAgents(ctx: RouteContext): Reply {
  return { status: 200, body: { data: ctx.account.agents.map((agent) => agent.record) } };
}
