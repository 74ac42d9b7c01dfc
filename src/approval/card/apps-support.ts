/**
 * MCP Apps (extension `io.modelcontextprotocol/ui`): the names this server uses
 * for its approval card, and whether a client renders it. A client declares
 * support in its capabilities (`extensions["io.modelcontextprotocol/ui"]`,
 * listing the HTML profile among its `mimeTypes`): at `initialize` (2025 era)
 * or on every request (2026-07-28). Only such a client is offered the card;
 * every other one keeps the channels it had and never sees the card's tool.
 */
import type { ClientCapabilities } from "@modelcontextprotocol/server";

export const APPS_EXTENSION = "io.modelcontextprotocol/ui";
/** The MCP Apps HTML profile: the card's mime type. */
export const CARD_MIME = "text/html;profile=mcp-app";
export const CARD_URI = "ui://outbound-calls/approval-card.html";
/** The app-only tool through which the card decides (visibility ["app"]: hidden from the model by the host). */
export const DECIDE_TOOL = "approval_card_decide";
/** The key of the pending result's `_meta` that carries the card's approval and its secret (for the app, not the model). */
export const CARD_META_KEY = "io.github.outbound-calls/approval-card";

/** Did the client declare that it renders MCP Apps HTML? */
export function rendersApps(capabilities: ClientCapabilities | undefined): boolean {
  const ui: unknown = capabilities?.extensions?.[APPS_EXTENSION];
  if (ui === null || typeof ui !== "object") return false;
  const types = (ui as { mimeTypes?: unknown }).mimeTypes;
  return Array.isArray(types) && types.includes(CARD_MIME);
}

/** What a tool's listing carries for an Apps client: the card that renders its result (and the older flat key). */
export function cardToolMeta(): Record<string, unknown> {
  return { ui: { resourceUri: CARD_URI }, "ui/resourceUri": CARD_URI };
}
