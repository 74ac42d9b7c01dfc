/**
 * End to end: the built server over stdio, driven by the SDK Client, against a
 * recording upstream on 127.0.0.1. Asserts the exact requests sent, the answers,
 * and that refusals send nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AGENTS, defaultHandler, sendJson, startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { CANARY_KEY, GUARDS_OFF_FOR_SHAPE_TESTS, startServer, textOf, type StartedServer } from "../helpers/server-process.js";
import { VERSION } from "../../src/config/version.js";

let upstream: FakeUpstream;
let server: StartedServer;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await startServer({
    env: {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_TIMEOUT_MS: "5000",
      ...GUARDS_OFF_FOR_SHAPE_TESTS,
    },
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
  upstream.handle(defaultHandler);
});

const baseHeaders = () => ({
  authorization: `Bearer ${CANARY_KEY}`,
  accept: "application/json",
  "user-agent": `outbound-calls-mcp/${VERSION}`,
});

describe("list_agents", () => {
  it("sends GET /api/v1/agents with the contract's headers and lists the agents", async () => {
    const result = await server.call("list_agents");
    expect(result.isError).toBeFalsy();
    expect(upstream.requests).toHaveLength(1);
    const req = upstream.requests[0]!;
    expect(req.method).toBe("GET");
    expect(req.path).toBe("/api/v1/agents");
    expect(req.query).toEqual({});
    expect(req.headers).toMatchObject(baseHeaders());
    expect(req.headers["content-type"]).toBeUndefined();
    expect(req.headers["idempotency-key"]).toBeUndefined();
    expect(result.structuredContent).toEqual({ agents: AGENTS, count: 2 });
    expect(textOf(result)).toContain("agt_1 — Ava");
  });

  it("reads a bare array with agent_id and keeps unknown fields", async () => {
    upstream.handle((_req, res) => sendJson(res, 200, [{ agent_id: "a-9", name: "Zed", voice: "calm", extra: { x: 1 } }]));
    const result = await server.call("list_agents");
    expect(result.structuredContent).toEqual({ agents: [{ id: "a-9", name: "Zed", voice: "calm", extra: { x: 1 } }], count: 1 });
  });
});

describe("list_calls", () => {
  it("sends the filters given, limit always, page only when given", async () => {
    await server.call("list_calls", { status: "completed", agent_id: "agt_1", date_from: "2026-11-21", date_to: "2026-11-21T23:59:59Z" });
    expect(upstream.requests[0]!.path).toBe("/api/v1/calls");
    expect(upstream.requests[0]!.query).toEqual({
      status: "completed",
      agent_id: "agt_1",
      date_from: "2026-11-21",
      date_to: "2026-11-21T23:59:59Z",
      limit: "20",
    });
    await server.call("list_calls", { campaign_id: "cmp_1", page: 3, limit: 50 });
    expect(upstream.requests[1]!.query).toEqual({ campaign_id: "cmp_1", page: "3", limit: "50" });
  });

  it("reports next_page from has_more, meta or totals, and leaves transcripts out", async () => {
    upstream.handle((_req, res) =>
      sendJson(res, 200, {
        calls: [{ call_id: "c1", status: "completed", to: "+14155552671", transcript: [{ speaker: "agent", text: "hi" }], custom: 1 }],
        pagination: { page: 2, per_page: 1, total: 5 },
      }),
    );
    const result = await server.call("list_calls", { page: 2, limit: 1 });
    expect(result.structuredContent).toMatchObject({ count: 1, page: 2, next_page: 3, total: 5 });
    const calls = (result.structuredContent as { calls: Record<string, unknown>[] }).calls;
    expect(calls[0]).toEqual({ id: "c1", status: "completed", to: "+14155552671", transcript_available: true, custom: 1 });
    expect(textOf(result)).toContain("page=3");
  });

  it("refuses bad filters without a request", async () => {
    for (const args of [
      { status: "Completed!" },
      { date_from: "21/11/2026" },
      { date_from: "2026-11-22", date_to: "2026-11-21" },
      { limit: 101 },
      { page: 0 },
      { agent_id: "../x" },
      { unknown_filter: "x" },
    ]) {
      const result = await server.call("list_calls", args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(result.structuredContent).toBeUndefined();
    }
    expect(upstream.requests).toHaveLength(0);
  });
});

describe("create_call", () => {
  it("checks the agent, then POSTs the normalized request with an Idempotency-Key", async () => {
    const result = await server.call("create_call", {
      to: " +1 (415) 555-2671 ",
      agent_id: "agt_1",
      contact_name: "  Dana Lee ",
      company_name: "Acme",
      metadata: [
        { key: "service_type", value: "reminder" },
        { key: "n", value: 1 },
      ],
    });
    expect(result.isError).toBeFalsy();
    expect(upstream.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/v1/agents", "POST /api/v1/calls"]);
    const post = upstream.requests[1]!;
    expect(post.headers).toMatchObject({ ...baseHeaders(), "content-type": "application/json" });
    expect(post.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.json).toEqual({
      to: "+14155552671",
      agent_id: "agt_1",
      contact_name: "Dana Lee",
      company_name: "Acme",
      metadata: { service_type: "reminder", n: 1 },
    });
    expect(result.structuredContent).toMatchObject({ call: { id: "call_1", status: "queued" }, to_international: "+1 415 555 2671", country: "US", agent_name: "Ava" });
    expect(textOf(result)).toContain("Call placed: call_1");
  });

  it("uses a new Idempotency-Key per tool call and caches the agent list", async () => {
    await server.call("create_call", { to: "+14155552671", agent_id: "agt_1" });
    await server.call("create_call", { to: "+14155552672", agent_id: "agt_2" });
    const posts = upstream.requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers["idempotency-key"]).not.toBe(posts[1]!.headers["idempotency-key"]);
    expect(upstream.requests.filter((r) => r.path === "/api/v1/agents").length).toBeLessThanOrEqual(1);
  });

  it.each([
    ["text around the number", { to: "call me at +14155552671" }, "to"],
    ["no country code", { to: "4155552671" }, "+1 415 555 2671"],
    ["an extension", { to: "+14155552671 ext. 12" }, "extension"],
    ["premium rate", { to: "+19005550123" }, "premium-rate"],
    ["no country", { to: "+979123456789" }, "no country"],
    ["invalid", { to: "+1415555" }, "to"],
    ["a control character in the name", { contact_name: "Dana\u202Eevil" }, "contact_name"],
    ["an unknown argument", { priority: "high" }, "priority"],
    ["a bad agent id", { agent_id: "agt 1" }, "agent_id"],
    ["nested metadata", { metadata: [{ key: "a", value: { b: 1 } }] }, "metadata"],
    ["metadata as a flat object", { metadata: { service_type: "x" } }, "metadata"],
    ["the same metadata key twice", { metadata: [{ key: "a", value: 1 }, { key: "a", value: 2 }] }, "given twice"],
  ])("refuses %s and sends nothing", async (_label, patch, mention) => {
    const result = await server.call("create_call", { to: "+14155552671", agent_id: "agt_1", ...patch });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toContain(mention);
    expect(upstream.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("refuses an agent the key does not have, listing the ones it has", async () => {
    const result = await server.call("create_call", { to: "+14155552671", agent_id: "agt_other" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("agt_1 (Ava), agt_2 (Ben)");
    expect(upstream.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });
});

describe("get_call", () => {
  it("GETs /calls/{id} and shows result fields with the transcript fenced", async () => {
    upstream.handle((_req, res) =>
      sendJson(res, 200, {
        call: {
          id: "call_9",
          status: "completed",
          duration_seconds: 61,
          outcome: "answered",
          summary: "Confirmed the appointment.",
          transcript: [
            { speaker: "agent", text: "Hello" },
            { speaker: "contact", text: "Hi" },
          ],
          recording_url: "https://rec.example/1",
          new_field: true,
        },
      }),
    );
    const result = await server.call("get_call", { call_id: "call_9" });
    expect(upstream.requests[0]!.path).toBe("/api/v1/calls/call_9");
    expect(result.structuredContent).toMatchObject({ final: true, call: { id: "call_9", new_field: true, duration_seconds: 61 } });
    const text = textOf(result);
    expect(text).toContain("61 s");
    expect(text).toMatch(/<call-data [0-9a-f]{8} source="transcript">[\s\S]*agent: Hello\ncontact: Hi\n<\/call-data [0-9a-f]{8}>/);
  });

  it.each(["..", "a/b", "%2e%2e", "x".repeat(129), "", "call 1"])("refuses the id %j without a request", async (id) => {
    const result = await server.call("get_call", { call_id: id });
    expect(result.isError).toBe(true);
    expect(upstream.requests).toHaveLength(0);
  });
});

describe("submit_batch", () => {
  const row = (to: string, extra: Record<string, unknown> = {}) => ({ to, agent_id: "agt_1", ...extra });

  it("sends one POST with every row normalized", async () => {
    const result = await server.call("submit_batch", { calls: [row("+1 415 555 2671"), row("+442079460000", { contact_name: "Sam" })] });
    expect(result.isError).toBeFalsy();
    const posts = upstream.requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe("/api/v1/calls/batch");
    expect(posts[0]!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]!.json).toEqual({ calls: [row("+14155552671"), row("+442079460000", { contact_name: "Sam" })] });
    expect(result.structuredContent).toMatchObject({ batch_id: "bat_1", campaign_id: "cmp_1", count: 2, countries: ["GB", "US"] });
  });

  it("names every bad row and sends nothing", async () => {
    const result = await server.call("submit_batch", {
      calls: [row("+14155552671"), row("+19005550123"), row("4155552672"), row("+14155552671")],
    });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain("3 of 4 rows");
    expect(text).toContain("calls[1].to");
    expect(text).toContain("calls[2].to");
    expect(text).toContain("calls[3].to");
    expect(text).toContain("allow_duplicates");
    expect(upstream.requests).toHaveLength(0);
  });

  it("allows duplicates when asked", async () => {
    const result = await server.call("submit_batch", { calls: [row("+14155552671"), row("+1 415 555 2671")], allow_duplicates: true });
    expect(result.isError).toBeFalsy();
    expect(upstream.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("names the rows whose agent is unknown and sends nothing", async () => {
    const result = await server.call("submit_batch", { calls: [row("+14155552671"), { to: "+14155552672", agent_id: "nope" }] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("calls[1].agent_id");
    expect(upstream.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("lists at most 50 problems and counts the rest", async () => {
    const calls = Array.from({ length: 60 }, () => row("+1900555012"));
    const result = await server.call("submit_batch", { calls });
    const text = textOf(result);
    expect(text).toContain("60 of 60 rows");
    expect(text).toContain("calls[49].to");
    expect(text).not.toContain("calls[50].to");
    expect(text).toContain("10 more problems");
    expect(upstream.requests).toHaveLength(0);
  });
});
