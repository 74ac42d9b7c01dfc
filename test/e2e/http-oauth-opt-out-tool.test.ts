/**
 * add_do_not_call with OAuth, through real MCP clients and a real authorization
 * server. A read-only token (calls:read) cannot put a number on the account's
 * opt-out list: 403 insufficient_scope naming calls:opt_out, nothing listed;
 * calls:opt_out alone may, and so may calls:place (a client that dials must be
 * able to honour a stop it hears). The call named as where the person said it
 * is recorded only when the caller may read it: another person's call, or an
 * id that does not exist, is left out of the list and the audit line, and the
 * answer says so; the number is listed either way.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sendJson, startFakeUpstream, type FakeUpstream, type Handler } from "../helpers/fake-upstream.js";
import type { HttpServerProcess } from "../helpers/http-server-process.js";
import { bearerClient, rawToolCall, tokenFor } from "../helpers/oauth-client.js";
import { RESOURCE_SCOPES, startIdentityProvider, type TestIdentityProvider } from "../helpers/oidc-provider.js";
import { startOAuthServer } from "../helpers/oauth-server.js";

/** A service that keeps the calls it made: GET /calls/{id} answers them, any other id is a 404. */
function serviceWithMemory(): Handler {
  const calls = new Map<string, Record<string, unknown>>();
  return async (req, res) => {
    if (req.method === "GET" && req.path === "/api/v1/agents")
      return sendJson(res, 200, { data: [{ id: "agt_1", name: "Ava" }] });
    if (req.method === "POST" && req.path === "/api/v1/calls") {
      const call = { id: `call_${calls.size + 1}`, status: "queued", to: (req.json as { to?: string }).to };
      calls.set(call.id, call);
      return sendJson(res, 201, { data: call });
    }
    const one = /^\/api\/v1\/calls\/([^/]+)$/.exec(req.path);
    const found = one && calls.get(one[1]!);
    if (req.method === "GET" && found) return sendJson(res, 200, { data: found });
    sendJson(res, 404, { error: { code: "not_found", message: "no such call" } });
  };
}

let idp: TestIdentityProvider;
let upstream: FakeUpstream;
let server: HttpServerProcess;
let mcpUrl: string;
let auditPath: string;
const clients: Client[] = [];

beforeAll(async () => {
  [idp, upstream] = await Promise.all([startIdentityProvider(), startFakeUpstream(serviceWithMemory())]);
  auditPath = join(mkdtempSync(join(tmpdir(), "oauth-optout-")), "audit.jsonl");
  const started = await startOAuthServer(idp.issuer, upstream.url, {
    OUTBOUND_CALLS_TEST_NOW: "2026-11-21T18:00:00Z",
    OUTBOUND_CALLS_CONFIRM: "never",
    OUTBOUND_CALLS_AUDIT_LOG: auditPath,
  });
  server = started.server;
  mcpUrl = `${started.publicUrl}/mcp`;
});
afterAll(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  expect(await server?.stop()).toBe(0);
  await Promise.all([idp?.close(), upstream?.close()]);
});

async function tokenOf(sub: string, scopes: string): Promise<string> {
  idp.signIn = { sub, scopes: RESOURCE_SCOPES.split(" ") };
  return tokenFor(idp, mcpUrl, scopes);
}

async function clientOf(sub: string, scopes: string): Promise<Client> {
  const client = await bearerClient(mcpUrl, await tokenOf(sub, scopes));
  clients.push(client);
  return client;
}

const tool = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
const optedOut = () =>
  readFileSync(auditPath, "utf8")
    .split("\n")
    .filter((line) => line.includes('"opted_out"'))
    .map((line) => JSON.parse(line) as { numbers: string[]; call_ids?: string[] });

describe("who may put a number on the opt-out list", () => {
  it("a read-only token is refused 403 naming calls:opt_out, and nothing is listed", async () => {
    const token = await tokenOf("rita", "calls:read");
    const raw = await rawToolCall(server.base, token, "add_do_not_call", { number: "+14155550140", heard: "stop" });
    expect(raw.status).toBe(403);
    expect(raw.headers["www-authenticate"]).toMatch(/error="insufficient_scope", scope="calls:read calls:opt_out"/);
    const rita = await clientOf("rita", "calls:read");
    await expect(tool(rita, "add_do_not_call", { number: "+14155550141", heard: "stop calling" })).rejects.toThrow(
      /403|insufficient_scope|calls:opt_out/,
    );
    expect(optedOut().flatMap((l) => l.numbers)).not.toEqual(expect.arrayContaining(["+14155550140"]));
    expect(optedOut().flatMap((l) => l.numbers)).not.toEqual(expect.arrayContaining(["+14155550141"]));
    // Its reads still answer.
    expect((await tool(rita, "list_agents", {})).isError).toBeFalsy();
  });

  it("calls:opt_out alone may, and so may calls:place", async () => {
    const olga = await clientOf("olga", "calls:opt_out");
    const placer = await clientOf("pat", "calls:read calls:place");
    for (const [client, number] of [
      [olga, "+14155550142"],
      [placer, "+14155550143"],
    ] as const) {
      const added = await tool(client, "add_do_not_call", { number, heard: "please stop calling me" });
      expect(added.isError, textOf(added)).toBeFalsy();
      expect(added.structuredContent).toMatchObject({ number, listed: true, already_listed: false });
    }
    expect(optedOut().flatMap((l) => l.numbers)).toEqual(expect.arrayContaining(["+14155550142", "+14155550143"]));
  });
});

describe("the call named as where the person said it", () => {
  it("is recorded when it is the caller's own, and left out (said so) when it is another's or does not exist", async () => {
    const alice = await clientOf("alice", "calls:read calls:place");
    const bob = await clientOf("bob", "calls:read calls:place");
    const placed = async (client: Client, to: string) =>
      ((await tool(client, "create_call", { to, agent_id: "agt_1" })).structuredContent as { call: { id: string } })
        .call.id;
    const aliceCall = await placed(alice, "+14155550150");
    const bobCall = await placed(bob, "+14155550151");

    const own = await tool(alice, "add_do_not_call", {
      number: "+14155550152",
      heard: "stop",
      call_id: aliceCall,
    });
    expect(own.structuredContent).toMatchObject({ listed_from_call: aliceCall });
    expect((own.structuredContent as Record<string, unknown>).call_id_not_recorded).toBeUndefined();

    for (const [number, callId] of [
      ["+14155550153", bobCall],
      ["+14155550154", "call_999"],
    ] as const) {
      const other = await tool(alice, "add_do_not_call", { number, heard: "stop", call_id: callId });
      expect(other.isError, textOf(other)).toBeFalsy();
      expect(other.structuredContent).toMatchObject({ number, listed: true, already_listed: false });
      expect((other.structuredContent as Record<string, unknown>).listed_from_call).toBeUndefined();
      expect(other.structuredContent).toMatchObject({
        call_id_not_recorded: expect.stringMatching(/was not recorded as the source: it is not a call you can read/),
      });
      expect(textOf(other)).toMatch(/was not recorded as the source/);
      // The audit line lists the number without naming the call.
      expect(optedOut().find((l) => l.numbers.includes(number))).toBeTruthy();
      expect(optedOut().find((l) => l.numbers.includes(number))!.call_ids).toBeUndefined();
    }
    expect(optedOut().find((l) => l.numbers.includes("+14155550152"))!.call_ids).toEqual([aliceCall]);

    // A token that reads every call may name any call the service has, not one it does not.
    const dave = await clientOf("dave", "calls:read calls:read_all calls:opt_out");
    const seen = await tool(dave, "add_do_not_call", { number: "+14155550155", heard: "stop", call_id: bobCall });
    expect(seen.structuredContent).toMatchObject({ listed_from_call: bobCall });
    const unknown = await tool(dave, "add_do_not_call", { number: "+14155550156", heard: "stop", call_id: "call_998" });
    expect(unknown.structuredContent).toMatchObject({ call_id_not_recorded: expect.any(String) });
    expect(optedOut().find((l) => l.numbers.includes("+14155550156"))!.call_ids).toBeUndefined();
  });
});
