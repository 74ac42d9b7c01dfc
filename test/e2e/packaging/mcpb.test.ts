/**
 * SLOW (a few seconds): the MCPB bundle as `mcpb pack` builds it in the root
 * (`@anthropic-ai/mcpb`, a devDependency; `.mcpbignore` keeps it small). It
 * validates the manifest, holds the manifest, the built server, package.json,
 * README and LICENSE and nothing else (no node_modules: the server has no
 * runtime dependency), and the server starts from the unpacked bundle the way
 * the manifest says (`node ${__dirname}/dist/index.js`), in sandbox mode, and
 * answers tools/list and a tool call.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { RecordingStdioTransport } from "../../helpers/recording-transport.js";
import { GUARDS_OFF_FOR_SHAPE_TESTS, ROOT, started } from "../../helpers/server-process.js";

const run = promisify(execFile);
const MCPB = join(ROOT, "node_modules/@anthropic-ai/mcpb/dist/cli/cli.js");
let dir: string;
let unpacked: string;
let bundleBytes: number;

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "outbound-calls-mcpb-"));
  const bundle = join(dir, "outbound-calls-mcp.mcpb");
  await run(process.execPath, [MCPB, "pack", ROOT, bundle], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 120_000,
  });
  bundleBytes = statSync(bundle).size;
  unpacked = join(dir, "unpacked");
  await run(process.execPath, [MCPB, "unpack", bundle, unpacked], { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 });
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("holds the manifest, the built server, package.json, README and LICENSE, nothing else", () => {
  const files = filesUnder(unpacked);
  const other = files.filter(
    (f) => !["manifest.json", "package.json", "README.md", "LICENSE"].includes(f) && !/^dist\/.+\.c?js$/.test(f),
  );
  expect(other).toEqual([]);
  expect(files).toContain("dist/index.js");
  expect(files).not.toContain("dist/demo.js");
  expect(files.some((f) => f.startsWith("node_modules/"))).toBe(false);
  // Small: 1.3 MB, the built server 7 MB unpacked (2026-11-28); a bundle with node_modules was over 50 MB.
  expect(bundleBytes).toBeLessThan(2 * 1024 * 1024);
  expect(JSON.parse(readFileSync(join(unpacked, "manifest.json"), "utf8"))).toEqual(
    JSON.parse(readFileSync(join(ROOT, "manifest.json"), "utf8")),
  );
});

it("the unpacked bundle serves MCP as its manifest starts it, in sandbox mode", async () => {
  const manifest = JSON.parse(readFileSync(join(unpacked, "manifest.json"), "utf8")) as {
    server: { mcp_config: { args: string[] } };
  };
  const args = manifest.server.mcp_config.args.map((a) => a.replace("${__dirname}", unpacked));
  // What a client sets from the "Sandbox mode" switch (user_config.sandbox -> OUTBOUND_CALLS_SANDBOX).
  const transport = new RecordingStdioTransport({
    command: process.execPath,
    args,
    env: { PATH: process.env.PATH ?? "", OUTBOUND_CALLS_SANDBOX: "true", ...GUARDS_OFF_FOR_SHAPE_TESTS },
  });
  started.push(transport);
  const client = new Client({ name: "mcpb-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    expect((await client.listTools()).tools).toHaveLength(6);
    const agents = await client.callTool({ name: "list_agents", arguments: {} });
    expect(agents.structuredContent).toMatchObject({ count: 3, sandbox: true });
    const dry = await client.callTool({
      name: "create_call",
      arguments: {
        to: "+14155550100",
        agent_id: (agents.structuredContent as { agents: { id: string }[] }).agents[0]!.id,
        dry_run: true,
      },
    });
    expect(dry.isError).toBeFalsy();
  } finally {
    await client.close();
    await transport.close();
  }
});
