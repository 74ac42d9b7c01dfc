import { listAgents } from "./agents.js";
import type { Reply, RouteContext } from "./context.js";
import { createCall } from "./create-call.js";
import { getCall } from "./get-call.js";
import { listCalls } from "./list-calls.js";
import { submitBatch } from "./submit-batch.js";

export const API_PREFIX = "/api/v1";

export type Handler = (ctx: RouteContext) => Reply;

export type RouteMatch =
  | { kind: "found"; handler: Handler; params: { callId?: string } }
  | { kind: "wrong_method"; allow: string[] }
  | { kind: "none" };

const ROUTES: { pattern: RegExp; methods: Record<string, Handler> }[] = [
  { pattern: /^\/agents$/, methods: { GET: listAgents } },
  { pattern: /^\/calls$/, methods: { GET: listCalls, POST: createCall } },
  // Before /calls/{id}: "batch" is a path of its own, not a call id.
  { pattern: /^\/calls\/batch$/, methods: { POST: submitBatch } },
  { pattern: /^\/calls\/(?<callId>[^/]+)$/, methods: { GET: getCall } },
];

export function matchRoute(method: string, path: string): RouteMatch {
  if (!path.startsWith(`${API_PREFIX}/`)) return { kind: "none" };
  const rest = path.slice(API_PREFIX.length);
  for (const route of ROUTES) {
    const match = route.pattern.exec(rest);
    if (!match) continue;
    const handler = route.methods[method];
    if (handler === undefined) return { kind: "wrong_method", allow: Object.keys(route.methods) };
    const raw = match.groups?.callId;
    if (raw === undefined) return { kind: "found", handler, params: {} };
    let callId: string;
    try {
      callId = decodeURIComponent(raw);
    } catch {
      return { kind: "none" };
    }
    return { kind: "found", handler, params: { callId } };
  }
  return { kind: "none" };
}
