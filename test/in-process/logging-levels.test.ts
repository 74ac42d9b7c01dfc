/**
 * MCP logging, in-process with the real service layer over loopback, is opt-in:
 * no notifications/message at all until the client sends logging/setLevel
 * (clients that never ask, such as the Vercel AI SDK, report any as an error);
 * then every message at that level or more severe: debug lines per upstream
 * request, warnings for refusals and faults.
 */
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, expect, it } from "vitest";
import { defaultHandler, startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { startInProcess, type InProcessServer } from "../helpers/in-process.js";

let upstream: FakeUpstream;
let server: InProcessServer;
let messages: LoggingMessageNotification["params"][];

beforeEach(async () => {
  upstream = await startFakeUpstream();
  upstream.handle(defaultHandler);
  server = await startInProcess({ service: "http", env: { OUTBOUND_CALLS_BASE_URL: upstream.url } });
  messages = [];
  server.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    messages.push(n.params);
  });
});
afterEach(async () => {
  await server?.close();
  await upstream?.close();
});

/** Notifications are sent before the answer; one more round trip makes sure they have arrived. */
const settle = () => server.client.ping();

it("sends no debug line per request until the client asks for debug", async () => {
  await server.call("list_agents");
  await settle();
  expect(messages.filter((m) => m.level === "debug")).toEqual([]);

  await server.client.setLoggingLevel("debug");
  await server.call("list_agents");
  await settle();
  const debug = messages.filter((m) => m.level === "debug");
  expect(debug).toHaveLength(1);
  expect(debug[0]).toMatchObject({ logger: "upstream" });
  expect(String(debug[0]?.data)).toMatch(/^GET \/agents -> 200 in \d+ ms \(attempt 1/);
});

it("sends no log message at all before logging/setLevel, whatever happens (refusals, faults, requests)", async () => {
  await server.call("create_call", { to: "+19005550123", agent_id: "agt_1" });
  await server.call("get_call", { call_id: "../agents" });
  upstream.handle((_req, res) => {
    res.destroy();
  });
  await server.call("list_calls", {});
  await settle();
  expect(messages).toEqual([]);
});

it("sends warnings once asked for warning, and drops them when the client asks for error and worse", async () => {
  await server.client.setLoggingLevel("warning");
  await server.call("create_call", { to: "+19005550123", agent_id: "agt_1" });
  await settle();
  expect(messages.filter((m) => m.level === "warning")).toHaveLength(1);
  expect(messages.filter((m) => m.level === "debug")).toHaveLength(0);

  await server.client.setLoggingLevel("error");
  await server.call("create_call", { to: "+19005550123", agent_id: "agt_1" });
  await settle();
  expect(messages.filter((m) => m.level === "warning")).toHaveLength(1);
});
