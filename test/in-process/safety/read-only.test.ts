/**
 * Guard 6, read-only mode, in-process: OUTBOUND_CALLS_READ_ONLY=true (or 1) or
 * the --read-only flag registers only the three reading tools and add_do_not_call
 * (it only ever restricts: a number on the opt-out list); false keeps all six. (--read-only through argv, and a value the variable does not take
 * stopping the process: test/e2e/startup.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { useInProcess } from "../../helpers/in-process.js";

const READING = ["add_do_not_call", "get_call", "list_agents", "list_calls"];
const ALL = ["add_do_not_call", "create_call", "get_call", "list_agents", "list_calls", "submit_batch"];

const fx = useInProcess();

async function toolNames(env: Record<string, string>, readOnly = false): Promise<string[]> {
  const server = await fx.start({ env, readOnly });
  const { tools } = await server.client.listTools();
  return tools.map((t) => t.name).sort();
}

describe("read-only mode", () => {
  it("the --read-only flag (even with OUTBOUND_CALLS_READ_ONLY=false: either turns it on) lists only the reading tools", async () => {
    expect(await toolNames({ OUTBOUND_CALLS_READ_ONLY: "false" }, true)).toEqual(READING);
  });

  it("OUTBOUND_CALLS_READ_ONLY=1 lists only the reading tools; a write tool cannot be called and nothing is asked", async () => {
    const server = await fx.start({ env: { OUTBOUND_CALLS_READ_ONLY: "1" } });
    expect((await server.client.listTools()).tools.map((t) => t.name).sort()).toEqual(READING);
    const outcome = await server.client
      .callTool({ name: "create_call", arguments: { to: "+14155552671", agent_id: "agt_1" } })
      .then(
        (r) => ({ isError: r.isError, text: JSON.stringify(r.content) }),
        (e: Error) => ({ isError: true, text: e.message }),
      );
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toContain("create_call");
    expect(fx.service.requests).toHaveLength(0);
  });

  it("OUTBOUND_CALLS_READ_ONLY=false keeps every tool (true/1/false/0 parsing: test/unit/safety/settings.test.ts)", async () => {
    expect(await toolNames({ OUTBOUND_CALLS_READ_ONLY: "false" })).toEqual(ALL);
  });
});
