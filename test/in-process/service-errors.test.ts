/**
 * The error statuses of docs/service-contract.md, in-process with the real service layer
 * against a scripted service on 127.0.0.1: what the model is told for each
 * refusal of the service, with no structuredContent and no key, and how many
 * requests reached the service (a refusal is never retried; a GET's 5xx is).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultHandler, sendJson, startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { startInProcess, type InProcessServer } from "../helpers/in-process.js";
import { CANARY_KEY, GUARDS_OFF_FOR_SHAPE_TESTS, textOf } from "../helpers/server-process.js";

let upstream: FakeUpstream;
let server: InProcessServer;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await startInProcess({
    service: "http",
    env: {
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_TIMEOUT_MS: "4000",
      ...GUARDS_OFF_FOR_SHAPE_TESTS,
      // Every test dials the same number on purpose; an unknown outcome must not make the next one a duplicate.
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
    },
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
});

/** Answers POSTs (and GET /calls/{id}) with the given error; agents stay normal. */
function failWith(status: number, body: unknown, headers: Record<string, string> = {}) {
  upstream.handle((req, res) => {
    if (req.path === "/api/v1/agents") return defaultHandler(req, res, undefined as never);
    if (typeof body === "string") {
      res.writeHead(status, { "content-type": "text/plain", ...headers });
      return void res.end(body);
    }
    sendJson(res, status, body, headers);
  });
}

const dial = () => server.call("create_call", { to: "+14155552671", agent_id: "agt_1" });

describe("refusals of the service reach the model as one specific isError text", () => {
  it.each([
    [
      400,
      { error: { code: "bad_request", message: "to is malformed", field: "to" } },
      /invalid.*field to.*to is malformed/s,
    ],
    [422, { errors: [{ field: "to", message: "not dialable" }] }, /invalid.*to: not dialable/s],
    [401, { error: "unauthorized" }, /API key.*OUTBOUND_CALLS_API_KEY/s],
    [402, { message: "Balance too low" }, /wallet.*top it up.*retrying will not help/s],
    [422, { error: { code: "insufficient_funds", message: "no money" } }, /wallet/],
    [
      403,
      { error: { code: "plan_concurrent_limit", message: "Too many calls at once" } },
      /plan.*Too many calls at once/s,
    ],
    [400, { code: "quota_exceeded", message: "Monthly quota" }, /plan/],
    [409, { error: { code: "conflict", message: "Duplicate request" } }, /conflict.*Duplicate request/s],
    [429, { error: { code: "rate_limited", message: "slow down" } }, /retry in 120 s/],
  ])("HTTP %i %j", async (status, body, expected) => {
    failWith(status, body, status === 429 ? { "retry-after": "120" } : {});
    const result = await dial();
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(expected);
    // A refusal is never retried: one POST.
    expect(upstream.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("404 names the id that was not found", async () => {
    failWith(404, { error: { code: "not_found", message: "nope" } });
    const result = await server.call("get_call", { call_id: "call_missing" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("call call_missing");
    expect(upstream.requests).toHaveLength(1);
  });

  it("a 5xx after a POST is an unknown outcome, never retried", async () => {
    failWith(503, { error: "down" });
    const result = await dial();
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/outcome is unknown.*Do not place it again.*list_calls/s);
    expect(upstream.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("a 5xx on a GET is retried at most twice, then reported", async () => {
    failWith(500, "internal error");
    const result = await server.call("get_call", { call_id: "call_1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/failed \(HTTP 500\)/);
    expect(upstream.requests).toHaveLength(3);
  });

  it("the key is removed from text the service echoes", async () => {
    failWith(422, {
      error: {
        code: "validation_failed",
        message: `header was Authorization: Bearer ${CANARY_KEY} and key ${CANARY_KEY}`,
      },
    });
    const result = await dial();
    expect(textOf(result)).not.toContain(CANARY_KEY);
    expect(textOf(result)).toContain("[redacted]");
  });
});

describe("answers of unexpected shape are upstream faults, never successes", () => {
  it.each([
    ["HTML", "<html><body>Bad gateway</body></html>"],
    ["empty", ""],
    ["truncated JSON", '{"data": {"id": "call_1", "sta'],
  ])("%s on a GET", async (_label, text) => {
    upstream.handle((_req, res) => {
      res.writeHead(200, { "content-type": text.startsWith("<") ? "text/html" : "application/json" });
      res.end(text);
    });
    const result = await server.call("get_call", { call_id: "call_1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/fault of the service/);
  });

  it("JSON of the wrong shape", async () => {
    upstream.handle((_req, res) => sendJson(res, 200, { data: "not a list" }));
    const result = await server.call("list_agents");
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/could not be read/);
  });
});
