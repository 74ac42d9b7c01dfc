/**
 * The same properties as tools-stdio.test.ts, in-process for volume: the server
 * from createServer(config) and the SDK Client over an in-memory transport
 * pair, against a recording fake service on 127.0.0.1. New inputs every run
 * (the seed is printed; FUZZ_SEED replays it, FUZZ_SCALE runs more).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createServer, type OutboundCallsServer } from "../../src/mcp/server.js";
import { loadConfig } from "../../src/config/env.js";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { CANARY_KEY, GUARDS_OFF_FOR_FAULT_TESTS } from "../helpers/server-process.js";
import { fuzzTools, report } from "../helpers/fuzz-runner.js";
import { fuzzSeed, scaled } from "../helpers/fuzz-seed.js";

let upstream: FakeUpstream;
let server: OutboundCallsServer;
let client: Client;
const logged: string[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream();
  const config = loadConfig({
    ...GUARDS_OFF_FOR_FAULT_TESTS,
    OUTBOUND_CALLS_API_KEY: CANARY_KEY,
    OUTBOUND_CALLS_BASE_URL: upstream.url,
    OUTBOUND_CALLS_TIMEOUT_MS: "10000",
  });
  server = createServer(config, { log: (line) => logged.push(line) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: "fuzz", version: "1.0.0" });
  await Promise.all([server.mcp.connect(serverSide), client.connect(clientSide)]);
});
afterAll(async () => {
  await client?.close();
  await server?.close();
  await upstream?.close();
});

it("6,000 generated inputs in-process, new ones every run", async () => {
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const t0 = performance.now();
  const counts = {
    seed: fuzzSeed("test/fuzz/tools-inprocess.test.ts"),
    invalidPerTool: scaled(600),
    callIds: scaled(1_000),
    anything: scaled(2_000),
    timeLimitMs: 60_000,
  };
  const stats = await fuzzTools(call, upstream, counts);
  report("fuzz in-process", stats, performance.now() - t0);
  expect(stats.inputs).toBeGreaterThanOrEqual(5 * counts.invalidPerTool + counts.callIds + counts.anything);
  // No input reached the "internal error" path (a bug of ours), and nothing logged the key.
  expect(logged.filter((l) => l.includes("failed unexpectedly"))).toEqual([]);
  expect(logged.join("\n").includes(CANARY_KEY)).toBe(false);
}, 240_000);
