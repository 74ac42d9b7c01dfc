/**
 * Which agents this key may use, for checking `agent_id` before a dial. The
 * list is cached briefly for this check only and refreshed once on a miss, so a
 * newly created agent works at once; `list_agents` always asks the service.
 */
import type { ApiClient } from "./transport/client.js";
import type { Deadline } from "./deadline.js";
import { normalizeAgent, readList, type Agent } from "./shapes.js";
import { UserInputError } from "../validation/errors.js";

export class AgentDirectory {
  private cached: { agents: Agent[]; at: number } | undefined;
  private inFlight: Promise<Agent[]> | undefined;

  constructor(
    private readonly api: ApiClient,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Always asks the service, and refreshes the cache with the answer. */
  async fetch(deadline: Deadline): Promise<Agent[]> {
    // Concurrent checks share one request.
    this.inFlight ??= this.api
      .get("/agents", { deadline })
      .then((res) => {
        const agents = readList(res.body, "agents").map(normalizeAgent);
        this.cached = { agents, at: this.now() };
        return agents;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  /** The agents for a check: cached when fresh. */
  private async current(deadline: Deadline): Promise<{ agents: Agent[]; fresh: boolean }> {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return { agents: this.cached.agents, fresh: false };
    return { agents: await this.fetch(deadline), fresh: true };
  }

  /**
   * Looks up every id; a miss refreshes the cache once before it counts, so a
   * newly created agent works at once.
   */
  async check(ids: string[], deadline: Deadline): Promise<{ agents: Agent[]; missing: Set<string> }> {
    let { agents, fresh } = await this.current(deadline);
    const missingFrom = (list: Agent[]) => new Set(ids.filter((id) => !list.some((a) => a.id === id)));
    let missing = missingFrom(agents);
    if (missing.size > 0 && !fresh) {
      agents = await this.fetch(deadline);
      missing = missingFrom(agents);
    }
    return { agents, missing };
  }

  /** Resolves one id or throws, listing the agents that are available. */
  async require(id: string, deadline: Deadline): Promise<Agent> {
    const { agents, missing } = await this.check([id], deadline);
    const agent = agents.find((a) => a.id === id);
    if (missing.size > 0 || !agent) {
      throw new UserInputError(`agent_id ${unknownAgentReason(id, agents)}`, "agent_id");
    }
    return agent;
  }

  /** The cached name of an agent, for display; undefined if unknown. */
  nameOf(id: string): string | undefined {
    return this.cached?.agents.find((a) => a.id === id)?.name;
  }
}

/** "…is not an agent of this key…", with the agents that are. */
export function unknownAgentReason(id: string, agents: Agent[]): string {
  const available = agents.length
    ? agents.map((a) => (a.name ? `${a.id} (${a.name})` : a.id)).join(", ")
    : "none: this key has no agents";
  return `"${id.length > 64 ? `${id.slice(0, 64)}…` : id}" is not an agent of this API key. Available agents: ${available}.`;
}
