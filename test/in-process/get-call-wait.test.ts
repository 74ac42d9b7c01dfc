/**
 * get_call with wait_seconds, in-process through the SDK Client with the real
 * service layer (polls are real HTTP requests: a poll that hangs must be ended by
 * its own deadline): it follows a call to its final status with progress
 * notifications, returns the latest record when the wait ends, outlives the tool
 * call's total deadline (each poll has its own), waits through a failing poll,
 * and stops polling when the client cancels.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { sendJson, startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { startInProcess, type InProcessServer } from "../helpers/in-process.js";
import { GUARDS_OFF_FOR_SHAPE_TESTS, textOf } from "../helpers/server-process.js";
import { pollDelayMs } from "../../src/tools/wait-for-call.js";
import { lagProbe } from "../helpers/machine-lag.js";

type GetCallOutput = {
  call: { id: string; status?: string; outcome?: string };
  final: boolean;
  waited_seconds?: number;
};

describe("against the simulated service (speed 50)", () => {
  let sandbox: Sandbox;
  let server: InProcessServer;
  let agentId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ speed: 50, rateLimit: false });
    server = await startInProcess({
      service: "http",
      env: { OUTBOUND_CALLS_BASE_URL: sandbox.url, ...GUARDS_OFF_FOR_SHAPE_TESTS },
    });
    const agents = await server.call("list_agents");
    agentId = (agents.structuredContent as { agents: { id: string }[] }).agents[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
  });

  const dial = async (to: string) => {
    const created = await server.call("create_call", { to, agent_id: agentId });
    expect(created.isError, textOf(created)).toBeFalsy();
    return (created.structuredContent as { call: { id: string } }).call.id;
  };

  it("follows an answered call to completed, with progress notifications naming the status", async () => {
    const id = await dial("+14155550100");
    const progress: Progress[] = [];
    const result = (await server.client.callTool(
      { name: "get_call", arguments: { call_id: id, wait_seconds: 30 } },
      undefined,
      {
        onprogress: (p) => progress.push(p),
      },
    )) as CallToolResult;
    const out = result.structuredContent as GetCallOutput;
    expect(result.isError).toBeFalsy();
    expect(out.final).toBe(true);
    expect(out.call.status).toBe("completed");
    expect(out.call.outcome).toBe("appointment_confirmed");
    // It waited, and ended because the call became final (the wait of 30 s would end it "Still in progress").
    expect(out.waited_seconds).toBeGreaterThan(0);
    expect(textOf(result)).toContain("completed");
    expect(textOf(result)).not.toContain("Still in progress");
    // The final notification may arrive after the answer (typescript-sdk#2580): only the earlier ones are checked.
    expect(progress.length).toBeGreaterThanOrEqual(1);
    for (const p of progress) {
      expect(p.total).toBe(30);
      expect(p.message).toMatch(/^status: (queued|ringing|in_progress|completed)/);
    }
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.progress).toBeGreaterThan(progress[i - 1]!.progress);
  });

  // A wait of 60 s is twice the test's timeout: these return because they stop waiting, not because the wait ran out.
  it("ends as soon as a busy call is final", async () => {
    const id = await dial("+14155550102");
    const result = await server.call("get_call", { call_id: id, wait_seconds: 60 });
    expect((result.structuredContent as GetCallOutput).call.status).toBe("busy");
    expect((result.structuredContent as GetCallOutput).final).toBe(true);
    expect(textOf(result)).not.toContain("Still in progress");
  });

  it("a first read that fails is the answer at once (no waiting on a wrong id)", async () => {
    sandbox.clearRequests();
    const result = await server.call("get_call", { call_id: "call_does_not_exist", wait_seconds: 60 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Not found \(HTTP 404\): call call_does_not_exist/);
    // One read, no polling.
    expect(sandbox.requests.filter((r) => r.path.endsWith("/calls/call_does_not_exist"))).toHaveLength(1);
  });

  it.each([[601], [-1], [1.5], ["10"]])("refuses wait_seconds %j before any request", async (wait) => {
    sandbox.clearRequests();
    const result = await server.call("get_call", { call_id: "call_x", wait_seconds: wait });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Input validation error/);
    expect(result.structuredContent).toBeUndefined();
    expect(sandbox.requests).toHaveLength(0);
  });
});

describe("against a scripted service", () => {
  let upstream: FakeUpstream;
  let server: InProcessServer;
  /** GET /calls/{id} requests, with the time each arrived. */
  let polls: number[];

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    // The total deadline of a tool call is 1 s here: a wait must outlive it.
    server = await startInProcess({
      service: "http",
      env: { OUTBOUND_CALLS_BASE_URL: upstream.url, OUTBOUND_CALLS_TIMEOUT_MS: "1000" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await upstream?.close();
  });
  beforeEach(() => {
    polls = [];
    upstream.requests.length = 0;
  });

  /** Answers the call as ringing until `finalAfterMs` after the first poll, then completed. */
  const script = (finalAfterMs: number, hangOnPoll?: number) => {
    let first: number | undefined;
    upstream.handle((req, res) => {
      const now = Date.now();
      first ??= now;
      polls.push(now);
      if (hangOnPoll !== undefined && polls.length === hangOnPoll) return; // never answers: the poll's own deadline ends it
      const done = now - first >= finalAfterMs;
      sendJson(res, 200, { data: { id: "call_s1", status: done ? "completed" : "ringing", to: "+14155550100" } });
    });
  };

  it("outlives the tool call's total deadline: each poll has its own", async () => {
    script(2_500);
    const started = Date.now();
    const result = await server.call("get_call", { call_id: "call_s1", wait_seconds: 10 });
    const elapsed = Date.now() - started;
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as GetCallOutput).call.status).toBe("completed");
    expect(elapsed).toBeGreaterThan(2_500);
    // Backoff: polls at about 0, 1 s, 3 s.
    expect(polls).toHaveLength(3);
    expect(polls[1]! - polls[0]!).toBeGreaterThanOrEqual(900);
    expect(polls[2]! - polls[1]!).toBeGreaterThanOrEqual(1_900);
    expect(upstream.requests.every((r) => r.method === "GET" && r.path === "/api/v1/calls/call_s1")).toBe(true);
  });

  it("returns the latest record, not final, when the wait ends", async () => {
    script(60_000);
    const probe = lagProbe();
    const started = Date.now();
    const result = await server.call("get_call", { call_id: "call_s1", wait_seconds: 2 });
    const elapsed = Date.now() - started;
    const lagMs = probe.stop();
    const out = result.structuredContent as GetCallOutput;
    expect(result.isError).toBeFalsy();
    expect(out.final).toBe(false);
    expect(out.call.status).toBe("ringing");
    expect(out.waited_seconds).toBeGreaterThanOrEqual(1.9);
    expect(textOf(result)).toMatch(
      /Still in progress after waiting 2 s \(status ringing\): call get_call again with wait_seconds/,
    );
    // One last poll at the end of the wait, then the answer: bounded by wait_seconds plus one request.
    expect(elapsed).toBeGreaterThanOrEqual(1_900);
    expect(elapsed - lagMs).toBeLessThan(3_500);
    expect(polls).toHaveLength(3);
  });

  it("waits through a poll that hangs past its own deadline", async () => {
    script(2_000, 2);
    const result = await server.call("get_call", { call_id: "call_s1", wait_seconds: 15 });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as GetCallOutput).call.status).toBe("completed");
    expect(polls.length).toBeGreaterThanOrEqual(3);
  });

  it("stops polling when the client cancels", async () => {
    script(60_000);
    const controller = new AbortController();
    const pending = server.client.callTool(
      { name: "get_call", arguments: { call_id: "call_s1", wait_seconds: 600 } },
      undefined,
      {
        signal: controller.signal,
      },
    );
    await new Promise((r) => setTimeout(r, 1_500));
    controller.abort();
    await expect(pending).rejects.toThrow();
    const atCancel = polls.length;
    expect(atCancel).toBe(2); // at 0 s and 1 s; the next would be at 3 s
    await new Promise((r) => setTimeout(r, 2_500));
    expect(polls.length).toBe(atCancel);
    // The server is still fine after a cancelled wait.
    script(0);
    const after = await server.call("get_call", { call_id: "call_s1" });
    expect((after.structuredContent as GetCallOutput).final).toBe(true);
  });

  it("sends no progress notification when the client did not ask for progress", async () => {
    script(1_500);
    const before = server.sent.length;
    await server.call("get_call", { call_id: "call_s1", wait_seconds: 10 });
    const messages = server.sent.slice(before);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.some((m) => "method" in m && m.method === "notifications/progress")).toBe(false);
  });
});

describe("poll backoff", () => {
  it("is 1, 2, 4, 8 s, then every 10 s", () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(pollDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
  });
});
