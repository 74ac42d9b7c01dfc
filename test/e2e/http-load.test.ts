/**
 * A bounded run of the HTTP load test (bench/http-load.mjs): 10 concurrent SDK
 * clients, 100 tool calls of every kind against the sandbox, through the built
 * server's --http transport. No call may fail, and the server must still stop
 * cleanly on SIGTERM (checked inside runHttpLoad). `npm run bench:http` is the
 * full run (50 clients, 5,000 calls) with throughput, latency and memory.
 */
import { expect, it } from "vitest";
import { runHttpLoad } from "../../bench/http-load.mjs";
import { startSandbox } from "../../src/sandbox/index.js";

it("serves 10 concurrent clients x 10 tool calls with no error", async () => {
  const result = await runHttpLoad({ startSandbox, clients: 10, calls: 100 });
  expect(result.errorSamples).toEqual([]);
  expect(result.errors).toBe(0);
  expect(Object.values(result.perTool).reduce((a, b) => a + b, 0)).toBe(100);
  expect(Object.keys(result.perTool).sort()).toEqual([
    "create_call",
    "get_call",
    "list_agents",
    "list_calls",
    "submit_batch",
  ]);
}, 120_000);
