/**
 * The floor: the least an SDK v2 server can be that does the real server's
 * most common job, for both protocol eras. Over stdio (the default) the SDK's
 * serveStdio makes one McpServer per connection (2025 handshake or 2026-07-28
 * requests); with `--http` (and `--port N`, 0 by default) the SDK's
 * createMcpHandler makes one per request on node:http, stateless, on
 * 127.0.0.1, with no token, as the SDK's own example does. One registerTool,
 * one undici GET, no validation, no retries, no deadline, the upstream JSON
 * passed on as the text. It is compiled file by file (not bundled), so it loads
 * the SDK from node_modules like any small server does. The HTTP parts are
 * imported only with `--http`, so the stdio floor's start-up is what it was.
 */
import type { AddressInfo } from "node:net";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { request } from "undici";
import { z } from "zod";

const base = `${process.env.OUTBOUND_CALLS_BASE_URL ?? "http://127.0.0.1:8787"}/api/v1`;
const key = process.env.OUTBOUND_CALLS_API_KEY ?? "";

function minimalServer(): McpServer {
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
}

if (process.argv.includes("--http")) {
  const port = Number(process.argv[process.argv.indexOf("--port") + 1] ?? 0) || 0;
  const { createServer } = await import("node:http");
  const { toNodeHandler } = await import("@modelcontextprotocol/node");
  const serve = toNodeHandler(createMcpHandler(minimalServer));
  const http = createServer((req, res) => void serve(req, res));
  http.listen(port, "127.0.0.1", () =>
    process.stderr.write(`listening on http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp\n`),
  );
  process.on("SIGTERM", () => http.close(() => process.exit(0)));
} else {
  serveStdio(minimalServer);
  process.stdin.on("end", () => process.exit(0));
}
