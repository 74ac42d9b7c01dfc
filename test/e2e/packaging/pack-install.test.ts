/**
 * SLOW (about 10-20 s, most of it npm): what a user gets from the registry. The
 * `npm pack` tarball is installed into an empty temporary project with
 * `--omit=dev`, and nothing else lands in its node_modules: the package has no
 * runtime dependency (everything is bundled in dist/). Then its
 * `outbound-calls-mcp` bin is started in sandbox mode and driven by the SDK
 * Client over stdio: tools/list and tool calls, the phone library included.
 * Runs in CI.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
let tarballName: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "outbound-calls-pack-"));
  // --ignore-scripts: dist/ was built by `npm test`; prepack would rebuild it while other test files use it.
  const { stdout } = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  tarballName = (JSON.parse(stdout) as [{ filename: string }])[0].filename;
  const tarball = join(dir, tarballName);
  const app = join(dir, "app");
  mkdirSync(app);
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "pack-install-test", version: "1.0.0", private: true }),
  );
  await run(
    "npm",
    ["install", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline", "--no-package-lock", tarball],
    {
      cwd: app,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 150_000,
    },
  );
  bin = join(app, "node_modules", ".bin", "outbound-calls-mcp");
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("installs nothing but the package itself: no runtime dependency", () => {
  const app = join(dir, "app", "node_modules");
  expect(readdirSync(app).filter((name) => !name.startsWith("."))).toEqual(["outbound-calls-mcp"]);
  expect(readdirSync(join(app, "outbound-calls-mcp"))).not.toContain("node_modules");
});

it("docs/clients.md's tarball install works as written: npm install --global, then the command on PATH", async () => {
  const doc = readFileSync(join(ROOT, "docs/clients.md"), "utf8");
  const line = /^npm install --global (\.\/outbound-calls-mcp-[\d.]+\.tgz)$/m.exec(doc);
  expect(line, "docs/clients.md has the npm install --global line").not.toBeNull();
  expect(line![1]).toBe(`./${tarballName}`);
  // The same command, with a global prefix of our own so nothing outside the temporary folder changes.
  const prefix = join(dir, "global");
  await run("npm", ["install", "--global", line![1]!, "--no-audit", "--no-fund"], {
    cwd: dir,
    env: { ...process.env, npm_config_prefix: prefix },
    maxBuffer: 16 * 1024 * 1024,
    timeout: 150_000,
  });
  const { stdout } = await run(join(prefix, "bin", "outbound-calls-mcp"), ["--version"], {
    env: { PATH: process.env.PATH ?? "" },
  });
  expect(stdout.trim()).toBe(VERSION);
  expect(readdirSync(join(prefix, "lib", "node_modules", "outbound-calls-mcp"))).not.toContain("node_modules");
});

it("the installed bin prints the version", async () => {
  const { stdout } = await run(bin, ["--version"], { env: { PATH: process.env.PATH ?? "" } });
  expect(stdout.trim()).toBe(VERSION);
});

it("the installed bin serves MCP in sandbox mode: list_agents and a call to a test number", async () => {
  const transport = new RecordingStdioTransport({
    command: bin,
    args: ["--sandbox", "--sandbox-speed", "instant"],
    env: { PATH: process.env.PATH ?? "", ...GUARDS_OFF_FOR_SHAPE_TESTS },
  });
  started.push(transport);
  const client = new Client({ name: "pack-install-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    expect(client.getServerVersion()).toMatchObject({ name: "outbound-calls-mcp", version: VERSION });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "list_agents",
      "list_calls",
      "create_call",
      "get_call",
      "submit_batch",
      "add_do_not_call",
    ]);
    const agents = await client.callTool({ name: "list_agents", arguments: {} });
    expect(agents.isError).toBeFalsy();
    const list = agents.structuredContent as { agents: { id: string }[]; count: number; sandbox: boolean };
    expect(list).toMatchObject({ count: 3, sandbox: true });
    const created = await client.callTool({
      name: "create_call",
      arguments: { to: "+14155550102", agent_id: list.agents[0]!.id },
    });
    expect(created.isError).toBeFalsy();
    const id = (created.structuredContent as { call: { id: string } }).call.id;
    const got = await client.callTool({ name: "get_call", arguments: { call_id: id } });
    expect((got.structuredContent as { call: { status: string } }).call.status).toBe("busy");
    // A refused number: the bundled phone library (max metadata) types it as premium rate.
    const refused = await client.callTool({
      name: "create_call",
      arguments: { to: "+19005550123", agent_id: list.agents[0]!.id },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain("premium-rate");
  } finally {
    await client.close();
    await transport.close();
  }
});
