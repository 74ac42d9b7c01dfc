/** How the agents read to a model: one line each, id first (the tools and the agents:// resource show the same). */
import type { Agent } from "../service/shapes.js";
import { oneLine } from "../text/clean.js";
import { agentIdText } from "../service/values.js";

export function agentsText(agents: readonly Agent[]): string {
  if (agents.length === 0) return "This API key has no agents; a person must create one in the service's dashboard.";
  const lines = agents.map((a) => {
    const extra = ["language", "voice", "purpose", "description"]
      .map((k) => a[k])
      .filter((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 80);
    return `- ${agentIdText(a.id)}${a.name ? ` — ${oneLine(a.name, 120)}` : ""}${extra.length ? ` (${extra.map((e) => oneLine(e, 80)).join(", ")})` : ""}`;
  });
  return `${agents.length} agent${agents.length === 1 ? "" : "s"} (use the id as agent_id):\n${lines.join("\n")}`;
}
