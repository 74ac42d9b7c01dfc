/**
 * Approval where the two protocol eras differ: a dial is asked for in the
 * client's own dialog (form elicitation, a request from the server) only on a
 * 2025 connection. A 2026-07-28 client that declares the same capability is
 * never sent elicitation/create (that revision has no server-to-client
 * requests): it is asked through input requests inside the answer
 * (src/approval/input-channel.ts; test/e2e/approval-input-requests.test.ts tests
 * that channel itself), and nothing is dialed before the form is answered.
 * Both run the default mode (a person approves).
 */
import { afterEach, expect, it } from "vitest";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { connectModernHttpClient, startModernServer } from "../helpers/modern-client.js";
import { spawnHttpServer } from "../helpers/http-server-process.js";
import { startServer, textOf } from "../helpers/server-process.js";

const ENV = { OUTBOUND_CALLS_CONFIRM: undefined, BROWSER: "none", OUTBOUND_CALLS_TEST_NOW: "2026-11-21T18:00:00Z" };
const ARGS = ["--sandbox", "--sandbox-speed", "instant"];
const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function agentOf(
  call: (name: string, args?: Record<string, unknown>) => Promise<{ structuredContent?: unknown }>,
): Promise<string> {
  return ((await call("list_agents")).structuredContent as { agents: Array<{ id: string }> }).agents[0]!.id;
}

it("2025-11-25: a client with form elicitation is asked in its dialog, and its yes places the dial", async () => {
  const server = await startServer({ args: ARGS, env: ENV, capabilities: { elicitation: { form: {} } } });
  closing.push(server.close);
  const asked: string[] = [];
  server.client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return { action: "accept", content: { confirm: true } };
  });
  const created = await server.call("create_call", { to: "+14155550100", agent_id: await agentOf(server.call) });
  expect(created.isError, textOf(created)).toBeFalsy();
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatch(/\+1 415.?555.?0100|\+14155550100/);
});

it("2026-07-28: the same capability gets no elicitation/create; the form travels inside the answer (input_required), and nothing is dialed before it is answered", async () => {
  const server = await startModernServer({ args: ARGS, env: ENV, capabilities: { elicitation: { form: {} } } });
  closing.push(server.close);
  expect(server.protocol).toBe("2026-07-28");
  // This client declares forms but cannot show one (no handler): the SDK cannot fulfil the input request.
  await server.call("create_call", { to: "+14155550100", agent_id: await agentOf(server.call) }).catch(() => undefined);
  const sent = server.transport.stdoutLines.map(
    (l) =>
      JSON.parse(l) as {
        method?: string;
        id?: unknown;
        result?: { resultType?: string; inputRequests?: Record<string, { method: string }> };
      },
  );
  expect(sent.filter((m) => m.method === "elicitation/create")).toEqual([]);
  const asked = sent.find((m) => m.result?.resultType === "input_required");
  expect(Object.values(asked?.result?.inputRequests ?? {}).map((r) => r.method)).toEqual(["elicitation/create"]);
  const calls = await server.call("list_calls");
  expect((calls.structuredContent as { count: number }).count).toBe(0);
});

it("2026-07-28 over --http: a client that declares forms is asked inside the answer, never by elicitation/create (stateless HTTP has no way back for it)", async () => {
  // No approvers' inbox (no OUTBOUND_CALLS_APPROVER_TOKEN): the client's form is the only way.
  const http = await spawnHttpServer({ args: ARGS, env: { ...ENV, OUTBOUND_CALLS_HTTP_TOKEN: undefined } });
  closing.push(async () => void (await http.stop()));
  const client = await connectModernHttpClient(http.url, null, { elicitation: { form: {} } });
  closing.push(client.close);
  const agent = await agentOf(client.call);
  const first = (await client.client.request(
    { method: "tools/call", params: { name: "create_call", arguments: { to: "+14155550100", agent_id: agent } } },
    { allowInputRequired: true },
  )) as { resultType?: string; inputRequests?: Record<string, { method: string }> };
  expect(first.resultType).toBe("input_required");
  expect(Object.values(first.inputRequests ?? {}).map((r) => r.method)).toEqual(["elicitation/create"]);
  expect((await client.call("list_calls")).structuredContent).toMatchObject({ count: 0 });
});
