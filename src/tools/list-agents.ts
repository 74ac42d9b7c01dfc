import { z } from "zod";
import { defineTool, READ_ONLY_ANNOTATIONS } from "./define.js";
import { agentSchema, sandboxMark } from "./schemas.js";
import { toolInput, toolOutput } from "./published-schema.js";
import { oneLine, sanitizeUpstream } from "../text/untrusted.js";
import type { Agent } from "../service/shapes.js";

export const listAgents = defineTool({
  name: "list_agents",
  title: "List calling agents",
  description:
    "Lists the agents this API key may use to place calls (id, name and whatever else the service reports). " +
    "Read-only; places no call. Use an agent's id as agent_id in create_call or submit_batch.",
  inputSchema: toolInput({}),
  outputSchema: toolOutput({ agents: z.array(agentSchema), count: z.number().int(), ...sandboxMark }),
  annotations: READ_ONLY_ANNOTATIONS,
  writes: false,
  async handler(_args, ctx) {
    const agents = (await ctx.agents.fetch(ctx.deadline)).map((a) => sanitizeUpstream(a, ctx.redactor) as Agent);
    return { agents, count: agents.length };
  },
  render({ agents }) {
    if (agents.length === 0) return "This API key has no agents; a person must create one in the service's dashboard.";
    const lines = agents.map((a) => {
      const extra = ["language", "voice", "purpose", "description"]
        .map((k) => a[k])
        .filter((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 80);
      return `- ${oneLine(a.id, 128)}${a.name ? ` — ${oneLine(a.name, 120)}` : ""}${extra.length ? ` (${extra.map((e) => oneLine(e, 80)).join(", ")})` : ""}`;
    });
    return `${agents.length} agent${agents.length === 1 ? "" : "s"} (use the id as agent_id):\n${lines.join("\n")}`;
  },
});
