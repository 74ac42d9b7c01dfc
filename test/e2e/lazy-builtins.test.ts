/**
 * Node's crypto, child_process and fs/promises are not loaded by a start: the
 * bundle gives src/ a stand-in for each that requires the built-in on the first
 * call (scripts/build.mjs, lazyBuiltin), and nothing a start runs calls one.
 * Loading node:crypto alone is about 5 ms of every start. Watched with a
 * preload that, on every message the server writes, reports which of them
 * Node has loaded (process.moduleLoadList: however they were loaded, import or
 * require).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { answerProbe } from "../helpers/answer-probe.js";
import { CANARY_KEY, GUARDS_OFF_FOR_SHAPE_TESTS, startServer } from "../helpers/server-process.js";

const probe = answerProbe<string[]>(
  'const names = ["crypto", "child_process", "fs/promises"];',
  'names.filter((name) => process.moduleLoadList.includes("NativeModule " + name))',
);

let sandbox: Sandbox;
beforeAll(async () => {
  // In the test process: a sandbox inside the server (--sandbox) would load node:crypto for its own ids.
  sandbox = await startSandbox({ speed: "instant", rateLimit: false, startingBalanceCents: 100_000 });
});
afterAll(async () => {
  await sandbox?.close();
});

for (const confirm of ["never", undefined]) {
  it(`none is loaded by start-up and tools/list (OUTBOUND_CALLS_CONFIRM=${confirm ?? "unset"}); the first request loads node:crypto (undici)`, async () => {
    const server = await startServer({
      env: {
        NODE_OPTIONS: probe.nodeOptions,
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: sandbox.url,
        ...GUARDS_OFF_FOR_SHAPE_TESTS,
        OUTBOUND_CALLS_CONFIRM: confirm,
      },
    });
    const reports = () => probe.reports(server.transport.stderr);
    try {
      await server.client.listTools();
      // stderr is a pipe of its own: the report of an answer may come after the answer.
      await expect.poll(() => reports().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      // The initialize answer and tools/list's.
      expect(reports().map((r) => r.answer.slice(0, 20))).toEqual(['{"result":{"protocol', '{"result":{"tools":[']);
      expect(reports().flatMap((r) => r.seen)).toEqual([]);
      // The probe sees it once it is there: undici, loaded by the first request, requires node:crypto.
      await server.call("list_agents");
      await expect.poll(() => reports().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      expect(reports().at(-1)!.seen).toContain("crypto");
    } finally {
      await server.close();
    }
  });
}
