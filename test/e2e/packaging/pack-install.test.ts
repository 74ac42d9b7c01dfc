/**
 * SLOW (about 10-40 s, most of it npm): what a user gets from the registry. The
 * `npm pack` tarball is installed into an empty temporary project (dependencies
 * from the npm cache when it has them), then its `outbound-calls-mcp` bin is
 * started in sandbox mode and driven by the SDK Client over stdio. Runs in CI.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { RecordingStdioTransport } from "../../helpers/recording-transport.js";
import { GUARDS_OFF_FOR_SHAPE_TESTS, ROOT, started } from "../../helpers/server-process.js";
import { VERSION } from "../../../src/config/version.js";

const run = promisify(execFile);
let dir: string;
let bin: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "outbound-calls-pack-"));
  // --ignore-scripts: dist/ was built by `npm test`; prepack would rebuild it while other test files use it.
  const { stdout } = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const tarball = join(dir, (JSON.parse(stdout) as [{ filename: string }])[0].filename);
  const app = join(dir, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "pack-install-test", version: "1.0.0", private: true }));
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--no-package-lock", tarball], {
    cwd: app,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 150_000,
  });
  bin = join(app, "node_modules", ".bin", "outbound-calls-mcp");
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("the installed bin prints the version", async () => {
  const { stdout } = await run(bin, ["--version"], { env: { PATH: process.env.PATH ?? "" } });
  expect(stdout.trim()).toBe(VERSION);
});

it("the installed bin serves MCP in sandbox mode: list_agents and a call to a test number", async () => {
  const transport = new RecordingStdioTransport({ command: bin, args: ["--sandbox", "--sandbox-speed", "instant"], env: { PATH: process.env.PATH ?? "", ...GUARDS_OFF_FOR_SHAPE_TESTS } });
  started.push(transport);
  const client = new Client({ name: "pack-install-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    expect(client.getServerVersion()).toMatchObject({ name: "outbound-calls-mcp", version: VERSION });
    const agents = await client.callTool({ name: "list_agents", arguments: {} });
    expect(agents.isError).toBeFalsy();
    const list = (agents.structuredContent as { agents: { id: string }[]; count: number; sandbox: boolean });
    expect(list).toMatchObject({ count: 3, sandbox: true });
    const created = await client.callTool({ name: "create_call", arguments: { to: "+14155550102", agent_id: list.agents[0]!.id } });
    expect(created.isError).toBeFalsy();
    const id = (created.structuredContent as { call: { id: string } }).call.id;
    const got = await client.callTool({ name: "get_call", arguments: { call_id: id } });
    expect((got.structuredContent as { call: { status: string } }).call.status).toBe("busy");
  } finally {
    await client.close();
    await transport.close();
  }
});
