/**
 * Approval through a link the client shows to the person: MCP URL-mode
 * elicitation (protocol 2025-11-25). The link opens the server's approval page;
 * the client's answer only says whether the person agreed to open it (a decline
 * or cancel there declines the approval). The decision is taken on the page, and
 * the client is told it is over with notifications/elicitation/complete.
 * The link carries the one-time secret: it goes to the client, which shows it to
 * the person, and never into anything the model reads.
 */
import type { RequestId } from "@modelcontextprotocol/server";
import type { ApprovalClient } from "../protocol/approval-client.js";
import type { ApprovalCallContext, ApprovalChannel, ApprovalRequest, ApprovalVerdict } from "./channel.js";
import type { ApprovalDesk } from "./desk.js";
import { awaitDecision } from "./settle.js";

export const CLIENT_DECLINED = "the person, in the client (declined to open the link)";

export function urlChannel(
  server: ApprovalClient,
  requestId: RequestId | undefined,
  desk: ApprovalDesk,
  link: (id: string, secret: string) => Promise<string>,
): ApprovalChannel {
  return {
    async ask(request: ApprovalRequest, ctx: ApprovalCallContext): Promise<ApprovalVerdict> {
      const { record, secret } = await desk.open(request, "client_url", ctx.client);
      const url = await link(record.id, secret);
      const related = requestId !== undefined ? { relatedRequestId: requestId } : {};
      const count = request.view.rows.length;
      const elicited = server
        .elicitInput(
          {
            mode: "url",
            elicitationId: record.id,
            url,
            // What is asked first (a client may fold all but the first lines), then how to answer.
            message:
              `${request.text}\n\n` +
              `outbound-calls-mcp asks you to approve ${count === 1 ? "this phone call" : `these ${count} phone calls`} before anything is dialed. ` +
              "Open the link to see exactly what would be dialed, then choose Approve or Decline there. The link works once.",
          },
          { signal: ctx.signal, timeout: ctx.waitMs, ...related },
        )
        .then(
          async (result) => {
            // Declining to open the link declines the approval: the page cannot approve it afterwards.
            if (result.action !== "accept") await desk.decide(record.id, "declined", CLIENT_DECLINED);
          },
          // The client could not show it or gave up waiting: nothing is decided; the wait below ends on its own.
          () => undefined,
        );
      const verdict = await awaitDecision(desk, record.id, "client_url", ctx, "on the page the client linked to");
      void elicited;
      if (verdict.kind !== "pending") {
        await server
          .createElicitationCompletionNotifier(record.id, related)()
          .catch(() => undefined);
      }
      return verdict;
    },
  };
}
