/**
 * `service.agents`: the agents this key may use. `list` always asks the service;
 * the checks before a dial use a short cache, refreshed once on a miss so a
 * newly created agent works at once.
 */
import type { ApiClient } from "./transport/client.js";
import type { Deadline } from "./deadline.js";
import { normalizeAgent, readList, type Agent } from "./shapes.js";
import { cleanServiceJson, oneLine } from "../text/clean.js";
import { agentIdText, nameText } from "./values.js";
import type { Redactor } from "../text/redact.js";
import { UserInputError } from "../validation/errors.js";
import type { AgentsApi } from "./index.js";

export class AgentsResource implements AgentsApi {
  private cached: { agents: Agent[]; at: number } | undefined;
  private inFlight: Promise<Agent[]> | undefined;

  constructor(
    private readonly api: ApiClient,
    private readonly redactor: Redactor,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** GET /agents, cleaned; refreshes the cache. Concurrent callers share one request. */
  async list(deadline: Deadline): Promise<Agent[]> {
    this.inFlight ??= this.api
      .get("/agents", { deadline })
      .then((res) => {
        const agents = readList(cleanServiceJson(res.body, this.redactor), "agents").map(normalizeAgent);
        this.cached = { agents, at: this.now() };
        return agents;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  /** Looks up every id; a miss refreshes a cached list once before it counts. */
  async check(ids: string[], deadline: Deadline): Promise<{ agents: Agent[]; missing: Set<string> }> {
    const fresh = !(this.cached && this.now() - this.cached.at < this.ttlMs);
    let agents = fresh ? await this.list(deadline) : this.cached!.agents;
    const missingFrom = (list: Agent[]) => new Set(ids.filter((id) => !list.some((a) => a.id === id)));
    let missing = missingFrom(agents);
    if (missing.size > 0 && !fresh) {
      agents = await this.list(deadline);
      missing = missingFrom(agents);
    }
    return { agents, missing };
  }

  /** Resolves one id or throws, listing the agents that are available. */
  async require(id: string, deadline: Deadline): Promise<Agent> {
    const { agents } = await this.check([id], deadline);
    const agent = agents.find((a) => a.id === id);
    if (!agent) throw new UserInputError(`agent_id ${unknownAgentReason(id, agents)}`, "agent_id");
    return agent;
  }
}

/** "…is not an agent of this key…", with the agents that are. */
export function unknownAgentReason(id: string, agents: Agent[]): string {
  // The service's ids and names: an id that does not look like one is quoted, a name is one short line.
  const shown = agents
    .slice(0, 20)
    .map((a) => (a.name ? `${agentIdText(a.id)} (${nameText(oneLine(a.name, 80))})` : agentIdText(a.id)));
  if (agents.length > 20) shown.push(`and ${agents.length - 20} more (list_agents shows them all)`);
  const available = agents.length ? shown.join(", ") : "none: this key has no agents";
  return `"${id.length > 64 ? `${id.slice(0, 64)}…` : id}" is not an agent of this API key. Available agents: ${available}.`;
}
