/**
 * With OAuth, a dial whose answer is lost looks with list_calls for what it
 * created, and may make a call it finds the person's only when the call was
 * created after the attempt, at a time the service gave: a dashboard call to
 * the same number with no creation time, or one made a moment before the
 * attempt (inside the allowance for the service's clock), is not taken over.
 * The answer says such a call was found without naming it, and only a token
 * with calls:read_all reads it. A call the lost POST did create is the
 * person's, as before.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sendJson, startFakeUpstream, type FakeUpstream, type Handler } from "../helpers/fake-upstream.js";
import type { HttpServerProcess } from "../helpers/http-server-process.js";
import { bearerClient, tokenFor } from "../helpers/oauth-client.js";
import { RESOURCE_SCOPES, startIdentityProvider, type TestIdentityProvider } from "../helpers/oidc-provider.js";
import { startOAuthServer } from "../helpers/oauth-server.js";

const TEST_NOW = Date.parse("2026-11-21T18:00:00Z");
/** Taken before the server starts: the server's clock (TEST_NOW plus its own time running) is never ahead of this. */
let startedReal = Date.now();
/** The service's clock, in step with the server's (at most the server's start-up ahead of it). */
const serviceNow = () => TEST_NOW + (Date.now() - startedReal);

const DASHBOARD_NUMBER = "+14155550160";
const LOST_NUMBER = "+14155550161";

/**
 * A service with calls of its own (a dashboard's) to DASHBOARD_NUMBER, one without a creation time and one made
 * 30 s before now; a POST for "Gateway Fails" is refused 502 and creates nothing; one for "Lost Answer" creates
 * the call and hangs up before answering. The list shows every call, newest first.
 */
function service(): Handler {
  const calls: Array<Record<string, unknown>> = [];
  const byKey = new Map<string, Record<string, unknown>>();
  let serial = 0;
  let seeded = false;
  return async (req, res) => {
    if (!seeded) {
      seeded = true;
      calls.push(
        { id: "call_dash_untimed", to: DASHBOARD_NUMBER, agent_id: "agt_1", status: "completed" },
        {
          id: "call_dash_before",
          to: DASHBOARD_NUMBER,
          agent_id: "agt_1",
          status: "completed",
          created_at: new Date(serviceNow() - 30_000).toISOString(),
        },
      );
    }
    if (req.method === "GET" && req.path === "/api/v1/agents")
      return sendJson(res, 200, { data: [{ id: "agt_1", name: "Ava" }] });
    if (req.method === "POST" && req.path === "/api/v1/calls") {
      const body = req.json as { to?: string; contact_name?: string };
      if (body.contact_name === "Gateway Fails") return sendJson(res, 502, { error: "bad gateway" });
      const key = String(req.headers["idempotency-key"]);
      const call = byKey.get(key) ?? {
        id: `call_${++serial}`,
        to: body.to,
        agent_id: "agt_1",
        status: "queued",
        created_at: new Date(serviceNow()).toISOString(),
      };
      if (!byKey.has(key)) calls.unshift(call);
      byKey.set(key, call);
      if (body.contact_name === "Lost Answer") return void res.destroy();
      return sendJson(res, 201, { data: call });
    }
    if (req.method === "GET" && req.path === "/api/v1/calls")
      return sendJson(res, 200, { data: calls, meta: { page: 1, total: calls.length, has_more: false } });
    const one = /^\/api\/v1\/calls\/([^/]+)$/.exec(req.path);
    const found = one && calls.find((c) => c.id === one[1]);
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
  [idp, upstream] = await Promise.all([startIdentityProvider(), startFakeUpstream(service())]);
  auditPath = join(mkdtempSync(join(tmpdir(), "oauth-lost-")), "audit.jsonl");
  startedReal = Date.now();
  const started = await startOAuthServer(idp.issuer, upstream.url, {
    OUTBOUND_CALLS_TEST_NOW: new Date(TEST_NOW).toISOString(),
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

async function clientOf(sub: string, scopes: string): Promise<Client> {
  idp.signIn = { sub, scopes: RESOURCE_SCOPES.split(" ") };
  const client = await bearerClient(mcpUrl, await tokenFor(idp, mcpUrl, scopes));
  clients.push(client);
  return client;
}

const tool = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
const listed = async (client: Client) =>
  ((await tool(client, "list_calls", {})).structuredContent as { calls: Array<{ id: string }> }).calls.map((c) => c.id);
const auditCallIds = (person: string) =>
  readFileSync(auditPath, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { person?: string; call_ids?: string[] })
    .filter((entry) => entry.person === person)
    .flatMap((entry) => entry.call_ids ?? []);

describe("a dial whose answer is lost, with OAuth", () => {
  it("does not take over a dashboard call without a creation time, or one made just before the attempt", async () => {
    const alice = await clientOf("alice", "calls:read calls:place");
    const lost = await tool(alice, "create_call", {
      to: DASHBOARD_NUMBER,
      agent_id: "agt_1",
      contact_name: "Gateway Fails",
    });
    expect(lost.isError).toBe(true);
    for (const id of ["call_dash_untimed", "call_dash_before"]) {
      expect((await tool(alice, "get_call", { call_id: id })).isError, id).toBe(true);
    }
    expect(await listed(alice)).toEqual([]);
    expect(auditCallIds("alice")).toEqual([]);
    const text = textOf(lost);
    expect(text).toMatch(/the outcome is unknown/);
    expect(text).toMatch(/found 2 calls to this number .* whose placer cannot be shown to be you/);
    expect(text).toMatch(/only a token with calls:read_all can read them/);
    expect(text).toMatch(/do not dial again/i);
    expect(text).not.toMatch(/call_dash/);
    // A token that reads every call still reads them.
    const carol = await clientOf("carol", "calls:read calls:read_all");
    for (const id of ["call_dash_untimed", "call_dash_before"]) {
      expect((await tool(carol, "get_call", { call_id: id })).isError, id).toBeFalsy();
    }
  });

  it("makes the person's the call its lost POST created, and names it", async () => {
    const bob = await clientOf("bob", "calls:read calls:place");
    const lost = await tool(bob, "create_call", { to: LOST_NUMBER, agent_id: "agt_1", contact_name: "Lost Answer" });
    expect(lost.isError).toBe(true);
    const placed = /found call (call_\d+) to \+14155550161 created at .*it WAS placed/.exec(textOf(lost));
    expect(placed, textOf(lost)).not.toBeNull();
    const id = placed![1]!;
    expect((await tool(bob, "get_call", { call_id: id })).isError).toBeFalsy();
    expect(await listed(bob)).toEqual([id]);
    expect(auditCallIds("bob")).toEqual([id]);
  });
});
