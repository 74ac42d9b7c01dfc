/**
 * Guard 6, read-only mode: OUTBOUND_CALLS_READ_ONLY=true (or 1) or --read-only
 * registers only the three reading tools; false keeps all five; anything else
 * stops the server naming the variable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { CANARY_KEY, startServer } from "../helpers/server-process.js";
import { envFor, runToExit } from "../safety/support.js";

const READING = ["get_call", "list_agents", "list_calls"];
const ALL = ["create_call", "get_call", "list_agents", "list_calls", "submit_batch"];

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream?.close();
});

async function toolNames(env: Record<string, string>, args: string[] = []): Promise<string[]> {
  const server = await startServer({ env: envFor(upstream, env), args });
  try {
    const { tools } = await server.client.listTools();
    return tools.map((t) => t.name).sort();
  } finally {
    await server.close();
  }
}

describe("read-only mode", () => {
  it("--read-only (even with OUTBOUND_CALLS_READ_ONLY=false: either turns it on) lists only the reading tools", async () => {
    expect(await toolNames({ OUTBOUND_CALLS_READ_ONLY: "false" }, ["--read-only"])).toEqual(READING);
  });

  it("OUTBOUND_CALLS_READ_ONLY=1 lists only the reading tools; a write tool cannot be called and nothing is sent", async () => {
    const server = await startServer({ env: envFor(upstream, { OUTBOUND_CALLS_READ_ONLY: "1" }) });
    try {
      expect((await server.client.listTools()).tools.map((t) => t.name).sort()).toEqual(READING);
      const outcome = await server.client.callTool({ name: "create_call", arguments: { to: "+14155552671", agent_id: "agt_1" } }).then(
        (r) => ({ isError: r.isError, text: JSON.stringify(r.content) }),
        (e: Error) => ({ isError: true, text: e.message }),
      );
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toContain("create_call");
      expect(upstream.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it("OUTBOUND_CALLS_READ_ONLY=false keeps every tool (true/1/false/0 parsing: test/safety/settings.test.ts)", async () => {
    expect(await toolNames({ OUTBOUND_CALLS_READ_ONLY: "false" })).toEqual(ALL);
  });

  it("a value it does not understand stops the server naming the variable", async () => {
    const run = await runToExit({ OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: upstream.url, OUTBOUND_CALLS_READ_ONLY: "yes please" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("OUTBOUND_CALLS_READ_ONLY must be true, false, 1 or 0");
    expect(run.stderr).not.toContain("yes please");
  });
});
