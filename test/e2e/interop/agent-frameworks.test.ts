/**
 * The OpenAI Agents SDK (`@openai/agents-core` MCPServerStdio) and Mastra
 * (`@mastra/mcp` MCPClient), both on the SDK's v2 Client, against the built
 * server in sandbox mode over stdio: every tool is listed, a tool answers, and
 * the server processes they start are counted (a wrapper script appends its
 * pid to a file, then becomes the server).
 *
 * What the count shows: the v2 Client in its default `versionNegotiation:
 * "auto"` probes a stdio server on a short-lived sibling process spawned from
 * the same command (its own design, whatever the server answers), then starts
 * the one that serves. So two processes start per connection, and exactly one
 * of them is alive once connected: the probe is gone, only the connection's
 * server remains. Against the v1 server both frameworks also started two, but
 * the first was a failed 2026 probe followed by a second connection attempt.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ENTRY, serverEnv } from "../../helpers/server-process.js";
import { requireNodeLine } from "../../helpers/node-line.js";
import { OUTPUT_LOG } from "../../helpers/test-output.js";

/** The Agents SDK gives each request but a tool call 5 s by default; a loaded machine can take longer to start a server. */
const SESSION_TIMEOUT_S = 60;

requireNodeLine(22, "test/e2e/interop/agent-frameworks.test.ts (@mastra/mcp, @openai/agents-core)");

const dir = mkdtempSync(join(tmpdir(), "outbound-calls-spawns-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const WRAPPER = join(dir, "server.sh");
// Under npm test the server's stderr goes to the output log (test/helpers/test-output.ts), not the console.
writeFileSync(
  WRAPPER,
  `#!/bin/sh\necho "$$" >> "$SPAWN_LOG"\nexec "$SPAWN_NODE" "$@"${OUTPUT_LOG ? ` 2>>${JSON.stringify(OUTPUT_LOG)}` : ""}\n`,
);
chmodSync(WRAPPER, 0o755);

const TOOLS = ["list_agents", "list_calls", "create_call", "get_call", "submit_batch", "add_do_not_call"];

function spawnLog(name: string) {
  const file = join(dir, `${name}.log`);
  writeFileSync(file, "");
  const pids = () => readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number);
  const alive = () => pids().filter((pid) => existsSync(`/proc/${pid}`));
  const env = serverEnv({ SPAWN_LOG: file, SPAWN_NODE: process.execPath, OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0" });
  return { env, pids, alive };
}

/** The probe sibling is reaped by the client: wait for that event, not for a time. */
async function settled(alive: () => number[], expected: number): Promise<number[]> {
  for (let i = 0; i < 200 && alive().length > expected; i++) await new Promise((r) => setTimeout(r, 50));
  return alive();
}

const args = [ENTRY, "--sandbox", "--sandbox-speed", "instant"];

it("the OpenAI Agents SDK: every tool, one server process alive per connection", async () => {
  const { MCPServerStdio } = await import("@openai/agents-core");
  const spawns = spawnLog("agents");
  const server = new MCPServerStdio({
    command: WRAPPER,
    args,
    env: spawns.env,
    clientSessionTimeoutSeconds: SESSION_TIMEOUT_S,
  });
  await server.connect();
  try {
    expect((await server.listTools()).map((t) => t.name)).toEqual(TOOLS);
    const agents = await server.callToolResult("list_agents", {});
    expect(agents.isError).toBeFalsy();
    expect(spawns.pids().length).toBeLessThanOrEqual(2);
    expect(await settled(spawns.alive, 1)).toHaveLength(1);
  } finally {
    await server.close();
  }
});

it("Mastra: every tool, one server process alive per connection", async () => {
  const { MCPClient } = await import("@mastra/mcp");
  const spawns = spawnLog("mastra");
  const client = new MCPClient({
    id: "outbound-calls-test",
    servers: { calls: { command: WRAPPER, args, env: spawns.env } },
  });
  try {
    const tools = await client.listTools();
    expect(Object.keys(tools)).toEqual(TOOLS.map((t) => `calls_${t}`));
    const agents = (await tools.calls_list_agents!.execute!({}, {} as never)) as { agents: unknown[] };
    expect(agents.agents.length).toBeGreaterThan(0);
    expect(spawns.pids().length).toBeLessThanOrEqual(2);
    expect(await settled(spawns.alive, 1)).toHaveLength(1);
  } finally {
    await client.disconnect();
  }
});
