/**
 * The core suite against the sandbox as its upstream: the built server in live
 * mode (OUTBOUND_CALLS_BASE_URL = a sandbox on 127.0.0.1) driven over stdio by
 * the SDK Client. The sandbox records every request, so refusals that must send
 * nothing are checked on the peer itself.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import {
  CANARY_KEY,
  GUARDS_OFF_FOR_SHAPE_TESTS,
  startServer,
  textOf,
  type StartedServer,
} from "../helpers/server-process.js";

let sandbox: Sandbox;
let server: StartedServer;
let agentId: string;

const posts = () => sandbox.requests.filter((r) => r.method === "POST");

beforeAll(async () => {
  sandbox = await startSandbox({ speed: "instant", rateLimit: false, startingBalanceCents: 100_000 });
  server = await startServer({
    env: { OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: sandbox.url, ...GUARDS_OFF_FOR_SHAPE_TESTS },
  });
  const agents = await server.call("list_agents");
  agentId = (agents.structuredContent as { agents: { id: string }[] }).agents[0]!.id;
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});
beforeEach(() => sandbox.clearRequests());

describe("every tool against the simulated service", () => {
  it("list_agents: the canary account's agents, asked with the Bearer key", async () => {
    const result = await server.call("list_agents");
    expect(result.isError).toBeFalsy();
    const { agents, count } = result.structuredContent as { agents: { id: string; name: string }[]; count: number };
    expect(count).toBe(3);
    expect(agents.every((a) => a.id && a.name)).toBe(true);
    expect(sandbox.requests).toHaveLength(1);
    expect(sandbox.requests[0]).toMatchObject({ method: "GET", path: "/api/v1/agents", status: 200 });
    expect(sandbox.requests[0]!.headers.authorization).toBe(`Bearer ${CANARY_KEY}`);
  });

  it("create_call then get_call: the normalized request, then the result fields", async () => {
    const created = await server.call("create_call", {
      to: "+1 (415) 555-0100",
      agent_id: agentId,
      contact_name: " Dana Lee ",
      company_name: "Acme Dental",
      metadata: [{ key: "service_type", value: "appointment_reminder" }],
    });
    expect(created.isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({
      path: "/api/v1/calls",
      status: 201,
      body: {
        to: "+14155550100",
        agent_id: agentId,
        contact_name: "Dana Lee",
        company_name: "Acme Dental",
        metadata: { service_type: "appointment_reminder" },
      },
    });
    expect(posts()[0]!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    const id = (created.structuredContent as { call: { id: string } }).call.id;

    const got = await server.call("get_call", { call_id: id });
    const call = (got.structuredContent as { call: Record<string, unknown>; final: boolean }).call;
    expect((got.structuredContent as { final: boolean }).final).toBe(true);
    expect(call).toMatchObject({
      id,
      status: "completed",
      contact_name: "Dana Lee",
      company_name: "Acme Dental",
      metadata: { service_type: "appointment_reminder" },
    });
    for (const field of ["duration_seconds", "outcome", "summary", "transcript", "recording_url", "ended_at"])
      expect(call[field], field).toBeDefined();
    expect(textOf(got)).toMatch(/<call-data [0-9a-f]{8} source="transcript">/);
  });

  it.each([
    ["+14155550102", "busy"],
    ["+14155550103", "no_answer"],
    ["+14155550104", "failed"],
  ])("the test number %s ends %s", async (to, status) => {
    const created = await server.call("create_call", { to, agent_id: agentId });
    const id = (created.structuredContent as { call: { id: string } }).call.id;
    const got = await server.call("get_call", { call_id: id });
    expect((got.structuredContent as { call: { status: string } }).call.status).toBe(status);
  });

  it("submit_batch then list_calls by campaign, with paging", async () => {
    const rows = ["+14155550111", "+14155550112", "+442079460000"].map((to) => ({ to, agent_id: agentId }));
    const batch = await server.call("submit_batch", { calls: rows });
    expect(batch.isError).toBeFalsy();
    const { campaign_id, count } = batch.structuredContent as { campaign_id: string; count: number };
    expect(count).toBe(3);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toEqual({ calls: rows });

    const page1 = await server.call("list_calls", { campaign_id, limit: 2 });
    expect(page1.structuredContent).toMatchObject({ count: 2, page: 1, next_page: 2, total: 3 });
    const page2 = await server.call("list_calls", { campaign_id, limit: 2, page: 2 });
    expect(page2.structuredContent).toMatchObject({ count: 1, page: 2, next_page: null });
    const last = sandbox.requests.at(-1)!;
    expect(last.query).toEqual({ campaign_id, limit: "2", page: "2" });
  });

  it("list_calls filters by status and date", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const result = await server.call("list_calls", { status: "busy", date_from: today, date_to: today });
    const calls = (result.structuredContent as { calls: { status: string }[] }).calls;
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.status === "busy")).toBe(true);
  });
});

describe("refusals send nothing to the service", () => {
  it.each([
    ["a premium-rate number", "+19005550123"],
    ["a number without its country code", "4155550100"],
    ["a shared-cost number", "+33810123456"],
  ])("create_call with %s", async (_label, to) => {
    const result = await server.call("create_call", { to, agent_id: agentId });
    expect(result.isError).toBe(true);
    expect(sandbox.requests).toHaveLength(0);
  });

  it("a batch with one bad row", async () => {
    const result = await server.call("submit_batch", {
      calls: [
        { to: "+14155550100", agent_id: agentId },
        { to: "+19005550123", agent_id: agentId },
      ],
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("calls[1].to");
    expect(sandbox.requests).toHaveLength(0);
  });

  it("an agent of another account is refused locally", async () => {
    const other = await fetch(`${sandbox.url}/api/v1/agents`, {
      headers: { authorization: "Bearer sk_test_someone_else" },
    });
    const foreign = ((await other.json()) as { data: { id: string }[] }).data[0]!.id;
    sandbox.clearRequests();
    const result = await server.call("create_call", { to: "+14155550100", agent_id: foreign });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("not an agent of this API key");
    expect(posts()).toHaveLength(0);
  });

  it("a call of another account is not found", async () => {
    const created = await fetch(`${sandbox.url}/api/v1/agents`, {
      headers: { authorization: "Bearer sk_test_someone_else" },
    });
    const foreignAgent = ((await created.json()) as { data: { id: string }[] }).data[0]!.id;
    const call = await fetch(`${sandbox.url}/api/v1/calls`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_someone_else", "content-type": "application/json" },
      body: JSON.stringify({ to: "+14155550100", agent_id: foreignAgent }),
    });
    const foreignCall = ((await call.json()) as { data: { id: string } }).data.id;
    const result = await server.call("get_call", { call_id: foreignCall });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(`call ${foreignCall}`);
  });
});

describe("the service's own checks, as the model sees them", () => {
  it("wallet: 402 with nothing dialed", async () => {
    const poor = await startSandbox({ speed: "instant", rateLimit: false, startingBalanceCents: 10 });
    const s = await startServer({
      env: { OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: poor.url, ...GUARDS_OFF_FOR_SHAPE_TESTS },
    });
    try {
      const agents = await s.call("list_agents");
      const id = (agents.structuredContent as { agents: { id: string }[] }).agents[0]!.id;
      const result = await s.call("create_call", { to: "+14155550100", agent_id: id });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/wallet cannot pay.*insufficient_funds.*retrying will not help/s);
    } finally {
      await s.close();
      await poor.close();
    }
  });

  it("plan: 403 with the plan code, and rate limit: 429 with the wait", async () => {
    const strict = await startSandbox({
      speed: 1,
      maxConcurrentCalls: 1,
      rateLimit: { requests: 3, windowMs: 60_000 },
    });
    const s = await startServer({
      env: {
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: strict.url,
        OUTBOUND_CALLS_TIMEOUT_MS: "3000",
        ...GUARDS_OFF_FOR_SHAPE_TESTS,
      },
    });
    try {
      const agents = await s.call("list_agents");
      const id = (agents.structuredContent as { agents: { id: string }[] }).agents[0]!.id;
      expect((await s.call("create_call", { to: "+14155550100", agent_id: id })).isError).toBeFalsy();
      const plan = await s.call("create_call", { to: "+14155550109", agent_id: id });
      expect(textOf(plan)).toMatch(/plan does not allow.*plan_concurrent_limit/s);
      // The window is spent: a GET is answered 429; its Retry-After does not fit the 3 s deadline, so the wait is reported.
      const limited = await s.call("list_calls", {});
      expect(limited.isError).toBe(true);
      expect(textOf(limited)).toMatch(/Rate limited by the service; retry in \d+ s/);
    } finally {
      await s.close();
      await strict.close();
    }
  });
});

describe("--sandbox mode", () => {
  it("starts its own simulated service and says so in every answer", async () => {
    const s = await startServer({ args: ["--sandbox", "--sandbox-speed", "instant"] });
    try {
      const agents = await s.call("list_agents");
      expect(textOf(agents)).toMatch(/^\[SANDBOX: simulated service, no real call was placed/);
      expect(agents.structuredContent).toMatchObject({ sandbox: true });
      const refused = await s.call("create_call", { to: "+19005550123", agent_id: "x" });
      expect(textOf(refused)).toMatch(/^\[SANDBOX/);
      expect(s.transport.stderr).toContain("sandbox mode");
    } finally {
      await s.close();
    }
  });
});

/** Servers the calling-hours tests start, closed after the file. */
const servers: StartedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe("--sandbox: the first try works at any hour, and the guard can still be tried", () => {
  /** A sandbox server whose guards' clock starts at 07:00 in San Francisco (night for the default window). */
  async function sandboxAt(extra: Record<string, string> = {}) {
    const server = await startServer({
      args: ["--sandbox", "--sandbox-speed", "instant"],
      env: { OUTBOUND_CALLS_TEST_NOW: "2026-11-21T15:00:00Z", ...extra },
    });
    servers.push(server);
    const agents = (await server.call("list_agents")).structuredContent as { agents: { id: string }[] };
    return { server, agentId: agents.agents[0]!.id };
  }

  it("with OUTBOUND_CALLS_CALLING_HOURS unset, a dial at 07:00 local time goes through (calling hours off in the sandbox)", async () => {
    const { server, agentId } = await sandboxAt();
    const dry = await server.call("create_call", { to: "+14155550100", agent_id: agentId, dry_run: true });
    expect(dry.structuredContent).toMatchObject({ checks: expect.arrayContaining(["calling hours: off"]) });
    const result = await server.call("create_call", { to: "+14155550100", agent_id: agentId });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toContain("Call placed");
  });

  it("with OUTBOUND_CALLS_CALLING_HOURS set, the sandbox refuses the same dial as a live server would", async () => {
    const { server, agentId } = await sandboxAt({ OUTBOUND_CALLS_CALLING_HOURS: "08:00-21:00" });
    const result = await server.call("create_call", { to: "+14155550100", agent_id: agentId });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(
      "Refused by calling hours (OUTBOUND_CALLS_CALLING_HOURS=08:00-21:00, in the callee's local time)",
    );
  });
});
