/**
 * A stdio server starts with zod interpreting the schemas it builds: no fast path is compiled before tools/list is
 * answered (src/mcp/zod-mode.ts), which is 4–7 ms of every start; the tools' schemas, built after, compile theirs.
 * Over --http every schema does. Watched with a preload that counts the functions compiled from a string (zod's fast
 * paths are built with `new Function`), through a Proxy in place of the global Function, and reports the count with
 * each message the server writes.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { answerProbe } from "../helpers/answer-probe.js";
import { connectHttpClient, HTTP_TOKEN, spawnHttpServer } from "../helpers/http-server-process.js";
import { CANARY_KEY, GUARDS_OFF_FOR_SHAPE_TESTS, startServer } from "../helpers/server-process.js";

/** Each message the server wrote, with how many functions had been compiled from strings by then. */
const probe = answerProbe<number>(
  `let count = 0;
const report = (args) => { count += 1; process.stderr.write("COMPILED " + JSON.stringify(String(args.at(-1) ?? "").slice(0, 80)) + "\\n"); };
globalThis.Function = new Proxy(Function, {
  construct(target, args, newTarget) { report(args); return Reflect.construct(target, args, newTarget); },
  apply(target, self, args) { report(args); return Reflect.apply(target, self, args); },
});`,
  "count",
);
const compiled = (stderr: string) => stderr.split("\n").filter((line) => line.startsWith("COMPILED "));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ speed: "instant", rateLimit: false, startingBalanceCents: 100_000 });
});
afterAll(async () => {
  await sandbox?.close();
});

const env = () => ({
  NODE_OPTIONS: probe.nodeOptions,
  OUTBOUND_CALLS_API_KEY: CANARY_KEY,
  OUTBOUND_CALLS_BASE_URL: sandbox.url,
  ...GUARDS_OFF_FOR_SHAPE_TESTS,
});

it("over stdio, nothing is compiled from a string until tools/list is answered; the tools' schemas compile after", async () => {
  const server = await startServer({ env: env() });
  try {
    await server.client.listTools();
    // stderr is a pipe of its own: the report of an answer may come after the answer.
    await expect
      .poll(() => probe.reports(server.transport.stderr).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    // The initialize answer and tools/list's, with nothing compiled before them.
    expect(probe.reports(server.transport.stderr).map((w) => [w.answer.slice(0, 20), w.seen])).toEqual([
      ['{"result":{"protocol', 0],
      ['{"result":{"tools":[', 0],
    ]);
    const agents = await server.call("list_agents");
    expect(agents.isError).toBeFalsy();
    await server.call("list_calls", { limit: 5 });
    // Both answers reported: every compilation before them is on stderr too (one pipe, in order).
    await expect
      .poll(() => probe.reports(server.transport.stderr).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(4);
    // The tools' schemas did compile theirs, and nothing else did: zod's fast paths, and its check that it may.
    const after = compiled(server.transport.stderr);
    expect(after.filter((line) => line.includes("function (payload, ctx)")).length).toBeGreaterThan(0);
    expect(after.filter((line) => !line.includes("function (payload, ctx)"))).toEqual(['COMPILED ""']);
  } finally {
    await server.close();
  }
});

it("over --http, zod compiles its fast paths (the probe sees them): a long-lived server keeps them", async () => {
  const server = await spawnHttpServer({ env: { ...env(), OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN } });
  try {
    const client = await connectHttpClient(server.url);
    try {
      await client.client.listTools();
      expect((await client.call("list_agents")).isError).toBeFalsy();
    } finally {
      await client.close();
    }
    await expect.poll(() => compiled(server.stderr).length, { timeout: 15_000 }).toBeGreaterThan(0);
  } finally {
    await server.stop();
  }
});
