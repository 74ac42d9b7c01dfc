/**
 * The configurable limits: OUTBOUND_CALLS_MAX_RESPONSE_BYTES cuts an answer one
 * byte past the configured size (and not before), for successes and errors
 * alike; the deadline's default and the connect timeout derived from it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { faults, startFaultServer, type FaultServer } from "../helpers/fault-server.js";
import {
  CANARY_KEY,
  startServer,
  textOf,
  type StartedServer,
  GUARDS_OFF_FOR_FAULT_TESTS,
} from "../helpers/server-process.js";
import { loadConfig } from "../../src/config/env.js";

const LIMIT = 2_048;
let upstream: FaultServer;
let server: StartedServer;

beforeAll(async () => {
  upstream = await startFaultServer();
  server = await startServer({
    env: {
      ...GUARDS_OFF_FOR_FAULT_TESTS,
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_TIMEOUT_MS: "3000",
      OUTBOUND_CALLS_MAX_RESPONSE_BYTES: String(LIMIT),
    },
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});
beforeEach(() => upstream.reset());

/** A JSON agents list of exactly `bytes` bytes. */
function agentsOfSize(bytes: number): string {
  const head = '{"data":[{"id":"agt_1","name":"';
  const tail = '"}]}';
  return head + "x".repeat(bytes - head.length - tail.length) + tail;
}

describe("OUTBOUND_CALLS_MAX_RESPONSE_BYTES", () => {
  it.each([
    [LIMIT, false],
    [LIMIT + 1, true],
    [LIMIT * 4, true],
  ])("a %i-byte answer with a 2 KiB limit: cut off = %s", async (bytes, cut) => {
    upstream.inject(
      { method: "GET", path: "/api/v1/agents" },
      faults.answer(200, agentsOfSize(bytes), { "content-type": "application/json" }),
    );
    const result = await server.call("list_agents");
    if (cut) {
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        /larger than the 2 KiB limit \(OUTBOUND_CALLS_MAX_RESPONSE_BYTES\); it was cut off unread/,
      );
    } else {
      expect(result.isError, textOf(result)).toBeFalsy();
    }
    expect(upstream.requests).toHaveLength(1);
  });

  it("an error answer over the limit is cut too, and not retried", async () => {
    upstream.inject({ method: "GET", path: "/api/v1/agents" }, faults.answer(503, "y".repeat(LIMIT * 2)));
    const result = await server.call("list_agents");
    expect(textOf(result)).toMatch(/larger than the 2 KiB limit/);
    expect(upstream.requests).toHaveLength(1);
  });

  it("a streamed answer without a length is cut near the limit, not read to its end", async () => {
    upstream.inject({ method: "GET", path: "/api/v1/agents" }, faults.huge(32 * 1024 * 1024));
    const result = await server.call("list_agents");
    expect(textOf(result)).toMatch(/larger than the 2 KiB limit/);
    expect(upstream.bytesWritten).toBeLessThan(8 * 1024 * 1024);
  });
});

describe("deadline settings", () => {
  const env = { OUTBOUND_CALLS_API_KEY: "sk_test_x_1234", OUTBOUND_CALLS_BASE_URL: "https://calls.example.com" };

  it("defaults: a 15 s total deadline, a 5 s connect timeout, a 1 MiB answer cap", () => {
    const config = loadConfig(env);
    expect(config.timeoutMs).toBe(15_000);
    expect(config.connectTimeoutMs).toBe(5_000);
    expect(config.maxResponseBytes).toBe(1024 * 1024);
  });

  it.each([1_000, 1_500, 3_000, 15_000, 60_000, 600_000])(
    "the connect timeout is at most half of a %i ms deadline",
    (ms) => {
      const config = loadConfig({ ...env, OUTBOUND_CALLS_TIMEOUT_MS: String(ms) });
      expect(config.timeoutMs).toBe(ms);
      expect(config.connectTimeoutMs).toBeLessThanOrEqual(ms / 2);
    },
  );
});
