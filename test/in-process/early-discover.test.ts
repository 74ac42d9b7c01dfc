/**
 * The first server/discover over stdio is answered by src/cli/early-discover.ts
 * before the bundle loads: its answer must be the SDK's, word for word (the
 * McpServer of src/mcp/server.ts behind serveStdio, from the sources), and it
 * must answer nothing else and lose no byte of what follows.
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { answerEarlyDiscover } from "../../src/cli/early-discover.js";
import { createCore, createServer } from "../../src/mcp/server.js";
import { inProcessConfig } from "../helpers/in-process.js";
import { FakeService } from "../helpers/fake-service.js";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "early", version: "1" },
};
const discover = (id: number | string) => ({
  jsonrpc: "2.0" as const,
  id,
  method: "server/discover",
  params: { _meta: ENVELOPE },
});

async function sdkAnswer(readOnly: boolean): Promise<JSONRPCMessage> {
  const config = inProcessConfig();
  const core = createCore(config, { service: new FakeService() });
  const [client, server] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(({ era }) => createServer(config, { era, readOnly }, core).mcp, { transport: server });
  const answer = new Promise<JSONRPCMessage>((resolve) => (client.onmessage = resolve));
  await client.start();
  await client.send(discover(7));
  try {
    return await answer;
  } finally {
    await handle.close();
    await core.close();
  }
}

/** Runs the early answer over fake stdio: what it wrote, and what it left on stdin. */
async function early(input: string, waitMs = 1_000): Promise<{ written: string; left: string }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = "";
  stdout.on("data", (c: Buffer) => (written += c.toString()));
  stdin.write(input);
  await answerEarlyDiscover(waitMs, stdin as unknown as NodeJS.ReadStream, stdout as unknown as NodeJS.WriteStream);
  const left = (stdin.read() as Buffer | null)?.toString() ?? "";
  return { written, left };
}

describe("the early server/discover answer", () => {
  it.each([false, true])("is the SDK's answer word for word (read-only %s)", async (readOnly) => {
    const { written } = await early(`${JSON.stringify(discover(7))}\n`);
    expect(JSON.parse(written)).toEqual(await sdkAnswer(readOnly));
  });

  it("answers only the first line, and leaves what follows on stdin byte for byte", async () => {
    const next = `${JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/list", params: { _meta: ENVELOPE } })}\n{"partial":`;
    const { written, left } = await early(`${JSON.stringify(discover("a"))}\n${next}`);
    expect(JSON.parse(written)).toMatchObject({ id: "a", result: { supportedVersions: ["2026-07-28"] } });
    expect(left).toBe(next);
  });

  it.each([
    [
      "a 2025 initialize",
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } },
      },
    ],
    [
      "a discover for another revision",
      { ...discover(1), params: { _meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2027-01-01" } } },
    ],
    [
      "a discover without capabilities",
      { ...discover(1), params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } },
    ],
    ["a notification", { jsonrpc: "2.0", method: "server/discover", params: { _meta: ENVELOPE } }],
    ["a batch", [discover(1)]],
  ])("leaves %s to the SDK, untouched", async (_what, message) => {
    const line = `${JSON.stringify(message)}\n`;
    expect(await early(line)).toEqual({ written: "", left: line });
  });

  it("drops a discover the client gave up on (its initialize already behind it), and leaves the initialize to the SDK", async () => {
    const initialize = `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } } })}\n`;
    expect(await early(`${JSON.stringify(discover(0))}\n${initialize}`)).toEqual({ written: "", left: initialize });
    // Half an initialize is not a whole line yet: the discover is answered.
    const half = initialize.slice(0, 40);
    const { written, left } = await early(`${JSON.stringify(discover(0))}\n${half}`);
    expect(JSON.parse(written)).toMatchObject({ id: 0 });
    expect(left).toBe(half);
  });

  it("does not hold a silent stdin beyond its wait", async () => {
    const started = Date.now();
    expect(await early("", 50)).toEqual({ written: "", left: "" });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
