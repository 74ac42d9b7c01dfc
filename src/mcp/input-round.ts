/**
 * The seam between a 2026-07-28 tools/call and approval through input requests
 * (src/approval/input-channel.ts): what the request carries for it (the client's
 * declared capabilities, the retry's `inputResponses` and `requestState`, all
 * untrusted) and who the caller is. Built only for a request of the 2026-07-28
 * era: a 2025 client keeps today's channels, and whatever a 2025-era request
 * carries under these names is never read as an approval.
 *
 * The caller: over --http the client's address as the rate limit counts it
 * (the server's one shared bearer token names no user); over stdio the one
 * local client. When the server authenticates users (OAuth), pass their issuer
 * and subject as `oauth` instead: the state is then bound to the user.
 */
import { CLIENT_CAPABILITIES_META_KEY } from "@modelcontextprotocol/server";
import type { InputRound } from "../approval/input-channel.js";
import type { CallerIdentity } from "../approval/request-state.js";

/** The parts of the SDK's request context (`ServerContext`) this reads; the envelope is typed loosely, as approval-client.ts reads it. */
export interface RoundSource {
  mcpReq: {
    envelope?: Readonly<Record<string, unknown>> | undefined;
    inputResponses?: Readonly<Record<string, unknown>> | undefined;
    requestState: () => unknown;
  };
}

/** Who is asking: `client` is the HTTP client's address (absent over stdio); `oauth` once users sign in. */
export function callerOf(client: string | undefined, oauth?: { issuer: string; subject: string }): CallerIdentity {
  if (oauth) return { kind: "oauth", ...oauth };
  return client === undefined ? { kind: "local" } : { kind: "http_client", address: client };
}

export function inputRound(request: RoundSource, caller: CallerIdentity): InputRound {
  const capabilities = request.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY];
  const elicitation =
    capabilities !== null && typeof capabilities === "object"
      ? (capabilities as { elicitation?: unknown }).elicitation
      : undefined;
  const form =
    elicitation !== null && typeof elicitation === "object" ? (elicitation as { form?: unknown }).form : undefined;
  return {
    formElicitation: form !== undefined && form !== null,
    inputResponses: request.mcpReq.inputResponses,
    requestState: request.mcpReq.requestState(),
    caller,
  };
}
