/**
 * MCP logging to the client (notifications/message), opt-in: nothing is sent
 * until the client asks with logging/setLevel; from then on, every message at
 * that level or more severe.
 *
 * Why opt-in: the 2025-11-25 revision leaves what to send before setLevel to the
 * server, and the next revision (2026-07-28) makes logs opt-in (without a level
 * a server must not send them). Clients that never set a level get nothing they
 * did not ask for: the Vercel AI SDK's MCP client reports every
 * notifications/message it receives as an error ("Unsupported message type").
 * Over stateless HTTP a level cannot outlive its own request, so nothing is sent
 * there. docs/tools.md "Logging" says what is sent when.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SetLevelRequestSchema, type LoggingLevel } from "@modelcontextprotocol/sdk/types.js";

const SEVERITY: readonly LoggingLevel[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

/** Handles logging/setLevel on `server`; returns whether the client wants a message of `level` now. */
export function clientLogLevel(server: Server): (level: LoggingLevel) => boolean {
  let minimum: LoggingLevel | undefined;
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    minimum = request.params.level;
    return {};
  });
  return (level) => minimum !== undefined && SEVERITY.indexOf(level) >= SEVERITY.indexOf(minimum);
}
