/**
 * Per-client rate limit over --http: the call over the limit is answered 429
 * with Retry-After before anything runs; requests that never reach the service
 * (tools/list, ping) are not counted (test/e2e/http-upstream-bounds.test.ts has
 * the rest); behind a trusted proxy each X-Forwarded-For client has its own budget.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  connectHttpClient,
  HTTP_TOKEN,
  mcpHeaders,
  rawRequest,
  spawnHttpServer,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";

let server: HttpServerProcess;

beforeAll(async () => {
  server = await spawnHttpServer({
    args: ["--sandbox", "--sandbox-speed", "instant"],
    env: {
      OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
      OUTBOUND_CALLS_HTTP_RATE_LIMIT: "3/60",
      OUTBOUND_CALLS_HTTP_TRUST_PROXY: "1",
    },
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const toolCall = (id: number) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "list_agents", arguments: {} } });

it("answers the call over the limit with 429, Retry-After and a JSON-RPC error; tools/list and ping are not counted", async () => {
  const a = await connectHttpClient(server.url, HTTP_TOKEN, { "X-Forwarded-For": "203.0.113.7" });
  try {
    for (let i = 0; i < 3; i++) {
      expect((await a.call("list_agents")).isError).toBeFalsy();
      await a.client.listTools();
      await a.client.ping();
    }
    const over = await a.call("list_agents").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(over).toBeInstanceOf(StreamableHTTPError);
    expect((over as StreamableHTTPError).code).toBe(429);
    // Still served: what never reaches the service.
    expect((await a.client.listTools()).tools.length).toBe(6);
  } finally {
    await a.close();
  }

  const raw = await rawRequest(server.base, {
    method: "POST",
    headers: { ...mcpHeaders(), "x-forwarded-for": "203.0.113.7" },
    body: toolCall(42),
  });
  expect(raw.status).toBe(429);
  const retryAfter = Number(raw.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(JSON.parse(raw.body)).toEqual({
    jsonrpc: "2.0",
    id: 42,
    error: {
      code: -32000,
      message: `Rate limited: at most 3 requests that reach the calling service (tool calls, resource reads and lists, completions) per 60 s per client; retry after ${retryAfter} s`,
    },
  });
});

it("keeps one budget per client: another address behind the proxy is still served", async () => {
  const b = await connectHttpClient(server.url, HTTP_TOKEN, { "X-Forwarded-For": "198.51.100.1, 203.0.113.9" });
  try {
    for (let i = 0; i < 3; i++) expect((await b.call("list_agents")).isError).toBeFalsy();
  } finally {
    await b.close();
  }
  // Only the last hop counts with one trusted proxy: a forged left part does not buy a new budget.
  const forged = await rawRequest(server.base, {
    method: "POST",
    headers: { ...mcpHeaders(), "x-forwarded-for": "1.2.3.4, 203.0.113.9" },
    body: toolCall(1),
  });
  expect(forged.status).toBe(429);
});

// One IPv6 host holds a whole /64 (and a home or office a /56): an address per request bought a new budget per
// request, so the limit (and the per-client share of waits) held for nobody with IPv6.
it("counts an IPv6 client by its network, not by each address it can take", async () => {
  const statuses: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const xff = `2001:db8:7:${i}0::${i.toString(16)}`;
    const raw = await rawRequest(server.base, {
      method: "POST",
      headers: { ...mcpHeaders(), "x-forwarded-for": xff },
      body: toolCall(i),
    });
    statuses.push(raw.status);
  }
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  // Another network is another client.
  const other = await rawRequest(server.base, {
    method: "POST",
    headers: { ...mcpHeaders(), "x-forwarded-for": "2001:db8:8::1" },
    body: toolCall(9),
  });
  expect(other.status).toBe(200);
});
