/**
 * Asking the person before a dial, through MCP elicitation: a form with one
 * boolean. Only an accept with confirm=true dials; decline, cancel, false, no
 * answer in time or a client error all mean nothing is dialed.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestId } from "@modelcontextprotocol/sdk/types.js";
import { oneLine } from "../text/clean.js";

/** How long a person gets to answer. The service's deadline starts only after the answer. */
export const CONFIRM_TIMEOUT_MS = 5 * 60_000;

export type Verdict = { kind: "confirmed" } | { kind: "declined" } | { kind: "cancelled" } | { kind: "no_answer"; why: string };

export interface HumanAsker {
  /** True when the client declared form elicitation. */
  canAsk(): boolean;
  ask(message: string): Promise<Verdict>;
}

export function elicitationAsker(server: Server, signal: AbortSignal, requestId: RequestId | undefined): HumanAsker {
  return {
    canAsk: () => Boolean(server.getClientCapabilities()?.elicitation?.form),
    async ask(message) {
      try {
        const result = await server.elicitInput(
          {
            mode: "form",
            message,
            requestedSchema: {
              type: "object",
              properties: { confirm: { type: "boolean", title: "Place this call?", description: "Yes dials now; no dials nothing." } },
              required: ["confirm"],
            },
          },
          { signal, timeout: CONFIRM_TIMEOUT_MS, ...(requestId !== undefined ? { relatedRequestId: requestId } : {}) },
        );
        if (result.action === "accept") return result.content?.confirm === true ? { kind: "confirmed" } : { kind: "declined" };
        return result.action === "cancel" ? { kind: "cancelled" } : { kind: "declined" };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        // -32001 is the SDK's request timeout.
        if (code === -32001) return { kind: "no_answer", why: `no answer within ${CONFIRM_TIMEOUT_MS / 60_000} minutes` };
        if (signal.aborted) return { kind: "no_answer", why: "the tool call was cancelled" };
        return { kind: "no_answer", why: `the client could not ask (${oneLine(error instanceof Error ? error.message : String(error), 120)})` };
      }
    },
  };
}
