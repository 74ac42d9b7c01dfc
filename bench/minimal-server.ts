/**
 * The floor: the least an SDK v2 stdio server can be that does the real
 * server's most common job, for both protocol eras (the SDK's serveStdio makes
 * one McpServer per connection, 2025 handshake or 2026-07-28 requests). One
 * registerTool, one undici GET, no validation, no retries, no deadline, the
 * upstream JSON passed on as the text. It is compiled file by file (not
 * bundled), so it loads the SDK from node_modules like any small server does.
 */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { McpServer } from "@modelcontextprotocol/server";
import { request } from "undici";
import { z } from "zod";

const base = `${process.env.OUTBOUND_CALLS_BASE_URL ?? "http://127.0.0.1:8787"}/api/v1`;
const key = process.env.OUTBOUND_CALLS_API_KEY ?? "";

serveStdio(() => {
  const server = new McpServer({ name: "minimal-get-call", version: "1.0.0" });
  server.registerTool(
    "get_call",
    { description: "Reads one call record by id.", inputSchema: z.object({ call_id: z.string() }) },
    async ({ call_id }) => {
      const res = await request(`${base}/calls/${call_id}`, {
        headers: { authorization: `Bearer ${key}`, accept: "application/json" },
      });
      return { content: [{ type: "text", text: await res.body.text() }] };
    },
  );
  return server;
});
process.stdin.on("end", () => process.exit(0));
