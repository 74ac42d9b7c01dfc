/**
 * Access control of --http: the bearer token (required, wrong, missing), no
 * token passthrough (the service's key is neither accepted from clients nor
 * forwarded from their headers), DNS-rebinding protection, a health check that
 * reveals nothing, and the refusals to start.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { CANARY_KEY } from "../helpers/server-process.js";
import {
  connectHttpClient,
  HTTP_TOKEN,
  mcpHeaders,
  rawRequest,
  rpcMessages,
  runUntilExit,
  spawnHttpServer,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";

let upstream: FakeUpstream;
let server: HttpServerProcess;

const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });

beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await spawnHttpServer({
    env: {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
      OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS: "mcp.example.com",
      OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS: "https://app.example.com",
    },
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await upstream?.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
});

describe("bearer token", () => {
  it("lets a client with the token in", async () => {
    const c = await connectHttpClient(server.url);
    try {
      const result = await c.call("list_agents");
      expect(result.isError).toBeFalsy();
    } finally {
      await c.close();
    }
  });

  it("refuses a request without a token with 401 and WWW-Authenticate", async () => {
    const answer = await rawRequest(server.base, { method: "POST", headers: mcpHeaders(null), body: ping });
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toBe('Bearer realm="outbound-calls-mcp"');
    expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32001 } });
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    ["a wrong token", `Bearer ${HTTP_TOKEN.slice(0, -1)}x`],
    ["a longer token", `Bearer ${HTTP_TOKEN}x`],
    ["the service's API key", `Bearer ${CANARY_KEY}`],
    ["another scheme", `Basic ${Buffer.from(`u:${HTTP_TOKEN}`).toString("base64")}`],
    ["the token without a scheme", HTTP_TOKEN],
  ])("refuses %s with 401 invalid_token", async (_label, authorization) => {
    const answer = await rawRequest(server.base, {
      method: "POST",
      headers: { ...mcpHeaders(null), authorization },
      body: ping,
    });
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toContain('error="invalid_token"');
    expect(answer.body).not.toContain(HTTP_TOKEN);
    expect(upstream.requests).toHaveLength(0);
  });

  it("accepts the scheme in any case", async () => {
    const answer = await rawRequest(server.base, {
      method: "POST",
      headers: { ...mcpHeaders(null), authorization: `bearer ${HTTP_TOKEN}` },
      body: ping,
    });
    expect(answer.status).toBe(200);
  });

  it("makes the SDK client fail to connect with a 401 when it has no token or a wrong one", async () => {
    for (const token of [null, "x".repeat(40)]) {
      const error = await connectHttpClient(server.url, token).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StreamableHTTPError);
      expect((error as StreamableHTTPError).code).toBe(401);
    }
  });
});

describe("no token passthrough", () => {
  it("sends upstream only its own key, whatever key-like headers a client adds", async () => {
    const clientKey = "sk_test_CLIENT_supplied_key_123";
    const c = await connectHttpClient(server.url, HTTP_TOKEN, {
      "X-Api-Key": clientKey,
      "X-Outbound-Calls-Api-Key": clientKey,
      "Proxy-Authorization": `Bearer ${clientKey}`,
      "X-Forwarded-Authorization": `Bearer ${clientKey}`,
    });
    try {
      expect((await c.call("list_agents")).isError).toBeFalsy();
      expect((await c.call("get_call", { call_id: "call_9" })).isError).toBeFalsy();
    } finally {
      await c.close();
    }
    expect(upstream.requests.length).toBeGreaterThanOrEqual(2);
    for (const req of upstream.requests) {
      expect(req.headers.authorization).toBe(`Bearer ${CANARY_KEY}`);
      const all = JSON.stringify(req.headers);
      expect(all).not.toContain(clientKey);
      expect(all).not.toContain(HTTP_TOKEN);
      for (const name of [
        "x-api-key",
        "x-outbound-calls-api-key",
        "proxy-authorization",
        "x-forwarded-authorization",
      ]) {
        expect(req.headers[name], name).toBeUndefined();
      }
    }
  });

  it("never answers with the service's key, even when the service echoes it", async () => {
    upstream.handle((req, res) => {
      res.writeHead(422, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "bad", message: `key ${String(req.headers.authorization)} refused` } }));
    });
    const answer = await rawRequest(server.base, {
      method: "POST",
      headers: mcpHeaders(),
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "get_call", arguments: { call_id: "c1" } },
      }),
    });
    expect(answer.status).toBe(200);
    expect(rpcMessages(answer.body)[0]).toMatchObject({ id: 3, result: { isError: true } });
    expect(answer.body).not.toContain(CANARY_KEY);
  });
});

describe("DNS-rebinding protection", () => {
  // "PORT" stands for the port the server got (unknown when the table is built).
  const post = (headers: Record<string, string>) =>
    rawRequest(server.base, {
      method: "POST",
      headers: {
        ...mcpHeaders(),
        ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace("PORT", String(server.port))])),
      },
      body: ping,
    });

  it.each([
    ["a foreign Host", { host: "evil.example.com" }],
    ["a foreign Host on our port", { host: "evil.example.com:PORT" }],
    ["a rebound name with a foreign Origin", { host: "evil.example.com", origin: "http://evil.example.com" }],
    ["our Host with a foreign Origin", { origin: "http://evil.example.com" }],
    ["our Host with Origin null", { origin: "null" }],
    ["our Host with our address over https as Origin", { origin: "https://127.0.0.1:PORT" }],
    ["localhost on another port", { host: "localhost:1" }],
  ])("refuses %s with 403", async (_label, headers) => {
    const answer = await post(headers);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { code: -32000, message: expect.stringContaining("DNS-rebinding") },
    });
  });

  it("checks Host before the token: a rebinding page learns nothing about it", async () => {
    const answer = await rawRequest(server.base, {
      method: "POST",
      headers: { ...mcpHeaders(null), host: "evil.example.com" },
      body: ping,
    });
    expect(answer.status).toBe(403);
  });

  it("accepts the bound address, localhost names, and configured hosts and origins", async () => {
    const port = String(server.port);
    const accepted: Array<Record<string, string>> = [
      { host: `127.0.0.1:${port}` },
      { host: `localhost:${port}` },
      { host: `LOCALHOST:${port}`, origin: `http://localhost:${port}` },
      { host: `[::1]:${port}`, origin: `http://127.0.0.1:${port}` },
      { host: "mcp.example.com", origin: "https://app.example.com" },
      { host: "mcp.example.com:443" },
    ];
    for (const headers of accepted) {
      expect((await post(headers)).status, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe("health check", () => {
  it("answers 200 {status: ok} without a token and says nothing about the configuration", async () => {
    const answer = await rawRequest(server.base, { path: "/healthz" });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('{"status":"ok"}');
    const everything = answer.body + JSON.stringify(answer.headers);
    for (const secret of [CANARY_KEY, HTTP_TOKEN, upstream.url, "0.1.0", "outbound-calls-mcp", "example.com"])
      expect(everything).not.toContain(secret);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(upstream.requests).toHaveLength(0);
  });

  it("answers HEAD, and 405 to other methods", async () => {
    expect((await rawRequest(server.base, { path: "/healthz", method: "HEAD" })).status).toBe(200);
    const post = await rawRequest(server.base, { path: "/healthz", method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });

  it("is answered whatever the Host, for load balancers that probe by address", async () => {
    expect((await rawRequest(server.base, { path: "/healthz", headers: { host: "10.1.2.3:8808" } })).status).toBe(200);
  });
});

describe("refusals to start", () => {
  const live = { OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: "https://app.example.com" };

  it.each<[string, string[], Record<string, string>, number, RegExp]>([
    [
      "beyond loopback without a token",
      ["--http", "--host", "0.0.0.0", "--port", "0"],
      live,
      1,
      /OUTBOUND_CALLS_HTTP_TOKEN is required to listen on 0\.0\.0\.0/,
    ],
    [
      "an IPv6 wildcard without a token",
      ["--http", "--host", "::", "--port", "0"],
      live,
      1,
      /OUTBOUND_CALLS_HTTP_TOKEN is required/,
    ],
    [
      "a short token",
      ["--http", "--port", "0"],
      { ...live, OUTBOUND_CALLS_HTTP_TOKEN: "short-token" },
      1,
      /OUTBOUND_CALLS_HTTP_TOKEN must be 32 to 512 characters/,
    ],
    [
      "a token with spaces",
      ["--http", "--port", "0"],
      { ...live, OUTBOUND_CALLS_HTTP_TOKEN: `${"a".repeat(20)} ${"b".repeat(20)}` },
      1,
      /OUTBOUND_CALLS_HTTP_TOKEN must be/,
    ],
    [
      "the API key as the token",
      ["--http", "--port", "0"],
      {
        ...live,
        OUTBOUND_CALLS_API_KEY: `sk_test_${"k".repeat(40)}`,
        OUTBOUND_CALLS_HTTP_TOKEN: `sk_test_${"k".repeat(40)}`,
      },
      1,
      /must not be \(or contain\) the API key/,
    ],
    [
      "the API key upper-cased inside the token",
      ["--http", "--port", "0"],
      {
        ...live,
        OUTBOUND_CALLS_API_KEY: `sk_test_${"k".repeat(40)}`,
        OUTBOUND_CALLS_HTTP_TOKEN: `tok_SK_TEST_${"K".repeat(40)}`,
      },
      1,
      /must not be \(or contain\) the API key/,
    ],
    [
      "a bad rate limit",
      ["--http", "--port", "0"],
      { ...live, OUTBOUND_CALLS_HTTP_RATE_LIMIT: "60 per minute" },
      1,
      /OUTBOUND_CALLS_HTTP_RATE_LIMIT must be CALLS\/SECONDS/,
    ],
    [
      "a wildcard allowed host",
      ["--http", "--port", "0"],
      { ...live, OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS: "*" },
      1,
      /OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS must be host names/,
    ],
    [
      "an origin with a path",
      ["--http", "--port", "0"],
      { ...live, OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS: "https://app.example.com/x" },
      1,
      /OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS must be origins/,
    ],
    [
      "a bad proxy count",
      ["--http", "--port", "0"],
      { ...live, OUTBOUND_CALLS_HTTP_TRUST_PROXY: "yes" },
      1,
      /OUTBOUND_CALLS_HTTP_TRUST_PROXY must be a whole number/,
    ],
    ["--port without --http", ["--port", "8808"], live, 2, /--host and --port need --http/],
    ["a port out of range", ["--http", "--port", "70000"], live, 2, /--port needs a whole number from 0 to 65535/],
  ])("refuses %s", async (_label, args, env, code, message) => {
    const result = await runUntilExit(args, env);
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/listening on/);
    expect(result.stderr.toLowerCase()).not.toContain("k".repeat(40));
    expect(result.stdout).toBe("");
  });

  it("starts on all interfaces when a token is set", async () => {
    const open = await spawnHttpServer({
      args: ["--host", "0.0.0.0", "--sandbox"],
      env: { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN },
    });
    expect(open.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/mcp$/);
    expect(open.stderr).toContain("set OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS");
    const answer = await rawRequest(`http://127.0.0.1:${open.port}`, {
      method: "POST",
      headers: mcpHeaders(),
      body: ping,
    });
    expect(answer.status).toBe(200);
    expect(await open.stop()).toBe(0);
  });
});
