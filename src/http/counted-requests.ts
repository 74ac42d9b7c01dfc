/**
 * Which JSON-RPC messages of a POST count against the client's rate limit:
 * every request that can reach the calling service. Deny by default: a request
 * counts unless its method is one that provably never asks the service
 * (test/e2e/http-upstream-bounds.test.ts sends each of them and watches the
 * upstream see nothing). Each message of a batch array counts on its own.
 */

/** Answered from what the server holds (or by the SDK itself): never a request to the service. */
export const FREE_METHODS: ReadonlySet<string> = new Set([
  "initialize",
  "ping",
  "tools/list",
  "prompts/list",
  // Prompts only produce text; place_call reads the number locally (src/prompts/index.ts).
  "prompts/get",
  // The templates themselves, not their lists (the SDK never calls a template's list callback here).
  "resources/templates/list",
  "logging/setLevel",
]);

/** The messages of a body that count: requests whose method is not free (notifications and responses never run a handler that asks the service). */
export function countServiceRequests(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  let n = 0;
  for (const m of messages) {
    if (typeof m !== "object" || m === null) continue;
    const method = (m as { method?: unknown }).method;
    if (method === undefined) continue;
    if (typeof method === "string" && (FREE_METHODS.has(method) || method.startsWith("notifications/"))) continue;
    n++;
  }
  return n;
}
