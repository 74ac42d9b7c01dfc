/**
 * The key never reaches the model, a log or the terminal, even when the service
 * echoes it back: in error bodies, echoed headers, 2xx bodies (values, keys,
 * JSON escapes, URL-encoded), HTML error pages, request-id headers and content
 * types. Start-up errors name the variable and never print the key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { faults, startFaultServer, type FaultServer } from "../helpers/fault-server.js";
import {
  CANARY_KEY,
  ENTRY,
  serverEnv,
  started,
  startServer,
  textOf,
  type StartedServer,
  GUARDS_OFF_FOR_FAULT_TESTS,
} from "../helpers/server-process.js";
import { RecordingStdioTransport } from "../helpers/recording-transport.js";
import { collectLogs, type LogCollector } from "../helpers/mcp-logs.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

let upstream: FaultServer;
let server: StartedServer;
let logs: LogCollector;

beforeAll(async () => {
  upstream = await startFaultServer();
  server = await startServer({
    env: {
      ...GUARDS_OFF_FOR_FAULT_TESTS,
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_TIMEOUT_MS: "3000",
    },
  });
  logs = collectLogs(server.client);
  // Logging is opt-in: ask for everything, so every line the server can send is checked for the key.
  await server.client.setLoggingLevel("debug");
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});
beforeEach(() => upstream.reset());

/** The key in every form a careless service might send it back. */
const ESCAPED_KEY = CANARY_KEY.split("")
  .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
  .join("");

function expectNoKey(result: CallToolResult): void {
  const everything = JSON.stringify(result);
  expect(everything.includes(CANARY_KEY), `key in answer: ${everything.slice(0, 400)}`).toBe(false);
  expect(everything.toLowerCase().includes(CANARY_KEY.toLowerCase()), "key (in another case) in answer").toBe(false);
}

describe("error answers that echo the key", () => {
  it.each([
    ["5xx echoing the request headers as JSON", () => faults.echoHeaders(500)],
    ["400 echoing the request headers as JSON", () => faults.echoHeaders(400)],
    [
      "400 with the key in message, code and field",
      () =>
        faults.answer(400, {
          error: { code: `bad_${CANARY_KEY}`, message: `key ${CANARY_KEY} is not valid`, field: CANARY_KEY },
        }),
    ],
    [
      "422 with the key in an errors list",
      () => faults.answer(422, { errors: [{ field: "to", message: `rejected for ${CANARY_KEY}` }, CANARY_KEY] }),
    ],
    ["401 plain text with the key", () => faults.answer(401, `Invalid API key ${CANARY_KEY}`)],
    [
      "403 with the key upper-cased",
      () => faults.answer(403, { message: `plan of ${CANARY_KEY.toUpperCase()} is over` }),
    ],
    [
      "502 HTML page with Bearer <key>",
      () =>
        faults.answer(502, `<html><pre>Authorization: Bearer ${CANARY_KEY}</pre></html>`, {
          "content-type": "text/html",
        }),
    ],
    [
      "503 plain text with Bearer <key>",
      () => faults.answer(503, `upstream said: Authorization: Bearer ${CANARY_KEY}`),
    ],
    ["429 whose body is the key", () => faults.answer(429, CANARY_KEY, { "retry-after": "60" })],
    ["500 with the key in x-request-id", () => faults.answer(500, "oops", { "x-request-id": `req_${CANARY_KEY}` })],
    [
      "200 non-JSON with the key in its content type",
      () => faults.answer(200, "nope", { "content-type": `text/x-${CANARY_KEY}` }),
    ],
  ])("%s", async (_label, make) => {
    upstream.inject({ method: "GET", path: "/api/v1/agents" }, make());
    logs.clear();
    const result = await server.call("list_agents");
    expect(result.isError).toBe(true);
    expectNoKey(result);
    // The service's words still arrive, minus the key.
    if (_label.includes("message, code and field")) expect(textOf(result)).toContain("key [redacted] is not valid");
    // The per-attempt log lines (MCP logging on stdout) carry no key either.
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs.lines).includes(CANARY_KEY)).toBe(false);
  });

  it("on a POST, the unknown-outcome answer quotes the service without the key", async () => {
    // Warm the agent check first, then fail the POST with an echo.
    await server.call("list_agents");
    upstream.inject({ method: "POST", path: "/api/v1/calls" }, faults.echoHeaders(500));
    const result = await server.call("create_call", { to: "+14155552671", agent_id: "agt_1" });
    expect(textOf(result)).toMatch(/outcome is unknown/);
    expect(textOf(result)).toContain("Bearer [redacted]");
    expectNoKey(result);
  });
});

describe("successful answers that contain the key", () => {
  it("get_call: key in values, keys, nested arrays, a JSON escape, a URL and a transcript", async () => {
    const body =
      `{"data":{"id":"call_1","status":"completed","summary":"the caller read out ${CANARY_KEY}",` +
      `"recording_url":"https://rec.example/x?api_key=${encodeURIComponent(CANARY_KEY)}",` +
      `"escaped":"${ESCAPED_KEY}","${CANARY_KEY}":"as a key","nested":{"deep":[["${CANARY_KEY}"]]},` +
      `"transcript":[{"speaker":"agent","text":"my key is ${CANARY_KEY}"},{"speaker":"contact","text":"Bearer ${CANARY_KEY}"}]}}`;
    upstream.inject(
      { method: "GET", path: "/api/v1/calls/call_1" },
      faults.answer(200, body, { "content-type": "application/json" }),
    );
    const result = await server.call("get_call", { call_id: "call_1" });
    expect(result.isError, textOf(result)).toBeFalsy();
    expectNoKey(result);
    const call = (result.structuredContent as { call: Record<string, unknown> }).call;
    // Call content reaches structuredContent fenced as data (issue 12, item 2), with the key removed.
    expect(call.summary).toMatch(
      /^<call-data [0-9a-f]{8} source="summary">\n\(Words spoken.*\)\nthe caller read out \[redacted\]\n<\/call-data [0-9a-f]{8}>$/,
    );
    expect(call.escaped).toBe("[redacted]");
    expect(call["[redacted]"]).toBe("as a key");
    expect(textOf(result)).toContain("my key is [redacted]");
  });

  it("list_agents then create_call: an agent name holding the key is not echoed by either", async () => {
    upstream.inject(
      { method: "GET", path: "/api/v1/agents" },
      faults.answer(200, { data: [{ id: "agt_1", name: `Ava ${CANARY_KEY}` }] }),
    );
    const listed = await server.call("list_agents");
    expectNoKey(listed);
    upstream.inject(
      { method: "POST", path: "/api/v1/calls" },
      faults.answer(201, { data: { id: "call_7", status: "queued", note: CANARY_KEY, to: "+14155552671" } }),
    );
    const created = await server.call("create_call", { to: "+14155552671", agent_id: "agt_1" });
    expect(created.isError, textOf(created)).toBeFalsy();
    expectNoKey(created);
    expect(textOf(created)).toContain("Ava [redacted]");
  });

  it("list_calls and submit_batch bodies with the key in several fields", async () => {
    upstream.inject(
      { method: "GET", path: "/api/v1/calls" },
      faults.answer(200, {
        calls: [
          { id: "c1", status: "completed", to: CANARY_KEY, campaign_id: CANARY_KEY, summary: `Bearer ${CANARY_KEY}` },
        ],
        total: 1,
      }),
    );
    const listed = await server.call("list_calls");
    expect(listed.isError, textOf(listed)).toBeFalsy();
    expectNoKey(listed);

    upstream.inject(
      { method: "POST", path: "/api/v1/calls/batch" },
      faults.answer(202, {
        data: {
          batch_id: CANARY_KEY,
          campaign_id: `cmp_${CANARY_KEY}`,
          status: "accepted",
          echo: { authorization: `Bearer ${CANARY_KEY}` },
        },
      }),
    );
    const batch = await server.call("submit_batch", { calls: [{ to: "+14155552671", agent_id: "agt_1" }] });
    expect(batch.isError, textOf(batch)).toBeFalsy();
    expectNoKey(batch);
  });
});

describe("length caps on the service's text", () => {
  it("a 100 KB error message reaches the model cut short", async () => {
    upstream.inject(
      { method: "GET", path: "/api/v1/agents" },
      faults.answer(400, { error: { message: "x".repeat(100_000) } }),
    );
    const result = await server.call("list_agents");
    expect(textOf(result).length).toBeLessThan(1_000);
    expect(textOf(result)).toMatch(/more characters cut/);
  });

  it("a 200 KB summary in a call record is capped in structuredContent", async () => {
    upstream.inject(
      { method: "GET", path: "/api/v1/calls/call_1" },
      faults.answer(200, { id: "call_1", status: "completed", summary: "y".repeat(200_000) }),
    );
    const result = await server.call("get_call", { call_id: "call_1" });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(JSON.stringify(result).length).toBeLessThan(40_000);
  });
});

describe("start-up errors", () => {
  async function startUp(env: Record<string, string | undefined>): Promise<RecordingStdioTransport> {
    const transport = new RecordingStdioTransport({ args: [ENTRY], env: serverEnv(env) });
    // The leak check after this file covers these processes too.
    started.push(transport);
    await transport.start();
    expect(await transport.waitForExit(10_000), "the server did not exit").toBe(true);
    return transport;
  }

  it.each([
    ["no key", { OUTBOUND_CALLS_BASE_URL: "https://calls.example.com" }, /OUTBOUND_CALLS_API_KEY is required/],
    [
      "an empty key",
      { OUTBOUND_CALLS_API_KEY: "  ", OUTBOUND_CALLS_BASE_URL: "https://calls.example.com" },
      /OUTBOUND_CALLS_API_KEY is required/,
    ],
    ["no base URL", { OUTBOUND_CALLS_API_KEY: CANARY_KEY }, /OUTBOUND_CALLS_BASE_URL is required/],
    [
      "plain http to a remote host",
      {
        ...GUARDS_OFF_FOR_FAULT_TESTS,
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: "http://calls.example.com",
      },
      /OUTBOUND_CALLS_BASE_URL must use https \(plain http is allowed only for a loopback host/,
    ],
    [
      "plain http to a look-alike of localhost",
      {
        ...GUARDS_OFF_FOR_FAULT_TESTS,
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1.nip.io",
      },
      /must use https/,
    ],
    [
      "a malformed base URL",
      { ...GUARDS_OFF_FOR_FAULT_TESTS, OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: "::not a url::" },
      /OUTBOUND_CALLS_BASE_URL is not a URL/,
    ],
    [
      "the key pasted into the base URL",
      {
        ...GUARDS_OFF_FOR_FAULT_TESTS,
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: `${CANARY_KEY} https://calls.example.com`,
      },
      /OUTBOUND_CALLS_BASE_URL is not a URL/,
    ],
    [
      "the key in the base URL's query",
      {
        ...GUARDS_OFF_FOR_FAULT_TESTS,
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: `https://calls.example.com/?key=${CANARY_KEY}`,
      },
      /must not carry credentials, a query/,
    ],
    [
      "the key as URL credentials",
      {
        ...GUARDS_OFF_FOR_FAULT_TESTS,
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: `https://u:${CANARY_KEY}@calls.example.com`,
      },
      /must not carry credentials/,
    ],
    [
      "the key pasted into the timeout",
      {
        ...GUARDS_OFF_FOR_FAULT_TESTS,
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: "https://calls.example.com",
        OUTBOUND_CALLS_TIMEOUT_MS: CANARY_KEY,
      },
      /OUTBOUND_CALLS_TIMEOUT_MS must be a whole number/,
    ],
    [
      "the key pasted into the country list",
      {
        ...GUARDS_OFF_FOR_FAULT_TESTS,
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: "https://calls.example.com",
        OUTBOUND_CALLS_ALLOWED_COUNTRIES: `US,${CANARY_KEY}`,
      },
      /OUTBOUND_CALLS_ALLOWED_COUNTRIES must be ISO 3166/,
    ],
    [
      "a key with white space around and inside",
      { OUTBOUND_CALLS_API_KEY: ` ${CANARY_KEY} x `, OUTBOUND_CALLS_BASE_URL: "https://calls.example.com" },
      /OUTBOUND_CALLS_API_KEY contains white space/,
    ],
  ])("%s: refuses to start, names the variable, never prints the key", async (_label, env, message) => {
    const t = await startUp(env);
    expect(t.exitCode).toBe(1);
    expect(t.stderr).toMatch(message);
    expect(t.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(t.stdoutLines).toEqual([]);
    expect(t.allOutput().toLowerCase().includes(CANARY_KEY.toLowerCase())).toBe(false);
  });
});
