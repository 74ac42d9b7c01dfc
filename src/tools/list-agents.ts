import * as z from "zod";
import { defineTool, READ_ONLY_ANNOTATIONS } from "./define.js";
import { agentSchema, sandboxMark } from "./schemas.js";
import { agentsText } from "../render/agents.js";
import { withFencedContent } from "../render/calls.js";
import { toolInput, toolOutput } from "./published-schema.js";

export const listAgents = defineTool({
  name: "list_agents",
  title: "List calling agents",
  description:
    "Lists the agents this API key may use to place calls (id, name and whatever else the service reports). " +
    "Read-only; places no call. Use an agent's id as agent_id in create_call or submit_batch.",
  inputSchema: toolInput({}),
  outputSchema: toolOutput({ agents: z.array(agentSchema), count: z.number().int(), ...sandboxMark }),
  annotations: READ_ONLY_ANNOTATIONS,
  docs: {
    serviceCall: "GET /agents",
    summary: "The calling agents this key may use; their ids go into `create_call` and `submit_batch`.",
    brief: "Lists the agents this API key may use to place calls.",
  },
  async handler(_args, ctx) {
    const agents = await ctx.service.agents.list(ctx.scope.deadline);
    return { agents, count: agents.length };
  },
  // An agent record may hold call content too (notes, a summary): fenced as data, like a call's.
  structure: (out) => ({ ...out, agents: out.agents.map(withFencedContent) }),
  render: ({ agents }) => agentsText(agents),
});
