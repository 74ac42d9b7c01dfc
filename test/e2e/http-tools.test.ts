/**
 * Streamable HTTP end to end: the built server with --http --sandbox, driven by
 * the SDK's StreamableHTTPClientTransport with a bearer token. Every tool runs
 * against the sandbox and answers as it does over stdio; the transport is
 * stateless (no session, GET/DELETE 405) and its own refusals are JSON-RPC.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/server-process.js";
import { textOf } from "../helpers/server-process.js";
import {
  connectHttpClient,
  HTTP_TOKEN,
  mcpHeaders,
  rawRequest,
  rpcMessages,
  spawnHttpServer,
  type HttpClient,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";

let server: HttpServerProcess;
let http: HttpClient;

/** The safety guards' clock at 10:00 in San Francisco, inside the default calling hours whatever the real time. */
const DAYTIME = { OUTBOUND_CALLS_TEST_NOW: "2026-11-21T18:00:00Z" };

beforeAll(async () => {
  // Unattended, set explicitly: these tests dial with nobody to approve (the default, a person approves, is tested below).
  server = await spawnHttpServer({
    args: ["--sandbox", "--sandbox-speed", "instant"],
    env: { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN, ...DAYTIME, OUTBOUND_CALLS_CONFIRM: "never" },
  });
  http = await connectHttpClient(server.url);
});
afterAll(async () => {
  await http?.close();
  expect(await server?.stop()).toBe(0);
});

describe("tools over Streamable HTTP", () => {
  it("warns loudly at start that OUTBOUND_CALLS_CONFIRM=never dials unattended", () => {
    expect(server.stderr).toContain("WARNING: OUTBOUND_CALLS_CONFIRM=never: UNATTENDED DIALING");
  });

  it("lists exactly the tools of the stdio snapshot", async () => {
    const { tools } = await http.client.listTools();
    const snapshot = JSON.parse(readFileSync(`${ROOT}/test/e2e/__snapshots__/tools-list.json`, "utf8")) as unknown;
    expect(tools).toEqual(snapshot);
  });

  it("drives every tool against the sandbox", async () => {
    const agents = await http.call("list_agents");
    expect(agents.isError).toBeFalsy();
    const agentList = (agents.structuredContent as { agents: Array<{ id: string }> }).agents;
    expect(agentList.length).toBe(3);
    const agentId = agentList[0]!.id;

    const placed = await http.call("create_call", {
      to: "+1 415 555 0100",
      agent_id: agentId,
      contact_name: "Dana Lee",
    });
    expect(placed.isError, textOf(placed)).toBeFalsy();
    expect(placed.structuredContent).toMatchObject({ country: "US", agent_id: agentId, sandbox: true });
    const callId = (placed.structuredContent as { call: { id: string } }).call.id;
    expect(textOf(placed)).toContain(`Call placed: ${callId}`);

    const got = await http.call("get_call", { call_id: callId });
    expect(got.isError, textOf(got)).toBeFalsy();
    expect(got.structuredContent).toMatchObject({
      final: true,
      call: { id: callId, status: "completed", to: "+14155550100" },
    });

    const batch = await http.call("submit_batch", {
      calls: [
        { to: "+14155550102", agent_id: agentId },
        { to: "+442079460000", agent_id: agentId, company_name: "Acme" },
      ],
    });
    expect(batch.isError, textOf(batch)).toBeFalsy();
    expect(batch.structuredContent).toMatchObject({ count: 2, countries: ["GB", "US"] });

    const listed = await http.call("list_calls", { limit: 10 });
    expect(listed.isError, textOf(listed)).toBeFalsy();
    const ids = (listed.structuredContent as { calls: Array<{ id: string }> }).calls.map((c) => c.id);
    expect(ids).toContain(callId);
    expect(listed.structuredContent).toMatchObject({ count: 3 });
  });

  it("refuses bad input exactly as over stdio, sending nothing", async () => {
    const noCountry = await http.call("create_call", { to: "415 555 2671", agent_id: "agt_x" });
    expect(noCountry.isError).toBe(true);
    expect(noCountry.structuredContent).toBeUndefined();
    expect(textOf(noCountry)).toContain("+1 415 555 2671");

    const unknownArg = await http.call("list_calls", { priority: "high" });
    expect(unknownArg.isError).toBe(true);
    expect(textOf(unknownArg)).toContain("priority");

    const badRows = await http.call("submit_batch", { calls: [{ to: "+19005550123", agent_id: "agt_x" }] });
    expect(badRows.isError).toBe(true);
    expect(textOf(badRows)).toContain("calls[0].to");
  });

  it("answers many clients at once, each with its own request", async () => {
    const clients = await Promise.all(Array.from({ length: 5 }, () => connectHttpClient(server.url)));
    try {
      const results = await Promise.all(clients.map((c) => c.call("list_agents")));
      for (const r of results) expect(r.isError).toBeFalsy();
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});

describe("stateless transport", () => {
  it("answers a request that was never preceded by initialize, with no session id", async () => {
    const answer = await rawRequest(server.base, {
      method: "POST",
      headers: mcpHeaders(),
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["mcp-session-id"]).toBeUndefined();
    const [message] = rpcMessages(answer.body);
    expect(message).toMatchObject({ id: 7, result: { tools: expect.any(Array) } });
  });

  it.each(["GET", "DELETE", "PUT"])("answers %s /mcp with 405 and Allow: POST", async (method) => {
    const answer = await rawRequest(server.base, {
      method,
      headers: { authorization: `Bearer ${HTTP_TOKEN}`, accept: "text/event-stream" },
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("POST");
    expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
  });

  it("answers a body that is not JSON with a JSON-RPC parse error", async () => {
    const answer = await rawRequest(server.base, { method: "POST", headers: mcpHeaders(), body: "{not json" });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: -32700 } });
  });

  it("refuses a declared body over 4 MiB with 413 before reading it", async () => {
    // Only the headers are sent: the answer must come without the body (a client still writing would see EPIPE).
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: "/mcp",
        headers: { ...mcpHeaders(), "content-length": String(5 * 1024 * 1024) },
      });
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (c: string) => (body += c));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on("error", reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { message: expect.stringContaining("4194304 bytes") } });
  });

  it("leaves content negotiation to the SDK: a POST without the Accept it requires gets 406", async () => {
    const answer = await rawRequest(server.base, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        authorization: `Bearer ${HTTP_TOKEN}`,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(answer.status).toBe(406);
  });

  it("answers unknown paths with 404 and says nothing else", async () => {
    const answer = await rawRequest(server.base, { path: "/", headers: { authorization: `Bearer ${HTTP_TOKEN}` } });
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('{"error":"not found"}');
  });
});

describe("OUTBOUND_CALLS_CONFIRM over HTTP", () => {
  it("defaults to a person approving: without an approvers' inbox every dial is refused with the ways out, and a token does not help", async () => {
    const strict = await spawnHttpServer({
      args: ["--sandbox", "--sandbox-speed", "instant"],
      env: { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN, ...DAYTIME, OUTBOUND_CALLS_CONFIRM: undefined },
    });
    const c = await connectHttpClient(strict.url);
    try {
      expect(strict.stderr).toContain("no person can approve dials here");
      expect(strict.stderr).toContain(
        "Set OUTBOUND_CALLS_APPROVER_TOKEN to open the approvers' inbox at http://127.0.0.1:",
      );
      const agents = await c.call("list_agents", {});
      const agentId = (agents.structuredContent as { agents: { id: string }[] }).agents[0]!.id;
      const refused = await c.call("create_call", { to: "+14155550100", agent_id: agentId });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain(
        "no person can be asked to approve this dial: this HTTP server has no approvers' inbox",
      );
      expect(textOf(refused)).toContain("OUTBOUND_CALLS_CONFIRM=never");
      // It already runs over HTTP: the way out is the inbox's token, not "run it with --http" (issue 23, item 7).
      expect(textOf(refused)).toContain(
        "set OUTBOUND_CALLS_APPROVER_TOKEN so that approvers decide in its inbox at /approvals",
      );
      expect(textOf(refused)).not.toContain("--http");
      const preview = await c.call("create_call", { to: "+14155550100", agent_id: agentId, dry_run: true });
      expect(preview.structuredContent).not.toHaveProperty("confirmation_token");
      const again = await c.call("create_call", {
        to: "+14155550100",
        agent_id: agentId,
        confirmation_token: "anything",
      });
      expect(again.isError).toBe(true);
      expect(textOf(again)).toContain("no person can be asked");
    } finally {
      await c.close();
      expect(await strict.stop()).toBe(0);
    }
  });
});

describe("--http --read-only", () => {
  it("lists only the reading tools", async () => {
    const ro = await spawnHttpServer({
      args: ["--sandbox", "--read-only"],
      env: { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN },
    });
    const c = await connectHttpClient(ro.url);
    try {
      const { tools } = await c.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["list_agents", "list_calls", "get_call", "add_do_not_call"]);
      const refused = await c.call("create_call", { to: "+14155550100", agent_id: "agt_1" });
      expect(refused.isError).toBe(true);
    } finally {
      await c.close();
      expect(await ro.stop()).toBe(0);
    }
  });
});

describe("the safety guards keep their state across stateless requests", () => {
  let guarded: HttpServerProcess;
  beforeAll(async () => {
    guarded = await spawnHttpServer({
      args: ["--sandbox", "--sandbox-speed", "instant"],
      env: {
        OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
        ...DAYTIME,
        OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "2",
        OUTBOUND_CALLS_CONFIRM: "token",
      },
    });
  });
  afterAll(async () => {
    expect(await guarded?.stop()).toBe(0);
  });

  it("says at start that the model holds the token in this mode (weaker)", () => {
    expect(guarded.stderr).toContain("OUTBOUND_CALLS_CONFIRM=token");
    expect(guarded.stderr).not.toContain("UNATTENDED");
  });

  it("a confirmation token from one client's dry run works in another client's request, once", async () => {
    const [a, b] = [await connectHttpClient(guarded.url), await connectHttpClient(guarded.url)];
    try {
      const agentId = ((await a.call("list_agents")).structuredContent as { agents: Array<{ id: string }> }).agents[0]!
        .id;
      const dial = { to: "+14155550100", agent_id: agentId };
      const dry = await a.call("create_call", { ...dial, dry_run: true });
      expect(dry.isError, textOf(dry)).toBeFalsy();
      const token = (dry.structuredContent as { confirmation_token?: string }).confirmation_token;
      expect(token).toMatch(/\./);

      const placed = await b.call("create_call", { ...dial, confirmation_token: token });
      expect(placed.isError, textOf(placed)).toBeFalsy();
      // Repeated at once: the duplicate memory (shared too) answers with the first call and dials nothing.
      const again = await a.call("create_call", { ...dial, confirmation_token: token });
      expect(again.structuredContent).toMatchObject({ deduplicated: true });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("the per-hour cap counts the dials of every request and client", async () => {
    const c = await connectHttpClient(guarded.url);
    try {
      const agentId = ((await c.call("list_agents")).structuredContent as { agents: Array<{ id: string }> }).agents[0]!
        .id;
      const dialWithToken = async (to: string) => {
        const dry = await c.call("create_call", { to, agent_id: agentId, dry_run: true });
        const token = (dry.structuredContent as { confirmation_token?: string } | undefined)?.confirmation_token;
        return token ? c.call("create_call", { to, agent_id: agentId, confirmation_token: token }) : dry;
      };
      // One dial was placed by the previous test (another client); the cap is 2.
      expect((await dialWithToken("+14155550101")).isError).toBeFalsy();
      const third = await dialWithToken("+14155550102");
      expect(third.isError).toBe(true);
      expect(textOf(third)).toContain("OUTBOUND_CALLS_MAX_DIALS_PER_HOUR");
    } finally {
      await c.close();
    }
  });
});
