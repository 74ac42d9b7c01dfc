/**
 * The phone library (max metadata, the largest thing the server could load) is
 * a file of its own in the bundle, loaded on the first number check and not at
 * start-up: a server that only lists tools or agents never reads it. Watched
 * with a preload that reports every module load whose name mentions it.
 */
import { expect, it } from "vitest";
import { requireTrace } from "../helpers/require-trace.js";
import { GUARDS_OFF_FOR_SHAPE_TESTS, startServer } from "../helpers/server-process.js";

const trace = requireTrace(/libphonenumber/, "PHONE-LIB-LOADED");

it("is not loaded by start-up, tools/list or list_agents, and is loaded (from the bundle) by the first number check", async () => {
  const server = await startServer({
    args: ["--sandbox", "--sandbox-speed", "instant"],
    env: { NODE_OPTIONS: trace, ...GUARDS_OFF_FOR_SHAPE_TESTS },
  });
  const loads = () => server.transport.stderr.split("\n").filter((l) => l.startsWith("PHONE-LIB-LOADED"));
  try {
    await server.client.listTools();
    const agents = (await server.call("list_agents")).structuredContent as { agents: { id: string }[] };
    expect(loads()).toEqual([]);
    await server.call("create_call", { to: "+14155550100", agent_id: agents.agents[0]!.id, dry_run: true });
    expect(loads()).toEqual(["PHONE-LIB-LOADED ./libphonenumber-max.cjs"]);
  } finally {
    await server.close();
  }
});
