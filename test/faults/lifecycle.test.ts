/**
 * The process as a long-lived guest of an AI client: it exits promptly when the
 * client goes away (stdin closes, SIGTERM, SIGINT, stdout breaks), even with
 * requests in flight against a service that hangs; nothing it is sent and no
 * stray error kills it while it serves; errors that escape are logged to stderr
 * without the key.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faults, startFaultServer, type FaultServer } from "../helpers/fault-server.js";
import {
  CANARY_KEY,
  startServer,
  textOf,
  type StartedServer,
  GUARDS_OFF_FOR_FAULT_TESTS,
} from "../helpers/server-process.js";
import { timed } from "../helpers/mcp-logs.js";

const PRELOAD = fileURLToPath(new URL("../helpers/crash-preload.mjs", import.meta.url));
/** The shutdown's own deadline (src/index.ts forces the exit 1 s after stdin closes or a signal) and noise: a bound on a deadline, not a speed. */
const EXIT_WITHIN_MS = 2_000;

let upstream: FaultServer;
beforeAll(async () => {
  upstream = await startFaultServer();
});
afterAll(async () => upstream.close());

async function serverWithCallsInFlight(count = 3): Promise<{ server: StartedServer; calls: Promise<unknown>[] }> {
  upstream.reset();
  upstream.inject({ method: "GET" }, faults.hang());
  // The default 15 s deadline: the calls stay in flight for the whole test.
  const server = await startServer({
    env: { ...GUARDS_OFF_FOR_FAULT_TESTS, OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: upstream.url },
  });
  const calls = Array.from({ length: count }, (_, i) =>
    server.call("get_call", { call_id: `call_${i}` }).catch((e: unknown) => e),
  );
  const t0 = Date.now();
  while (upstream.requests.length < count && Date.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 20));
  expect(upstream.requests).toHaveLength(count);
  return { server, calls };
}

describe("exit with requests in flight against a hanging service", () => {
  it.each([
    ["stdin closes", (s: StartedServer) => s.transport.child!.stdin!.end()],
    ["SIGTERM", (s: StartedServer) => s.transport.child!.kill("SIGTERM")],
    ["SIGINT", (s: StartedServer) => s.transport.child!.kill("SIGINT")],
  ])("%s: exits with code 0 within 2 s", async (_label, stop) => {
    const { server, calls } = await serverWithCallsInFlight();
    const {
      value: exited,
      ms,
      lagMs,
    } = await timed(async () => {
      stop(server);
      return server.transport.waitForExit(5_000);
    });
    expect(exited).toBe(true);
    expect(ms - lagMs).toBeLessThan(EXIT_WITHIN_MS);
    expect(server.transport.exitCode).toBe(0);
    await Promise.all(calls);
    await server.close();
  });

  it("stdout breaks (the client died without closing stdin): exits instead of lingering", async () => {
    const { server } = await serverWithCallsInFlight(1);
    const child = server.transport.child!;
    child.stdout!.destroy();
    // The next thing the server writes hits a closed pipe.
    child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id: 9001, method: "ping" })}\n`);
    const { value: exited, ms, lagMs } = await timed(() => server.transport.waitForExit(5_000));
    expect(exited).toBe(true);
    expect(ms - lagMs).toBeLessThan(EXIT_WITHIN_MS);
    expect(server.transport.stderr).not.toMatch(/uncaught exception/);
  });
});

describe("nothing kills the server while it serves", () => {
  let server: StartedServer;
  beforeAll(async () => {
    upstream.reset();
    server = await startServer({
      env: {
        ...GUARDS_OFF_FOR_FAULT_TESTS,
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: upstream.url,
        OUTBOUND_CALLS_TIMEOUT_MS: "3000",
        NODE_OPTIONS: `--import ${PRELOAD}`,
      },
    });
  });
  afterAll(async () => server.close());

  it("an unhandled rejection and an uncaught exception are logged to stderr without the key, and the server keeps serving", async () => {
    upstream.reset();
    server.transport.child!.kill("SIGUSR2");
    const t0 = Date.now();
    while (!/uncaught exception/.test(server.transport.stderr) && Date.now() - t0 < 5_000)
      await new Promise((r) => setTimeout(r, 20));
    const stderr = server.transport.stderr;
    expect(stderr).toMatch(/outbound-calls-mcp: unhandled rejection: Error: injected rejection with key \[redacted\]/);
    expect(stderr).toMatch(
      /outbound-calls-mcp: uncaught exception: Error: injected exception, Authorization: Bearer \[redacted\]/,
    );
    expect(stderr.includes(CANARY_KEY)).toBe(false);
    const next = await server.call("list_agents");
    expect(next.isError, textOf(next)).toBeFalsy();
    expect(server.transport.exitCode).toBeUndefined();
  });

  it("hostile lines on stdin (not JSON, not JSON-RPC, stray responses, unknown cancellations, 1 MB of junk) are survived", async () => {
    const stdin = server.transport.child!.stdin!;
    for (const line of [
      "this is not json",
      "{",
      "[]",
      "null",
      JSON.stringify({ jsonrpc: "2.0" }),
      JSON.stringify({ jsonrpc: "1.0", id: 1, method: "tools/list" }),
      JSON.stringify({ jsonrpc: "2.0", id: 424242, result: {} }),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 777 } }),
      JSON.stringify({
        jsonrpc: "2.0",
        id: "x",
        method: "tools/call",
        params: { name: "get_call", arguments: "not an object" },
      }),
      JSON.stringify({
        jsonrpc: "2.0",
        id: "y",
        method: "tools/call",
        params: { name: "no_such_tool", arguments: {} },
      }),
      "a".repeat(1024 * 1024),
    ]) {
      stdin.write(`${line}\n`);
    }
    const next = await server.call("get_call", { call_id: "call_1" });
    expect(next.isError, textOf(next)).toBeFalsy();
    expect(server.transport.exitCode).toBeUndefined();
  });

  it("a request the client cancels stops its upstream request at once", async () => {
    upstream.reset();
    upstream.inject({ method: "GET" }, faults.hang());
    let closedAt = 0;
    upstream.inject({ method: "GET" }, (ctx) => {
      ctx.onClose(() => {
        closedAt = performance.now();
      });
      return faults.hang()(ctx);
    });
    const controller = new AbortController();
    const call = server.client
      .callTool({ name: "list_agents", arguments: {} }, undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    const t0 = Date.now();
    while (upstream.requests.length < 1 && Date.now() - t0 < 3_000) await new Promise((r) => setTimeout(r, 10));
    const cancelledAt = performance.now();
    controller.abort("user pressed stop");
    await call;
    while (!closedAt && performance.now() - cancelledAt < 2_000) await new Promise((r) => setTimeout(r, 10));
    expect(closedAt, "the upstream socket was not closed").toBeGreaterThan(0);
    expect(closedAt - cancelledAt).toBeLessThan(1_000);
    // And the next call is served.
    upstream.reset();
    const next = await server.call("list_agents");
    expect(next.isError, textOf(next)).toBeFalsy();
  });
});
