/**
 * MCP logging in-process through the SDK Client, with the real service layer
 * over loopback (the debug line is one per HTTP attempt): the capability is
 * declared; every upstream request is logged at debug (method, path, status,
 * latency, request id, never the key); refusals and faults at warning;
 * logging/setLevel is honoured.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from "@modelcontextprotocol/sdk/types.js";
import { defaultHandler, sendJson, startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { startInProcess, type InProcessServer } from "../helpers/in-process.js";
import { CANARY_KEY } from "../helpers/server-process.js";

let upstream: FakeUpstream;
let server: InProcessServer;
let logs: LoggingMessageNotification["params"][];

beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await startInProcess({
    service: "http",
    env: { OUTBOUND_CALLS_BASE_URL: upstream.url, OUTBOUND_CALLS_TIMEOUT_MS: "3000" },
  });
  server.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    logs.push(n.params);
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});
beforeEach(() => {
  logs = [];
  upstream.handle((req, res) => {
    if (req.path === "/api/v1/agents")
      return sendJson(res, 200, { data: [{ id: "agt_1", name: "Ava" }] }, { "x-request-id": "req_abc123" });
    defaultHandler(req, res, undefined as never);
  });
});

/** Notifications may trail the answer by a moment. */
const settle = () => new Promise((r) => setTimeout(r, 150));

it("declares the logging capability", () => {
  expect(server.client.getServerCapabilities()?.logging).toEqual({});
});

it("logs each upstream request at debug: method, path, status, latency, attempt, request id", async () => {
  await server.client.setLoggingLevel("debug");
  await server.call("list_agents");
  await settle();
  const debug = logs.filter((l) => l.level === "debug");
  expect(debug).toHaveLength(1);
  expect(debug[0]!.logger).toBe("upstream");
  expect(debug[0]!.data).toMatch(/^GET \/agents -> 200 in \d+ ms \(attempt 1, request req_abc123\)$/);
});

it("logs refusals and faults at warning, with the kind, status and request id", async () => {
  await server.client.setLoggingLevel("debug");
  upstream.handle((req, res) =>
    sendJson(res, 404, { error: { code: "not_found", message: "no" } }, { "x-request-id": "req_404" }),
  );
  await server.call("get_call", { call_id: "call_missing" });
  upstream.handle((req, res) => sendJson(res, 503, { error: { message: "down" } }));
  await server.call("list_calls", {});
  await server.call("create_call", { to: "+1 900 555 0123", agent_id: "agt_1" });
  await settle();
  const warnings = logs.filter((l) => l.level === "warning").map((l) => String(l.data));
  expect(warnings).toEqual([
    "get_call: not_found HTTP 404 request req_404",
    "list_calls: upstream_fault HTTP 503",
    expect.stringMatching(/^create_call: refused: .*premium-rate/),
  ]);
  // A retried GET shows every attempt at debug.
  expect(logs.filter((l) => l.level === "debug" && String(l.data).startsWith("GET /calls -> 503")).length).toBe(3);
});

it("honours logging/setLevel: at warning, no debug lines; at error, no warnings either", async () => {
  await server.client.setLoggingLevel("warning");
  await server.call("list_agents");
  upstream.handle((req, res) => sendJson(res, 404, { error: { message: "no" } }));
  await server.call("get_call", { call_id: "call_missing" });
  await settle();
  expect(logs.map((l) => l.level)).toEqual(["warning"]);

  logs = [];
  await server.client.setLoggingLevel("error");
  await server.call("get_call", { call_id: "call_missing" });
  await settle();
  expect(logs).toEqual([]);
});

it("never logs the key, even when the service echoes it", async () => {
  await server.client.setLoggingLevel("debug");
  upstream.handle((req, res) => sendJson(res, 401, { error: `bad key ${CANARY_KEY}` }, { "x-request-id": CANARY_KEY }));
  await server.call("list_agents");
  await settle();
  expect(logs.length).toBeGreaterThan(0);
  expect(JSON.stringify(logs)).not.toContain(CANARY_KEY);
});
