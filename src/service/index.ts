/**
 * The typed service layer between the tools and HTTP (the resource-method
 * pattern of stripe-node and openai-node): `service.agents.list(…)`,
 * `service.calls.create(…)`. Tools, resources, prompts, the safety guards'
 * outcome lookup and `doctor` use it; nothing else builds a path or reads an
 * answer's shape.
 */
import { AgentsResource } from "./agents.js";
import { CallsResource } from "./calls.js";
import { ApiClient, type ClientSettings, type RequestLogEntry } from "./transport/client.js";
import type { Redactor } from "../text/redact.js";

export interface CallingService {
  readonly agents: AgentsResource;
  readonly calls: CallsResource;
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
