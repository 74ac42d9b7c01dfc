/**
 * A stdio server parses with zod's interpreter: it compiles no fast path (src/cli/zod-jitless.ts), which is 4–7 ms of
 * every start. Over --http the fast paths stay on. Watched with a preload that reports every function compiled from a
 * string (zod's fast paths are built with `new Function`), through a Proxy in place of the global Function.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { connectHttpClient, HTTP_TOKEN, spawnHttpServer } from "../helpers/http-server-process.js";
import { CANARY_KEY, GUARDS_OFF_FOR_SHAPE_TESTS, startServer } from "../helpers/server-process.js";

const dir = mkdtempSync(join(tmpdir(), "outbound-calls-jitless-"));
const preload = join(dir, "probe.cjs");
writeFileSync(
  preload,
  `const report = (args) => process.stderr.write("COMPILED " + JSON.stringify(String(args.at(-1) ?? "").slice(0, 80)) + "\\n");
globalThis.Function = new Proxy(Function, {
  construct(target, args, newTarget) { report(args); return Reflect.construct(target, args, newTarget); },
  apply(target, self, args) { report(args); return Reflect.apply(target, self, args); },
});
`,
);
const compiled = (stderr: string) => stderr.split("\n").filter((line) => line.startsWith("COMPILED "));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ speed: "instant", rateLimit: false, startingBalanceCents: 100_000 });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ NODE_OPTIONS: `--require ${preload}`, OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: sandbox.url, ...GUARDS_OFF_FOR_SHAPE_TESTS });

it("over stdio, nothing is compiled from a string: not at start, not by tools/list, not by tool calls", async () => {
  const server = await startServer({ env: env() });
  try {
    await server.client.listTools();
    const agents = await server.call("list_agents");
    expect(agents.isError).toBeFalsy();
    await server.call("list_calls", { limit: 5 });
    expect(compiled(server.transport.stderr)).toEqual([]);
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
    expect(compiled(server.stderr).length).toBeGreaterThan(0);
  } finally {
    await server.stop();
  }
});
