/**
 * Approval in the client's own dialog: MCP form elicitation with one boolean,
 * and the basis of consent the person attests where the law requires it
 * (attestation.ts). Only an accept with confirm=true (and every basis asked)
 * approves; decline, cancel, false, no answer in time or a client error all
 * mean nothing is dialed.
 */
import type { RequestId } from "@modelcontextprotocol/server";
import type { ApprovalClient } from "../protocol/approval-client.js";
import { oneLine } from "../text/clean.js";
import type { ApprovalCallContext, ApprovalChannel, ApprovalRequest, ApprovalVerdict } from "./channel.js";
import { ANSWERED_AT_ONCE_MS } from "./headless-runs.js";
import { readAttested } from "./attestation.js";
import { approvalSchema, ATTESTATION_MISSING } from "./input-channel.js";

/** How long a person gets to answer the client's dialog. The service's deadline starts only after the answer. */
export const FORM_TIMEOUT_MS = 5 * 60_000;

export function formChannel(server: ApprovalClient, requestId: RequestId | undefined): ApprovalChannel {
  return {
    async ask(request: ApprovalRequest, ctx: ApprovalCallContext): Promise<ApprovalVerdict> {
      const asked = performance.now();
      try {
        const result = await server.elicitInput(
          {
            mode: "form",
            message: request.text,
            requestedSchema: approvalSchema(request.view),
          },
          {
            signal: ctx.signal,
            timeout: FORM_TIMEOUT_MS,
            ...(requestId !== undefined ? { relatedRequestId: requestId } : {}),
          },
        );
        if (result.action === "accept" && result.content?.confirm === true) {
          const attested = readAttested(request.view.attest, (field) => result.content?.[field]);
          if (attested)
            return { kind: "approved", via: "client_form", ...(request.view.attest?.length ? { attested } : {}) };
          return { kind: "declined", via: "client_form", why: "cancelled", detail: ATTESTATION_MISSING };
        }
        if (result.action === "cancel") return { kind: "declined", via: "client_form", why: "cancelled" };
        // A form filled in with no is a person's answer; a decline may be the client's own, when it comes at once.
        const atOnce = result.action === "decline" && performance.now() - asked < ANSWERED_AT_ONCE_MS;
        return { kind: "declined", via: "client_form", why: "declined", ...(atOnce ? { atOnce: true as const } : {}) };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        // -32001 is the SDK's request timeout.
        if (code === -32001)
          return {
            kind: "declined",
            via: "client_form",
            why: "expired",
            detail: `no answer within ${FORM_TIMEOUT_MS / 60_000} minutes`,
          };
        if (ctx.signal.aborted)
          return { kind: "declined", via: "client_form", why: "cancelled", detail: "the tool call was cancelled" };
        const message = oneLine(error instanceof Error ? error.message : String(error), 120);
        return {
          kind: "declined",
          via: "client_form",
          why: "cancelled",
          detail: `the client could not ask (${message})`,
        };
      }
    },
  };
}
