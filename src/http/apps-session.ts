/**
 * MCP Apps for 2025-era clients over stateless HTTP. Such a client declares its
 * capabilities once, in `initialize`, and each later request (tools/list, the
 * tools/call that opens the approval card, the card's own decision) goes to a
 * server made for that request alone, which cannot know what was declared. The
 * one thing such a client sends back on every request is the `Mcp-Session-Id`
 * the server gave it in the `initialize` answer (Streamable HTTP, 2025-03-26 and
 * later). So a client that declared the MCP Apps HTML profile is given a session
 * id that says so, and every request that carries it is served as from such a
 * client, on any replica; no state is kept. The id carries nothing the client
 * did not declare itself: one that sends it without having declared MCP Apps
 * claims no more than it could have claimed in `initialize`, and is still asked
 * through the card with its one-time secret (docs/approval.md).
 */
import { randomBytes } from "node:crypto";
import { rendersApps } from "../approval/card/apps-support.js";
import type { ClientCapabilities } from "@modelcontextprotocol/server";

const PREFIX = "apps-";
const ID = /^apps-[A-Za-z0-9_-]{32}$/;

/** The session id for the answer to `message`: set when it is a 2025 `initialize` that declares MCP Apps. */
export function appsSessionFor(message: unknown): string | undefined {
  if (message === null || typeof message !== "object" || Array.isArray(message)) return undefined;
  const { method, params } = message as { method?: unknown; params?: { capabilities?: unknown } };
  if (method !== "initialize" || params === null || typeof params !== "object") return undefined;
  if (!rendersApps(params.capabilities as ClientCapabilities | undefined)) return undefined;
  return `${PREFIX}${randomBytes(24).toString("base64url")}`;
}

/** A request whose `Mcp-Session-Id` is one of those: its client declared MCP Apps at `initialize`. */
export function declaredAppsBySession(header: string | string[] | undefined): boolean {
  return typeof header === "string" && ID.test(header);
}
