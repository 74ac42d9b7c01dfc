/**
 * The typed service layer between the tools and HTTP (the resource-method
 * pattern of stripe-node and openai-node): `service.agents.list(…)`,
 * `service.calls.create(…)`. Tools, resources, prompts, the safety guards'
 * outcome lookup and `doctor` use it; nothing else builds a path or reads an
 * answer's shape.
 */
import { AgentsResource } from "./agents.js";
import {
  CallsResource,
  type BatchRecord,
  type CallPage,
  type CallQuery,
  type Created,
  type PostOptions,
} from "./calls.js";
import type { Deadline } from "./deadline.js";
import type { Agent, CallRecord } from "./shapes.js";
import { ApiClient, type ClientSettings, type RequestLogEntry } from "./transport/client.js";
import type { NormalizedCall } from "../validation/call-row.js";
import type { Redactor } from "../text/redact.js";

export interface AgentsApi {
  /** GET /agents, always asked. */
  list(deadline: Deadline): Promise<Agent[]>;
  /** The agents for a check before a dial (cached briefly), and the ids not among them. */
  check(ids: string[], deadline: Deadline): Promise<{ agents: Agent[]; missing: Set<string> }>;
  /** One agent, or a UserInputError listing the ones available. */
  require(id: string, deadline: Deadline): Promise<Agent>;
}

export interface CallsApi {
  list(query: CallQuery, deadline: Deadline): Promise<CallPage>;
  get(callId: string, deadline: Deadline): Promise<CallRecord>;
  create(call: NormalizedCall, opts: PostOptions): Promise<Created<CallRecord>>;
  createBatch(calls: readonly NormalizedCall[], opts: PostOptions): Promise<Created<BatchRecord>>;
}

/** What the rest of the server knows of the calling service. Tests give a fake one (test/helpers/fake-service.ts). */
export interface CallingService {
  readonly agents: AgentsApi;
  readonly calls: CallsApi;
  close(): Promise<void>;
}

export interface ServiceSettings extends ClientSettings {
  /** How long the agent list stays fresh for the checks before a dial. */
  agentCacheTtlMs: number;
}

export interface ServiceDeps {
  /** The one redactor of the server: the service cleans every string it returns with it. */
  redactor: Redactor;
  userAgent: string;
  /** Called once per HTTP attempt, for logging. */
  onRequest?: (entry: RequestLogEntry) => void;
}

export function createService(settings: ServiceSettings, deps: ServiceDeps): CallingService {
  const { apiBaseUrl, apiKey, timeoutMs, connectTimeoutMs, maxResponseBytes } = settings;
  const api = new ApiClient({
    apiBaseUrl,
    apiKey,
    timeoutMs,
    connectTimeoutMs,
    maxResponseBytes,
    userAgent: deps.userAgent,
    redactor: deps.redactor,
    ...(deps.onRequest ? { onRequest: deps.onRequest } : {}),
  });
  return {
    agents: new AgentsResource(api, deps.redactor, settings.agentCacheTtlMs),
    calls: new CallsResource(api, deps.redactor),
    close: () => api.close(),
  };
}
