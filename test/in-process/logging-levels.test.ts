/**
 * MCP logging, in-process with the real service layer over loopback: the debug
 * line per upstream request is sent only after the client asks for debug with
 * logging/setLevel (one stdout message less per tool call otherwise); warnings
 * (refusals, faults) are sent unless the client asked for less.
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

it("sends warnings by default and drops them when the client asks for error and worse", async () => {
  await server.call("create_call", { to: "+19005550123", agent_id: "agt_1" });
  await settle();
  expect(messages.filter((m) => m.level === "warning")).toHaveLength(1);

  await server.client.setLoggingLevel("error");
  await server.call("create_call", { to: "+19005550123", agent_id: "agt_1" });
  await settle();
  expect(messages.filter((m) => m.level === "warning")).toHaveLength(1);
});
