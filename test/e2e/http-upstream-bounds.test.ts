/**
 * Over --http, what reaches the calling service is bounded per client: every
 * JSON-RPC request that can reach it counts against the client's rate limit
 * (resource reads and listings, completions, each message of a batch array, not
 * only tools/call), while the methods that never reach it stay free and are shown
 * to send nothing upstream. Waiting get_calls are capped per client and per
 * process, with an answer that says so. A recording upstream counts every request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sendJson, startFakeUpstream, defaultHandler, type FakeUpstream } from "../helpers/fake-upstream.js";
import {
  connectHttpClient,
  HTTP_TOKEN,
  mcpHeaders,
  rawRequest,
  rpcMessages,
  spawnHttpServer,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";
import { CANARY_KEY, textOf } from "../helpers/server-process.js";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream?.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
  upstream.handle(defaultHandler);
});

const env = (extra: Record<string, string>) => ({
  OUTBOUND_CALLS_API_KEY: CANARY_KEY,
  OUTBOUND_CALLS_BASE_URL: upstream.url,
  OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
  OUTBOUND_CALLS_HTTP_TRUST_PROXY: "1",
  OUTBOUND_CALLS_TIMEOUT_MS: "5000",
  ...extra,
});

const rpc = (id: number, method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method,
  params,
});
const readCall = (id: number, callId = `call_r${id}`) => rpc(id, "resources/read", { uri: `calls://${callId}` });

/** One POST /mcp as client `client` (its X-Forwarded-For address). */
const post = (server: HttpServerProcess, client: string, body: unknown) =>
  rawRequest(server.base, {
    method: "POST",
    headers: { ...mcpHeaders(), "x-forwarded-for": client },
    body: JSON.stringify(body),
  });

describe("the rate limit counts every request that can reach the service", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await spawnHttpServer({ env: env({ OUTBOUND_CALLS_HTTP_RATE_LIMIT: "3/60" }) });
  });
  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
  });

  it("resources/read: the fourth is refused with 429, and 300 more send nothing upstream", async () => {
    for (let i = 1; i <= 3; i++) expect((await post(server, "203.0.113.1", readCall(i))).status).toBe(200);
    expect(upstream.requests).toHaveLength(3);
    const over = await post(server, "203.0.113.1", readCall(4));
    expect(over.status).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(over.body)).toMatchObject({
      jsonrpc: "2.0",
      id: 4,
      error: { code: -32000, message: expect.stringMatching(/^Rate limited: at most 3 requests/) },
    });
    const statuses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => post(server, "203.0.113.1", readCall(100 + i)).then((r) => r.status)),
    );
    expect(new Set(statuses)).toEqual(new Set([429]));
    expect(upstream.requests).toHaveLength(3);
  });

  it("a JSON-RPC batch array counts each of its messages: one that does not fit is refused whole", async () => {
    const batch = await post(server, "203.0.113.2", [readCall(1), readCall(2)]);
    expect(batch.status).toBe(200);
    expect(rpcMessages(batch.body)).toHaveLength(2);
    expect(upstream.requests).toHaveLength(2);
    const over = await post(server, "203.0.113.2", [readCall(3), readCall(4)]);
    expect(over.status).toBe(429);
    const big = await post(
      server,
      "203.0.113.3",
      Array.from({ length: 50 }, (_, i) => readCall(i)),
    );
    expect(big.status).toBe(429);
    expect(upstream.requests).toHaveLength(2);
  });

  it("resources/list and completion/complete count too", async () => {
    const client = "203.0.113.4";
    expect((await post(server, client, rpc(1, "resources/list"))).status).toBe(200);
    const complete = rpc(2, "completion/complete", {
      ref: { type: "ref/resource", uri: "calls://{call_id}" },
      argument: { name: "call_id", value: "call_" },
    });
    expect((await post(server, client, complete)).status).toBe(200);
    expect((await post(server, client, { ...complete, id: 3 })).status).toBe(200);
    expect((await post(server, client, { ...complete, id: 4 })).status).toBe(429);
    expect((await post(server, client, rpc(5, "resources/list"))).status).toBe(429);
    expect((await post(server, client, rpc(6, "tools/call", { name: "list_calls", arguments: {} }))).status).toBe(429);
    expect(upstream.requests.length).toBeLessThanOrEqual(3);
  });

  it("the methods that never reach the service stay free, and are shown to send nothing upstream", async () => {
    const client = "203.0.113.5";
    const free = [
      rpc(1, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      }),
      rpc(2, "ping"),
      rpc(3, "tools/list"),
      rpc(4, "prompts/list"),
      rpc(5, "prompts/get", { name: "daily_report", arguments: { date: "2026-11-21" } }),
      rpc(6, "prompts/get", { name: "place_call", arguments: { to: "+14155550100", purpose: "a reminder" } }),
      rpc(7, "resources/templates/list"),
      rpc(8, "logging/setLevel", { level: "info" }),
      { jsonrpc: "2.0", method: "notifications/initialized" },
    ];
    for (let round = 0; round < 5; round++) {
      for (const message of free)
        expect((await post(server, client, message)).status, JSON.stringify(message)).toBeLessThan(300);
      // initialize may not be part of a batch (the SDK refuses it): the rest go as one.
      expect((await post(server, client, free.slice(1))).status).toBe(200);
    }
    expect(upstream.requests).toHaveLength(0);
    // And the budget is untouched: three reads still go.
    for (let i = 1; i <= 3; i++) expect((await post(server, client, readCall(i))).status).toBe(200);
    expect((await post(server, client, readCall(4))).status).toBe(429);
  });

  it("a method the server does not know counts (it is not on the list of free ones)", async () => {
    const client = "203.0.113.6";
    for (let i = 1; i <= 3; i++) expect((await post(server, client, rpc(i, "calls/unknown"))).status).toBeLessThan(500);
    expect((await post(server, client, rpc(4, "calls/unknown"))).status).toBe(429);
  });
});

describe("waiting get_calls are capped per client and per process", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await spawnHttpServer({
      env: env({
        OUTBOUND_CALLS_HTTP_RATE_LIMIT: "off",
        OUTBOUND_CALLS_MAX_WAITS_PER_CLIENT: "2",
        OUTBOUND_CALLS_MAX_WAITS: "3",
      }),
    });
  });
  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
  });

  it("a client over its share, then a second client over the process's, is told so at once; nothing waits or polls for them", async () => {
    // Calls that never end: every poll says ringing.
    upstream.handle((req, res) => {
      const call = /^\/api\/v1\/calls\/([^/]+)$/.exec(req.path);
      if (call) return sendJson(res, 200, { data: { id: call[1], status: "ringing" } });
      return defaultHandler(req, res, undefined as never);
    });
    const a = await connectHttpClient(server.url, HTTP_TOKEN, { "X-Forwarded-For": "198.51.100.1" });
    const b = await connectHttpClient(server.url, HTTP_TOKEN, { "X-Forwarded-For": "198.51.100.2" });
    const stop = new AbortController();
    const wait = (client: typeof a, callId: string, seconds: number) =>
      client.client.callTool({ name: "get_call", arguments: { call_id: callId, wait_seconds: seconds } }, undefined, {
        signal: stop.signal,
      }) as Promise<CallToolResult>;
    const polled = (callId: string) => upstream.requests.some((r) => r.path === `/api/v1/calls/${callId}`);
    const until = async (ok: () => boolean) => {
      for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(ok()).toBe(true);
    };
    try {
      const running = [wait(a, "call_a1", 120), wait(a, "call_a2", 120)];
      running.forEach((p) => p.catch(() => undefined));
      await until(() => polled("call_a1") && polled("call_a2"));

      const third = await wait(a, "call_a3", 3);
      expect(third.isError).toBe(true);
      expect(textOf(third)).toMatch(/at most 2 waiting get_calls at once per client/);
      expect(textOf(third)).toMatch(/without wait_seconds/);
      expect(polled("call_a3")).toBe(false);

      const otherClient = wait(b, "call_b1", 120);
      otherClient.catch(() => undefined);
      await until(() => polled("call_b1"));
      const overProcess = await wait(b, "call_b2", 3);
      expect(overProcess.isError).toBe(true);
      expect(textOf(overProcess)).toMatch(/at most 3 waiting get_calls at once on this server/);
      expect(polled("call_b2")).toBe(false);

      // A read without waiting is never refused.
      const now = (await b.call("get_call", { call_id: "call_b3" })) as CallToolResult;
      expect(now.isError, textOf(now)).toBeFalsy();
    } finally {
      stop.abort();
      await a.close();
      await b.close();
    }
    // Cancelled waits give their slots back.
    const c = await connectHttpClient(server.url, HTTP_TOKEN, { "X-Forwarded-For": "198.51.100.1" });
    try {
      upstream.handle(defaultHandler);
      const done = (await c.client.callTool({
        name: "get_call",
        arguments: { call_id: "call_c1", wait_seconds: 5 },
      })) as CallToolResult;
      expect(done.isError, textOf(done)).toBeFalsy();
    } finally {
      await c.close();
    }
  });
});
