/**
 * A third-party client proves interoperability: the MCP Inspector's CLI
 * (`@modelcontextprotocol/inspector --cli`, a pinned devDependency, 2.x: Node
 * 22.19+) starts the built server in sandbox mode over stdio, lists its tools,
 * calls them, and reads a resource and a prompt. Its `--strict` schema lint runs
 * in test/e2e/interop/converters.test.ts.
 *
 * With `--format json` it prints `{"result": …}` on stdout. Exit codes: 0 when
 * the method ran, 5 when a tool answered isError, 1 when the method failed (bad
 * method, the server could not start). It writes under ~/.mcp-inspector, so HOME
 * is a temporary folder. It runs with this process's Node (the launcher file,
 * not the bin's `#!/usr/bin/env node`).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ENTRY, GUARDS_OFF_FOR_SHAPE_TESTS, ROOT } from "../../helpers/server-process.js";
import { requireNodeLine } from "../../helpers/node-line.js";

requireNodeLine(22, "test/e2e/interop/inspector.test.ts (@modelcontextprotocol/inspector 2.x)");

const INSPECTOR = join(ROOT, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
const home = mkdtempSync(join(tmpdir(), "outbound-calls-inspector-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function inspect(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      // The server's variables go through -e: this Inspector line does not pass its own environment on.
      [
        INSPECTOR,
        "--cli",
        "--format",
        "json",
        ...Object.entries(GUARDS_OFF_FOR_SHAPE_TESTS).flatMap(([k, v]) => ["-e", `${k}=${v}`]),
        process.execPath,
        ENTRY,
        "--sandbox",
        "--sandbox-speed",
        "instant",
        ...args,
      ],
      { env: { PATH: process.env.PATH ?? "", HOME: home }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The CLI prints one JSON document on stdout: {"result": …}. */
const parsed = (run: Run) => (JSON.parse(run.stdout) as { result: Record<string, any> }).result;

describe("MCP Inspector CLI against `outbound-calls-mcp --sandbox`", () => {
  /** From list_agents: the embedded sandbox account's ids are the same in every run. */
  let agentId = "";

  it("tools/list: the six tools with their schemas", async () => {
    const run = await inspect("--method", "tools/list");
    expect(run.code, run.stderr).toBe(0);
    const { tools } = parsed(run);
    expect(tools.map((t: { name: string }) => t.name)).toEqual([
      "list_agents",
      "list_calls",
      "create_call",
      "get_call",
      "submit_batch",
      "add_do_not_call",
    ]);
    const getCall = tools.find((t: { name: string }) => t.name === "get_call");
    expect(getCall.inputSchema.properties.wait_seconds.anyOf).toEqual([
      expect.objectContaining({ type: "integer", minimum: 0, maximum: 600 }),
      { type: "null" },
    ]);
  });

  it("tools/call list_agents: a success with structuredContent", async () => {
    const run = await inspect("--method", "tools/call", "--tool-name", "list_agents");
    expect(run.code, run.stderr).toBe(0);
    const result = parsed(run);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ count: 3, sandbox: true });
    expect(result.content[0].text).toMatch(/^\[SANDBOX: simulated service/);
    agentId = result.structuredContent.agents[0].id;
  });

  it("tools/call create_call on a test number: the call is placed in the sandbox", async () => {
    const run = await inspect(
      "--method",
      "tools/call",
      "--tool-name",
      "create_call",
      "--tool-arg",
      "to=+14155550105",
      `agent_id=${agentId}`,
    );
    expect(run.code, run.stderr).toBe(0);
    const result = parsed(run);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({
      to_international: "+1 415 555 0105",
      country: "US",
      agent_id: agentId,
    });
  });

  it("tools/call with a refused argument: isError reaches the client (exit 5)", async () => {
    const run = await inspect("--method", "tools/call", "--tool-name", "get_call", "--tool-arg", "call_id=../agents");
    expect(run.code, run.stderr).toBe(5);
    const result = parsed(run);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/call_id/);
  });

  it("resources/read agents://list and prompts/get daily_report", async () => {
    const resource = await inspect("--method", "resources/read", "--uri", "agents://list");
    expect(resource.code, resource.stderr).toBe(0);
    expect(parsed(resource).contents[1]).toMatchObject({ uri: "agents://list", mimeType: "application/json" });
    const prompt = await inspect(
      "--method",
      "prompts/get",
      "--prompt-name",
      "daily_report",
      "--prompt-args",
      "date=2026-11-21",
    );
    expect(prompt.code, prompt.stderr).toBe(0);
    expect(parsed(prompt).messages[0].content.text).toContain('date_from "2026-11-21"');
  });

  it("an unknown method fails with exit 1", async () => {
    const run = await inspect("--method", "calls/dial");
    expect(run.code).toBe(1);
  });
});
