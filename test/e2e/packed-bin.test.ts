/**
 * What `npm pack` ships starts through its `bin`: the packed tarball, unpacked
 * beside this checkout's node_modules, runs `--version` and a `--sandbox`
 * session (initialize, tools/list, a tool call) from the bundle alone.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOT } from "../helpers/server-process.js";

const dir = mkdtempSync(join(tmpdir(), "packed-bin-"));
let files: string[] = [];
let bin = "";

beforeAll(() => {
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", dir], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }),
  ) as { filename: string; files: { path: string }[] }[];
  const tarball = packed[0];
  if (!tarball) throw new Error("npm pack reported nothing");
  files = tarball.files.map((f) => f.path);
  execFileSync("tar", ["-xzf", join(dir, tarball.filename), "-C", dir]);
  // Dependencies as npm would install them beside the package.
  symlinkSync(join(ROOT, "node_modules"), join(dir, "package", "node_modules"), "dir");
  const pkg = JSON.parse(readFileSync(join(dir, "package", "package.json"), "utf8")) as { bin: Record<string, string> };
  bin = join(dir, "package", pkg.bin["outbound-calls-mcp"] ?? "missing");
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("ships the bundle, its lazy chunks and no build or benchmark sources", () => {
  expect(files).toContain("dist/index.js");
  expect(files.some((f) => f.startsWith("dist/chunks/"))).toBe(true);
  expect(files.filter((f) => /^(src|bench|dist-bench|scripts|test)\//.test(f))).toEqual([]);
});

it("the packed bin prints its version", () => {
  const version = execFileSync(process.execPath, [bin, "--version"], { encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  expect(version.trim()).toBe(pkg.version);
});

it("the packed bin serves a --sandbox session over stdio", async () => {
  const client = new Client({ name: "packed-bin-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, "--sandbox"], env: { PATH: process.env.PATH ?? "" }, stderr: "ignore" }));
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["list_agents", "list_calls", "create_call", "get_call", "submit_batch"]);
    const agents = await client.callTool({ name: "list_agents", arguments: {} });
    expect(agents.isError).toBeFalsy();
    const created = await client.callTool({ name: "create_call", arguments: { to: "+14155550100", agent_id: (agents.structuredContent as { agents: { id: string }[] }).agents[0]?.id } });
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
  } finally {
    await client.close();
  }
}, 30_000);
