/**
 * A client whose deadline for server/discover passed before the server even read stdin (the AI SDK waits 1 s from
 * spawn; a loaded machine can take longer to start Node) has already written `initialize` behind its discover. The
 * server must answer the initialize and nothing for the abandoned discover: the AI SDK reports an answer to it as
 * "Received a response for an unknown message ID". Both lines are in the pipe before the process starts, as they are
 * after a slow start.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { expect, it } from "vitest";
import { ENTRY, serverEnv } from "../helpers/server-process.js";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "late", version: "1" },
};

it("a discover the client gave up on is not answered; the 2025 handshake that followed it is", async () => {
  const child = spawn(process.execPath, [ENTRY, "--sandbox", "--sandbox-speed", "instant"], {
    env: serverEnv(),
    stdio: ["pipe", "pipe", "ignore"],
  });
  const ids: unknown[] = [];
  const lines = createInterface({ input: child.stdout });
  const listed = new Promise<void>((resolve) =>
    lines.on("line", (line) => {
      const message = JSON.parse(line) as { id?: unknown };
      ids.push(message.id);
      if (message.id === 1) {
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })}\n`);
      }
      if (message.id === 2) resolve();
    }),
  );
  try {
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 0, method: "server/discover", params: { _meta: ENVELOPE } })}\n` +
        `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "late", version: "1" } } })}\n`,
    );
    await listed;
    // Every answer comes in order on one stream: had the discover been answered, its answer would be here by now.
    expect(ids).toEqual([1, 2]);
  } finally {
    child.kill();
  }
});
