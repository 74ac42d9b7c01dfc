/**
 * One process, one endpoint, both protocol eras: the built server with
 * --sandbox, over stdio and over --http, driven by the SDK's v2 Client on
 * 2026-07-28 (no initialize; `server/discover`, then every request carries its
 * own version and capabilities) and by the v1 Client on 2025-11-25 (the
 * initialize handshake). Each calls all five tools and gets the same answers;
 * the 2026 lists carry their cache fields, and the tools come in one order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ERAS,
  LEGACY,
  MODERN,
  connectHttpFor,
  startFor,
  type Era,
  type EraClient,
} from "../../helpers/modern-client.js";
import {
  HTTP_TOKEN,
  mcpHeaders,
  rawRequest,
  rpcMessages,
  spawnHttpServer,
  type HttpServerProcess,
} from "../../helpers/http-server-process.js";
import { textOf } from "../../helpers/server-process.js";

const TOOLS = ["list_agents", "list_calls", "create_call", "get_call", "submit_batch", "add_do_not_call"];
/** 10:00 in San Francisco whatever the real time: inside the default calling hours. */
const DAYTIME = { OUTBOUND_CALLS_TEST_NOW: "2026-11-21T18:00:00Z" };
// Dials go as soon as the guards pass: the channel that asks a person is not what this file is about.
const ENV = { ...DAYTIME, OUTBOUND_CALLS_CONFIRM: "never", OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0" };

let http: HttpServerProcess;
beforeAll(async () => {
  http = await spawnHttpServer({
    args: ["--sandbox", "--sandbox-speed", "instant"],
    env: { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN, ...ENV },
  });
});
afterAll(async () => {
  expect(await http?.stop()).toBe(0);
});

async function everyTool(client: EraClient, era: Era): Promise<void> {
  expect(client.protocol).toBe(era);
  const listed = await client.listTools();
  expect(listed.tools.map((t) => t.name)).toEqual(TOOLS);
  // Private: the list depends on what the client declared (an MCP Apps host also gets the approval card's tool).
  if (era === MODERN) expect(listed).toMatchObject({ ttlMs: expect.any(Number), cacheScope: "private" });
  else expect(listed.ttlMs).toBeUndefined();

  const agents = await client.call("list_agents");
  expect(agents.isError, textOf(agents)).toBeFalsy();
  const agentId = (agents.structuredContent as { agents: Array<{ id: string }> }).agents[0]!.id;

  const created = await client.call("create_call", {
    to: "+14155550100",
    agent_id: agentId,
    contact_name: `Era ${era}`,
  });
  expect(created.isError, textOf(created)).toBeFalsy();
  const callId = (created.structuredContent as { call: { id: string } }).call.id;

  const got = await client.call("get_call", { call_id: callId });
  expect(got.structuredContent).toMatchObject({
    final: true,
    call: { id: callId, status: "completed", contact_name: `Era ${era}` },
  });

  const batch = await client.call("submit_batch", {
    calls: ["+14155550111", "+14155550112"].map((to) => ({ to, agent_id: agentId })),
  });
  expect(batch.isError, textOf(batch)).toBeFalsy();
  const { campaign_id } = batch.structuredContent as { campaign_id: string };

  const calls = await client.call("list_calls", { campaign_id });
  expect(calls.structuredContent).toMatchObject({ count: 2 });
  // A refusal is an answer the model reads, in either era.
  const refused = await client.call("create_call", { to: "+1900555012", agent_id: agentId });
  expect(refused.isError).toBe(true);
}

describe.each(ERAS)("a %s client", (era) => {
  it("over stdio: negotiates its revision and calls all five tools", async () => {
    const client = await startFor(era, { args: ["--sandbox", "--sandbox-speed", "instant"], env: ENV });
    try {
      await everyTool(client, era);
    } finally {
      await client.close();
    }
  });

  it("over --http: negotiates its revision and calls all five tools", async () => {
    const client = await connectHttpFor(era, http.url);
    try {
      await everyTool(client, era);
    } finally {
      await client.close();
    }
  });
});

describe("the one endpoint, on the wire", () => {
  it("answers server/discover with no session and no initialize before it", async () => {
    const answer = await rawRequest(http.base, {
      method: "POST",
      // The headers 2026-07-28 requires of a request: its revision and its method.
      headers: { ...mcpHeaders(), "mcp-protocol-version": MODERN, "mcp-method": "server/discover" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "server/discover",
        params: {
          _meta: {
            "io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
          },
        },
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["mcp-session-id"]).toBeUndefined();
    const result = rpcMessages(answer.body)[0]!.result as {
      supportedVersions: string[];
      _meta: Record<string, { name: string }>;
    };
    // The revisions served without a handshake; the 2025 ones are reached by initialize (below).
    expect(result.supportedVersions).toEqual([MODERN]);
    expect(result._meta["io.modelcontextprotocol/serverInfo"]!.name).toBe("outbound-calls-mcp");
  });

  it.each([LEGACY, "2025-06-18", "2025-03-26", "2024-11-05"])(
    "still answers a %s initialize on the same endpoint",
    async (version) => {
      const answer = await rawRequest(http.base, {
        method: "POST",
        headers: mcpHeaders(),
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "raw", version: "1" } },
        }),
      });
      expect(rpcMessages(answer.body)[0]!.result).toMatchObject({ protocolVersion: version });
    },
  );
});
