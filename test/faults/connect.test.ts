/**
 * A service that is down (connection refused) or unreachable (connection attempts
 * never answered). Nothing reached the service, so a GET and a POST may both be
 * retried, a POST always with the same Idempotency-Key; the answer comes within
 * the deadline and says that nothing was dialed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startFaultServer, type FaultServer } from "../helpers/fault-server.js";
import { startBlackhole, type Blackhole } from "../helpers/blackhole.js";
import {
  CANARY_KEY,
  startServer,
  textOf,
  type StartedServer,
  GUARDS_OFF_FOR_FAULT_TESTS,
} from "../helpers/server-process.js";
import { collectLogs, timed } from "../helpers/mcp-logs.js";
import { sendJson } from "../helpers/fake-upstream.js";

const NOISE_MS = 1_000;
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn().catch(() => undefined);
});

async function mcpFor(url: string, deadlineMs: number): Promise<StartedServer> {
  const server = await startServer({
    env: {
      ...GUARDS_OFF_FOR_FAULT_TESTS,
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: url,
      OUTBOUND_CALLS_TIMEOUT_MS: String(deadlineMs),
    },
  });
  cleanup.push(() => server.close());
  // Attempts are observed through the per-request debug lines, sent only once a client asks for debug.
  await server.client.setLoggingLevel("debug");
  return server;
}

const keyOf = (line: string) => /idempotency key ([0-9a-f-]{36})/.exec(line)?.[1];

/** A service that answered once (so create_call's agent check is cached), then went down. */
async function serviceThatWentDown(deadlineMs: number): Promise<{ server: StartedServer; port: number }> {
  const upstream = await startFaultServer();
  const server = await mcpFor(upstream.url, deadlineMs);
  // The service closes that connection once it answered, and the test waits until the server's pool has closed its
  // end too: otherwise a request could still be written on the pooled socket before the server saw it go (in flight,
  // not refused: an unknown outcome for a POST), which depends on how busy the machine is.
  let poolClosed!: () => void;
  const closed = new Promise<void>((resolve) => (poolClosed = resolve));
  upstream.inject({ method: "GET", path: "/api/v1/agents" }, async (ctx) => {
    await ctx.readBody();
    sendJson(ctx.res, 200, { data: [{ id: "agt_1", name: "Ava" }] });
    ctx.res.on("finish", () => ctx.socket.end());
    ctx.socket.once("close", () => poolClosed());
  });
  const agents = await server.call("list_agents");
  expect(agents.isError, textOf(agents)).toBeFalsy();
  await closed;
  await upstream.close();
  return { server, port: upstream.port };
}

describe("connection refused (the service is down)", () => {
  it("a GET is retried twice, then reported within the deadline", async () => {
    const { server } = await serviceThatWentDown(1_500);
    const logs = collectLogs(server.client);
    const { value: result, ms, lagMs } = await timed(() => server.call("get_call", { call_id: "call_1" }));
    expect(textOf(result)).toMatch(/^The calling service could not be reached \(ECONNREFUSED\)\. Try again later\./);
    expect(logs.attempts("GET").map((l) => /attempt (\d)/.exec(l.data)?.[1])).toEqual(["1", "2", "3"]);
    expect(ms - lagMs).toBeLessThan(1_500);
  });

  it("a POST is retried twice with the same Idempotency-Key, and the answer says nothing was dialed", async () => {
    // A deadline with room for both waits (125-250 ms, then 250-500 ms) even on a busy machine.
    const { server } = await serviceThatWentDown(3_000);
    const logs = collectLogs(server.client);
    const {
      value: result,
      ms,
      lagMs,
    } = await timed(() => server.call("create_call", { to: "+14155552671", agent_id: "agt_1" }));
    const text = textOf(result);
    expect(text).toMatch(/could not be reached \(ECONNREFUSED\)\. Nothing was sent, so nothing was dialed/);
    expect(text).not.toMatch(/unknown/);
    const posts = logs.attempts("POST");
    expect(posts).toHaveLength(3);
    const keys = posts.map((l) => keyOf(l.data));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(ms - lagMs).toBeLessThan(3_000);
  });

  it("a POST refused twice reaches the service on its third attempt with the key of the first", async () => {
    const { server, port } = await serviceThatWentDown(5_000);
    const logs = collectLogs(server.client);
    const call = server.call("create_call", { to: "+14155552671", agent_id: "agt_1" });
    // The service comes back during the wait before the third attempt (250-500 ms).
    await logs.waitFor((l) => /^POST .* failed \(ECONNREFUSED\) .*attempt 2/.test(l.data));
    const back = await startFaultServer({ port });
    cleanup.push(() => back.close());
    const result = await call;
    expect(result.isError, textOf(result)).toBeFalsy();
    const refused = logs.attempts("POST").filter((l) => l.data.includes("ECONNREFUSED"));
    expect(refused).toHaveLength(2);
    const received = back.requests.filter((r) => r.method === "POST");
    expect(received).toHaveLength(1);
    expect(received[0]!.idempotencyKey).toBe(keyOf(refused[0]!.data));
    expect(received[0]!.idempotencyKey).toBe(keyOf(refused[1]!.data));
  });
});

describe("connection attempts never answered (connect timeout)", () => {
  let hole: Blackhole;

  async function mcpForBlackhole(deadlineMs: number): Promise<StartedServer> {
    hole = await startBlackhole();
    cleanup.push(() => hole.close());
    return mcpFor(hole.url, deadlineMs);
  }

  it("a GET gives up by the deadline; the connect timeout is well under it", async () => {
    const server = await mcpForBlackhole(2_000);
    const logs = collectLogs(server.client);
    const { value: result, ms, lagMs } = await timed(() => server.call("list_agents"));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/could not be reached|connection was never made/);
    expect(ms - lagMs).toBeLessThan(2_000 + NOISE_MS);
    const first = logs.attempts("GET")[0]!;
    expect(first.data).toMatch(/failed \(UND_ERR_CONNECT_TIMEOUT\)/);
    // Connect timeout: a third of the deadline (667 ms here; undici's coarse timer adds up to 0.5 s), so there is room
    // for a retry: the first attempt ends well before the deadline, and a second one is made within it.
    const latency = Number(/in (\d+) ms/.exec(first.data)?.[1]);
    expect(latency).toBeLessThan(2_000 - 300);
    expect(logs.attempts("GET").length).toBeGreaterThanOrEqual(2);
  });

  it("a POST is retried with the same key and reported as not sent, by the deadline", async () => {
    // The service answers the agent check, then its port stops answering connection attempts.
    // A deadline with room for a second attempt after the first connect timeout (a third of it) even on a busy machine.
    const { server, port } = await serviceThatWentDown(6_000);
    hole = await startBlackhole(port);
    cleanup.push(() => hole.close());
    const logs = collectLogs(server.client);
    const {
      value: result,
      ms,
      lagMs,
    } = await timed(() => server.call("create_call", { to: "+14155552671", agent_id: "agt_1" }));
    const text = textOf(result);
    expect(result.isError).toBe(true);
    expect(text).toMatch(/Nothing was sent, so nothing was dialed/);
    expect(text).not.toMatch(/unknown/);
    expect(ms - lagMs).toBeLessThan(6_000 + NOISE_MS);
    const posts = logs.attempts("POST");
    expect(posts[0]!.data).toMatch(/failed \(UND_ERR_CONNECT_TIMEOUT\)/);
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(posts.map((l) => keyOf(l.data))).size).toBe(1);
  });
});
