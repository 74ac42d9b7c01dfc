/**
 * Over --http, the rest of the surface works as over stdio: resources and
 * prompts, and a get_call that waits sends its progress notifications on the
 * request's own SSE stream (notifications tied to a request need no session).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import {
  connectHttpClient,
  HTTP_TOKEN,
  spawnHttpServer,
  type HttpClient,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";
import { textOf } from "../helpers/server-process.js";

let server: HttpServerProcess;
let http: HttpClient;

beforeAll(async () => {
  server = await spawnHttpServer({
    // 50 times faster than real: an answered call is final within about 2 s.
    args: ["--sandbox", "--sandbox-speed", "50"],
    env: {
      OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
      OUTBOUND_CALLS_TEST_NOW: "2026-11-21T18:00:00Z",
      OUTBOUND_CALLS_CONFIRM: "never",
    },
  });
  http = await connectHttpClient(server.url);
});
afterAll(async () => {
  await http?.close();
  expect(await server?.stop()).toBe(0);
});

it("lists and reads resources", async () => {
  const { resources } = await http.client.listResources();
  expect(resources.map((r) => r.uri)).toContain("agents://list");
  const read = await http.client.readResource({ uri: "agents://list" });
  const json = read.contents.find((c) => c.mimeType === "application/json");
  expect(JSON.parse(String((json as { text: string }).text))).toMatchObject({ count: 3 });
});

it("lists and renders prompts", async () => {
  const { prompts } = await http.client.listPrompts();
  expect(prompts.map((p) => p.name).sort()).toEqual(["daily_report", "place_call"]);
  const report = await http.client.getPrompt({ name: "daily_report", arguments: { date: "2026-11-21" } });
  expect(report.messages.length).toBeGreaterThan(0);
});

it("streams progress notifications while get_call waits", async () => {
  const agentId = ((await http.call("list_agents")).structuredContent as { agents: Array<{ id: string }> }).agents[0]!
    .id;
  const created = await http.call("create_call", { to: "+14155550100", agent_id: agentId });
  expect(created.isError, textOf(created)).toBeFalsy();
  const id = (created.structuredContent as { call: { id: string } }).call.id;

  const progress: Progress[] = [];
  const result = (await http.client.callTool(
    { name: "get_call", arguments: { call_id: id, wait_seconds: 30 } },
    undefined,
    {
      onprogress: (p) => progress.push(p),
    },
  )) as CallToolResult;
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(result.structuredContent).toMatchObject({ final: true, call: { status: "completed" } });
  // The last notification may trail the answer (typescript-sdk#2580): at least one arrived before it.
  expect(progress.length).toBeGreaterThanOrEqual(1);
  for (const p of progress) expect(p.message).toMatch(/^status: /);
});
