/**
 * A POST is retried only when it provably never reached the service, and then
 * with the same Idempotency-Key. A refused connection sends no bytes, so the
 * upstream cannot see the first attempt: undici's `request` is wrapped to
 * record every attempt's headers and to refuse the first ones, while the
 * server runs in-process behind a real MCP client (InMemoryTransport).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { loadConfig } from "../../src/config/env.js";
import { createServer, type OutboundCallsServer } from "../../src/mcp/server.js";
import { defaultHandler, startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { textOf } from "../helpers/server-process.js";
import { envFor, GUARDS_OFF, posts } from "../helpers/guards.js";

const state = vi.hoisted(() => ({
  attempts: [] as Array<{ method: string; path: string; key: string | undefined; refused: boolean }>,
  refusePosts: 0,
}));

// The client sends through its dispatcher's own request (src/service/transport/attempt.ts): a refused connection is
// made there, before anything is written.
vi.mock("undici", async (importOriginal) => {
  const real = await importOriginal<typeof import("undici")>();
  const original = real.Dispatcher.prototype.request;
  const request = function (this: InstanceType<typeof real.Dispatcher>, options: Parameters<typeof original>[0]) {
    const headers = (options?.headers ?? {}) as Record<string, string>;
    const attempt = {
      method: String(options?.method ?? "GET"),
      path: String(options.path).split("?")[0]!,
      key: headers["idempotency-key"],
      refused: false,
    };
    state.attempts.push(attempt);
    if (attempt.method === "POST" && state.refusePosts > 0) {
      state.refusePosts--;
      attempt.refused = true;
      return Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1"), { code: "ECONNREFUSED" }));
    }
    return original.call(this, options);
  };
  real.Dispatcher.prototype.request = request as typeof original;
  return real;
});

let upstream: FakeUpstream;
let server: OutboundCallsServer;
let client: Client;
const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  // In process there is nobody to approve: unattended (test/e2e/approval-* cover who approves).
  const env = envFor(upstream, {
    ...GUARDS_OFF,
    OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600",
    OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "2",
    OUTBOUND_CALLS_CONFIRM: "never",
  });
  server = createServer(loadConfig(env as NodeJS.ProcessEnv));
  client = new Client({ name: "in-process-test", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([client.connect(clientSide), server.mcp.connect(serverSide)]);
});
afterAll(async () => {
  await client?.close();
  await server?.close();
  await upstream?.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
  upstream.handle(defaultHandler);
  state.attempts.length = 0;
  state.refusePosts = 0;
});

describe("a POST whose connection was refused", () => {
  it("is retried with the same Idempotency-Key and reaches the service exactly once", async () => {
    state.refusePosts = 1;
    const result = await call("create_call", { to: "+14155552671", agent_id: "agt_1" });
    expect(result.isError).toBeFalsy();
    const postAttempts = state.attempts.filter((a) => a.method === "POST");
    expect(postAttempts.map((a) => a.refused)).toEqual([true, false]);
    expect(postAttempts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(postAttempts[1]!.key).toBe(postAttempts[0]!.key);
    expect(posts(upstream)).toHaveLength(1);
    expect(posts(upstream)[0]!.headers["idempotency-key"]).toBe(postAttempts[0]!.key);
  });

  it("refused on every attempt: nothing was sent, nothing is remembered or counted, and a later retry dials", async () => {
    state.refusePosts = 3;
    const failed = await call("create_call", { to: "+14155552672", agent_id: "agt_1" });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toContain("could not be reached (ECONNREFUSED). Nothing was sent, so nothing was dialed");
    const keys = new Set(state.attempts.filter((a) => a.method === "POST").map((a) => a.key));
    expect(state.attempts.filter((a) => a.method === "POST")).toHaveLength(3);
    expect(keys.size).toBe(1);
    expect(posts(upstream)).toHaveLength(0);

    // Not remembered by the dedupe window, and not counted: the per-hour cap of 2 still has room after the first test.
    const retry = await call("create_call", { to: "+14155552672", agent_id: "agt_1" });
    expect(retry.isError).toBeFalsy();
    expect(retry.structuredContent).not.toHaveProperty("deduplicated");
    expect(posts(upstream)).toHaveLength(1);
  });
});
