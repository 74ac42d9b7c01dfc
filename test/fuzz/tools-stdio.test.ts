/**
 * Property-based run over every tool's arguments through the built server over
 * stdio (spawned once for the file), with the SDK Client: invalid input is an
 * isError naming the field and sends nothing; get_call ids never escape
 * /api/v1/calls/{id}; arbitrary input never crashes the server. Fewer inputs than
 * the in-process run (same properties): this one holds the process and its
 * framing under 50 concurrent calls. New inputs every run (FUZZ_SEED replays).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { CANARY_KEY, startServer, type StartedServer, GUARDS_OFF_FOR_FAULT_TESTS } from "../helpers/server-process.js";
import { fuzzTools, report } from "../helpers/fuzz-runner.js";
import { fuzzSeed, scaled } from "../helpers/fuzz-seed.js";
import { namesField } from "../helpers/tool-arbitraries.js";

let upstream: FakeUpstream;
let server: StartedServer;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await startServer({
    env: {
      ...GUARDS_OFF_FOR_FAULT_TESTS,
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_TIMEOUT_MS: "10000",
    },
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

it("1,500 generated inputs over stdio, new ones every run", async () => {
  const t0 = performance.now();
  const counts = {
    seed: fuzzSeed("test/fuzz/tools-stdio.test.ts"),
    invalidPerTool: scaled(150),
    callIds: scaled(300),
    anything: scaled(450),
    timeLimitMs: 60_000,
  };
  const stats = await fuzzTools(server.call, upstream, counts);
  report("fuzz over stdio", stats, performance.now() - t0);
  expect(stats.inputs).toBeGreaterThanOrEqual(5 * counts.invalidPerTool + counts.callIds + counts.anything);
  // Alive and well after all of it.
  expect((await server.call("list_agents")).isError).toBeFalsy();
  expect(server.transport.exitCode).toBeUndefined();
}, 240_000);

it("the oracle names a field only as errors do, never by a chance word", () => {
  expect(
    namesField(
      "MCP error -32602: Input validation error: Invalid arguments for tool create_call: Invalid input at to",
      "to",
    ),
  ).toBe(true);
  expect(namesField('… Unrecognized key: "priority"', "priority")).toBe(true);
  expect(namesField('to: "hello" must be in international format', "to")).toBe(true);
  expect(namesField("Batch refused: …:\n- calls[2].to: +1 is invalid", "calls[2].to")).toBe(true);
  expect(namesField("add the country code to the number", "to")).toBe(false);
  expect(namesField("Invalid input at metadata.a", "to")).toBe(false);
  expect(namesField("- calls[3].to: bad", "calls[2].to")).toBe(false);
});

it("a __proto__ key in the arguments cannot inject a field into the request", async () => {
  upstream.requests.length = 0;
  const args = JSON.parse(
    '{"to":"+14155552671","agent_id":"agt_1","__proto__":{"contact_name":"INJECTED","metadata":{"x":1},"to":"+19005550123"}}',
  ) as Record<string, unknown>;
  const placed = await server.call("create_call", args);
  expect(placed.isError).toBeFalsy();
  const post = upstream.requests.find((r) => r.method === "POST")!;
  expect(post.json).toEqual({ to: "+14155552671", agent_id: "agt_1" });

  const listed = await server.call(
    "list_calls",
    JSON.parse('{"__proto__":{"status":"completed","extra":"x"}}') as Record<string, unknown>,
  );
  expect(listed.isError).toBeFalsy();
  expect(upstream.requests.at(-1)!.query).toEqual({ limit: "20" });
});
