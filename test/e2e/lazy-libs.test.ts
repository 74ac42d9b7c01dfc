/**
 * undici and the SDK's ajv provider are CommonJS files of their own in the
 * bundle (scripts/build.mjs, scripts/shims/undici.cjs and sdk-shims.js),
 * required on first use and not at start-up: undici by the first request to the
 * service, ajv by the first form a client answers. Watched with a preload that
 * reports every require of them; and the form's answer is still checked against
 * the form's schema by the SDK's own validator. The undici file holds only the
 * parts the server uses (scripts/shims/undici-lib.cjs): undici whole costs the
 * first request about 19 ms more CPU (docs/performance.md).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { requireTrace } from "../helpers/require-trace.js";
import { GUARDS_OFF_FOR_SHAPE_TESTS, ROOT, startServer, textOf } from "../helpers/server-process.js";

const trace = requireTrace(/(undici|sdk-ajv)\.cjs$/, "LAZY-LIB-LOADED");

async function start(answer: Record<string, unknown>) {
  const server = await startServer({
    args: ["--sandbox", "--sandbox-speed", "instant"],
    // Asked in the client, by a form: the default confirmation mode.
    env: { NODE_OPTIONS: trace, ...GUARDS_OFF_FOR_SHAPE_TESTS, OUTBOUND_CALLS_CONFIRM: undefined },
    capabilities: { elicitation: { form: {} } },
  });
  let asked = 0;
  server.client.setRequestHandler(ElicitRequestSchema, async () => {
    asked += 1;
    return { action: "accept", content: answer };
  });
  const loads = () => server.transport.stderr.split("\n").filter((l) => l.startsWith("LAZY-LIB-LOADED"));
  return { server, loads, asked: () => asked };
}

it("neither is loaded by start-up or tools/list; undici by the first request, ajv by the first form answered", async () => {
  const { server, loads, asked } = await start({ confirm: true });
  try {
    await server.client.listTools();
    expect(loads()).toEqual([]);
    const agents = (await server.call("list_agents")).structuredContent as { agents: { id: string }[] };
    expect(loads()).toEqual(["LAZY-LIB-LOADED ./undici.cjs"]);
    const result = await server.call("create_call", { to: "+14155550100", agent_id: agents.agents[0]!.id });
    expect(textOf(result)).toContain("Call placed");
    expect(asked()).toBe(1);
    expect(loads()).toEqual(["LAZY-LIB-LOADED ./undici.cjs", "LAZY-LIB-LOADED ./sdk-ajv.cjs"]);
  } finally {
    await server.close();
  }
});

it("a form answer that does not match the form's schema is refused by the lazily loaded validator: nothing is dialed", async () => {
  const { server, loads, asked } = await start({ confirm: "yes" });
  try {
    const agents = (await server.call("list_agents")).structuredContent as { agents: { id: string }[] };
    const result = await server.call("create_call", { to: "+14155550100", agent_id: agents.agents[0]!.id });
    expect(asked()).toBe(1);
    expect(loads()).toContain("LAZY-LIB-LOADED ./sdk-ajv.cjs");
    // The SDK's own check, with ajv: the answer was refused as malformed, not read as a decline.
    expect(textOf(result)).toContain("does not match requested schema: data/confirm must be boolean");
    expect(textOf(result)).toContain("nothing was dialed");
    const calls = (await server.call("list_calls", {})).structuredContent as { calls: unknown[] };
    expect(calls.calls).toEqual([]);
  } finally {
    await server.close();
  }
});

it("the undici file is the subset the server uses: Agent, request, errors; no fetch, WebSocket, EventSource, cache, mocks or proxies", () => {
  const text = readFileSync(join(ROOT, "dist/chunks/undici.cjs"), "utf8");
  // esbuild's comment before each bundled file, by its real path (../../elsewhere/node_modules/... for a link).
  const files = [...text.matchAll(/^\/\/ \S*?node_modules\/undici\/(\S+)$/gm)].map((m) => m[1]!);
  expect(files).toEqual(
    expect.arrayContaining(["lib/dispatcher/agent.js", "lib/api/api-request.js", "lib/core/errors.js"]),
  );
  const unused =
    /^index\.js$|^lib\/(mock|cache|interceptor)\/|^lib\/web\/(fetch\/index|websocket|eventsource|cache)\/?|proxy-agent/;
  expect(files.filter((f) => unused.test(f))).toEqual([]);
});
