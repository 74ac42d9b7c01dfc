/**
 * The client a approval channel may ask, for one tool call: what it can show
 * (its capabilities) and the 2025 way of asking it (elicitation/create, a
 * request from the server to the client, related to the tool call).
 *
 * A 2025-era client declared its capabilities in `initialize`; it is asked by
 * form or URL elicitation (src/approval/selector.ts picks). A 2026-07-28 client
 * declares them on every request (`_meta`, lifted by the SDK into
 * `request.mcpReq.envelope`) and cannot be sent a request: it is asked through
 * input requests inside the answer (`resultType: "input_required"`, then a retry
 * carrying `request.mcpReq.inputResponses`: src/approval/input-channel.ts, fed
 * by input-round.ts). So a 2026-07-28 client is shown no elicitation here: its
 * forms go through input requests, and without forms its dials go to the
 * server's approval page or the hosted inbox, never to a request the SDK would
 * refuse to send.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";

export type ApprovalClient = Pick<
  Server,
  "getClientCapabilities" | "elicitInput" | "createElicitationCompletionNotifier"
>;

/** The reserved `_meta` keys a 2026-07-28 request carried (the SDK types the envelope loosely). */
export const envelopeOf = (request: ServerContext) =>
  request.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined;

export function approvalClient(server: Server, era: "legacy" | "modern", request: ServerContext): ApprovalClient {
  if (era === "legacy") return server;
  const declared = envelopeOf(request)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  return {
    // What the client declared, without elicitation: it is not asked by a server request in this revision.
    getClientCapabilities: () => (declared ? { ...declared, elicitation: undefined } : undefined),
    elicitInput: () =>
      Promise.reject(new Error("a 2026-07-28 client is asked through input requests, not elicitation/create")),
    createElicitationCompletionNotifier: () => () => Promise.resolve(),
  };
}
