/**
 * The bundle answers tools/list from the listing the build wrote (scripts/tool-listings.ts, BUNDLED_TOOL_LISTINGS):
 * the tools' modules, whose zod schemas are built when they load, come after the answer. Building the listing at start
 * instead costs about 15 ms of CPU (docs/performance.md). Watched with a preload whose module hook notes the first
 * loaded file that holds a tool's code (esbuild's `// src/tools/` comment), reported with each message written.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { answerProbe } from "../helpers/answer-probe.js";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { CANARY_KEY, GUARDS_OFF_FOR_SHAPE_TESTS, startServer } from "../helpers/server-process.js";

const probe = answerProbe<boolean>(
  `let toolsLoaded = false;
require("node:module").registerHooks({
  load(url, context, next) {
    const loaded = next(url, context);
    if (!toolsLoaded && loaded.source && String(loaded.source).includes("\\n// src/tools/create-call.ts\\n")) toolsLoaded = true;
    return loaded;
  },
});`,
  "toolsLoaded",
);

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream?.close();
});

it("tools/list is answered before any tool's module is loaded; the first tools/call loads them", async () => {
  const server = await startServer({
    env: {
      NODE_OPTIONS: probe.nodeOptions,
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      ...GUARDS_OFF_FOR_SHAPE_TESTS,
    },
  });
  try {
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toContain("create_call");
    await server.call("list_agents");
    // stderr is a pipe of its own: the report of an answer may come after the answer.
    await expect
      .poll(() => probe.reports(server.transport.stderr).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
    const [initialize, list, call] = probe.reports(server.transport.stderr);
    expect([initialize!.answer.slice(0, 20), initialize!.seen]).toEqual(['{"result":{"protocol', false]);
    expect([list!.answer.slice(0, 20), list!.seen]).toEqual(['{"result":{"tools":[', false]);
    // The check is meaningful only if the hook sees the tools' code when it does load.
    expect(call!.seen).toBe(true);
  } finally {
    await server.close();
  }
});
