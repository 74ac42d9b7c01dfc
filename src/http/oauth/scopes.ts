/**
 * The OAuth scopes of the hosted server and which one each MCP request needs.
 * Placing a call is its own scope so that a person (or their identity
 * provider) can hand a client the reads without the power to dial. Putting a
 * number on the account's opt-out list is its own too: a read-only client must
 * not be able to stop the whole team from calling any number.
 */
import { DECIDE_TOOL } from "../../approval/card/apps-support.js";

export const SCOPES = {
  /** get_call, list_calls, list_agents, the resources, completions: what reaches the service without dialing. */
  read: "calls:read",
  /** With calls:read: every call of the account, not only the ones the person placed (operators, supervisors). */
  readAll: "calls:read_all",
  /** create_call, submit_batch and the approval card's decision: dials someone and costs money. */
  place: "calls:place",
  /** add_do_not_call: lists a number for the whole account; calls:place grants it too (see SATISFIED_BY). */
  optOut: "calls:opt_out",
  /** Deciding on pending dials in the approvers' inbox (reserved for the inbox's sign-in; see docs/oauth.md). */
  approve: "calls:approve",
} as const;

export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

export const SCOPES_SUPPORTED: readonly Scope[] = [
  SCOPES.read,
  SCOPES.readAll,
  SCOPES.place,
  SCOPES.approve,
  SCOPES.optOut,
];

/** What a client asks for on first contact: enough to read and to place calls (approving is the inbox's). */
export const DEFAULT_CLIENT_SCOPES: readonly Scope[] = [SCOPES.read, SCOPES.place];

// The approval card's decision places the call it approves (src/mcp/card-tool.ts): it dials as create_call does.
const PLACING_TOOLS: ReadonlySet<string> = new Set(["create_call", "submit_batch", DECIDE_TOOL]);
const OPT_OUT_TOOL = "add_do_not_call";

/**
 * A scope that another one grants as well: a client that may dial must be able to honour a stop it hears (the
 * person says "never call my mother again" in the conversation), so calls:place records opt-outs too.
 */
const SATISFIED_BY: Partial<Record<Scope, Scope>> = { [SCOPES.optOut]: SCOPES.place };

/** Whether a token's scopes allow what `scope` guards. */
export function grants(granted: ReadonlySet<string>, scope: Scope): boolean {
  const also = SATISFIED_BY[scope];
  return granted.has(scope) || (also !== undefined && granted.has(also));
}

/** Methods that reach neither the service nor a person: any valid token may use them. */
const OPEN_METHODS: ReadonlySet<string> = new Set([
  "initialize",
  "ping",
  "tools/list",
  "prompts/list",
  "resources/templates/list",
  "logging/setLevel",
]);

function scopeOf(message: unknown): Scope | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  const { method, params } = message as { method?: unknown; params?: unknown };
  if (typeof method !== "string" || method.startsWith("notifications/") || OPEN_METHODS.has(method)) return undefined;
  if (method === "tools/call") {
    const name = typeof params === "object" && params !== null ? (params as { name?: unknown }).name : undefined;
    if (typeof name === "string" && PLACING_TOOLS.has(name)) return SCOPES.place;
    return name === OPT_OUT_TOOL ? SCOPES.optOut : SCOPES.read;
  }
  // Every other request (resources, prompts, completions, anything unknown) counts as a read: fail closed.
  return SCOPES.read;
}

/** The scopes a JSON-RPC body (one message or a batch) needs, without repeats. */
export function requiredScopes(body: unknown): Scope[] {
  const messages = Array.isArray(body) ? body : [body];
  const needed = new Set<Scope>();
  for (const message of messages) {
    const scope = scopeOf(message);
    if (scope) needed.add(scope);
  }
  return [...needed];
}

/** The scopes a token grants: the `scope` claim (space-separated, RFC 9068) or `scp` (a list or a string). */
export function grantedScopes(claims: { scope?: unknown; scp?: unknown }): Set<string> {
  const granted = new Set<string>();
  for (const claim of [claims.scope, claims.scp]) {
    const items = typeof claim === "string" ? claim.split(" ") : Array.isArray(claim) ? claim : [];
    for (const item of items) if (typeof item === "string" && item !== "") granted.add(item);
  }
  return granted;
}
