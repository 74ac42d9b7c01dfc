/**
 * MCP logging to the client (notifications/message), only when asked for:
 * - a 2025-era client asks with logging/setLevel, for the rest of its
 *   connection: from then on every message at that level or more severe;
 * - a 2026-07-28 client asks per request, with the log level in the request's
 *   `_meta` (`io.modelcontextprotocol/logLevel`): messages about that request,
 *   sent on that request's stream, and only those.
 *
 * Without a level nothing is sent: 2026-07-28 forbids unasked log messages, and
 * clients that never set a level get nothing they did not ask for (the Vercel
 * AI SDK's MCP client reports every notifications/message it receives as an
 * error, "Unsupported message type"). Over stateless HTTP a 2025 level cannot
 * outlive its own request, so nothing is sent there. The stderr log is kept
 * whatever the client asks. docs/tools.md "Logging" says what is sent when.
 */
import { LOG_LEVEL_META_KEY, type LoggingLevel, type Server, type ServerContext } from "@modelcontextprotocol/server";
import { envelopeOf } from "../protocol/approval-client.js";

const SEVERITY: readonly LoggingLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

const atLeast = (level: LoggingLevel, minimum: LoggingLevel | undefined) =>
  minimum !== undefined && SEVERITY.indexOf(level) >= SEVERITY.indexOf(minimum);

export interface ClientLog {
  /** Sends `data` at `level` if the client asked for it: about `request` (2026-07-28), or on the connection (2025). */
  send(level: LoggingLevel, logger: string, data: string, request?: ServerContext): void;
  /** Whether a message at `level` would be sent (to skip building one nobody reads). */
  wants(level: LoggingLevel, request?: ServerContext): boolean;
}

/** `era` is the one the server instance was made for (the SDK's factory says which). */
export function clientLog(server: Server, era: "legacy" | "modern"): ClientLog {
  let minimum: LoggingLevel | undefined;
  if (era === "legacy") {
    // Replaces the SDK's own handler, which would send every level until a client sets one.
    server.setRequestHandler("logging/setLevel", (request) => {
      minimum = request.params.level;
      return {};
    });
  }
  const wants = (level: LoggingLevel, request?: ServerContext) =>
    era === "modern"
      ? request !== undefined && atLeast(level, envelopeOf(request)?.[LOG_LEVEL_META_KEY] as LoggingLevel | undefined)
      : atLeast(level, minimum);
  return {
    wants,
    send(level, logger, data, request) {
      if (!wants(level, request)) return;
      const message = { method: "notifications/message" as const, params: { level, logger, data } };
      // Related to its request when there is one: over HTTP it then travels on that request's stream.
      void (request ? request.mcpReq.notify(message) : server.notification(message)).catch(() => undefined);
    },
  };
}
