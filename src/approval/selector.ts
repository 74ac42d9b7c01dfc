/**
 * Picks, per tool call, how a person is asked: an approval already open for the
 * exact request is picked up (a repeat of a call that ended "pending" does not
 * ask again); otherwise, for a client that renders MCP Apps, the approval card
 * in the conversation (card/); for a 2026-07-28 client that declared form
 * elicitation, the client's form through input requests (input-channel.ts);
 * for a 2025 client, the client's dialog (form elicitation), then a link the
 * client shows (URL elicitation); then the server's approval page (the browser
 * over stdio, the approvers' inbox over --http). A 2026-07-28 client cannot be
 * sent elicitation/create: without form elicitation it gets the page. Where none can reach a person
 * the verdict is `unavailable`, with the two ways out. When Approve needs a passkey
 * (OUTBOUND_CALLS_APPROVAL_PASSKEY=required) the client's forms are passed over, since a form's yes carries
 * no passkey: only the server's page asks (opened directly or linked by the client), and with no passkey
 * enrolled nobody is asked at all.
 */
import type { RequestId } from "@modelcontextprotocol/server";
import type { ApprovalClient } from "../protocol/approval-client.js";
import type { ApprovalCallContext, ApprovalChannel, ApprovalRequest, ApprovalVerdict, ApprovalVia } from "./channel.js";
import { storedView, type ApprovalDesk } from "./desk.js";
import { formChannel } from "./form-channel.js";
import { inputChannel, type InputSeat } from "./input-channel.js";
import type { Opener } from "./opener.js";
import { cardChannel, ticketOf } from "./card/card-channel.js";
import { browserPageChannel, IN_BROWSER, IN_INBOX, inboxPageChannel } from "./page-channel.js";
import type { LocalPageServer } from "./page/local-server.js";
import { approvedVerdict, awaitDecision } from "./settle.js";
import { urlChannel } from "./url-channel.js";
import type { PasskeyGate } from "./passkeys/gate.js";
import { ENROLL_HOWTO } from "./passkeys/index.js";

/** Where the server's own page lives: on loopback for this machine's browser (stdio), or in the hosted inbox (--http). */
export type PageSurface =
  | { kind: "local"; page: LocalPageServer; opener: Opener }
  | {
      kind: "hosted";
      /** False when neither OUTBOUND_CALLS_APPROVER_TOKEN nor, with OAuth, OUTBOUND_CALLS_APPROVER_CLIENT_ID is set: no inbox. */
      inbox: boolean;
      /**
       * With OAuth and no self-approval: the client's dialog, form and card are the asker's own yes, so only the
       * inbox asks (another approver decides there).
       */
      onlyInbox?: boolean;
      /** What opens the inbox, for the ways out: OUTBOUND_CALLS_APPROVER_TOKEN, or with OAuth OUTBOUND_CALLS_APPROVER_CLIENT_ID. */
      inboxVariable?: string;
    };

export interface SelectorParts {
  server: ApprovalClient;
  requestId: RequestId | undefined;
  desk: ApprovalDesk;
  surface: PageSurface;
  /** False in the token mode: only the client may ask; otherwise the model-held token is the way. */
  allowPage: boolean;
  log: (line: string) => void;
  /** Set for a request of protocol 2026-07-28: its round of input requests. Absent: a 2025 client. */
  input?: InputSeat | undefined;
  /** Approve needs a passkey: only the server's page can ask. */
  passkeys?: PasskeyGate | undefined;
  /** The client declared that it renders MCP Apps (card/apps-support.ts): it is offered the approval card first. */
  apps?: boolean;
  /** Set for the card's own decision (src/mcp/card-tool.ts): the one channel, bound to the card's approval. */
  decision?: ApprovalChannel | undefined;
}

export type Route = { kind: ApprovalVia } | { kind: "unavailable"; why: string };

const UNATTENDED =
  "set OUTBOUND_CALLS_CONFIRM=never to accept unattended dialing (the caps and the other guards still apply)";

/** The ways out for whoever runs this server: what they can change where it runs (it already runs --http, or not). */
export function waysOut(surface: PageSurface["kind"], inboxVariable = "OUTBOUND_CALLS_APPROVER_TOKEN"): string {
  return surface === "hosted"
    ? `Ways out, for whoever runs this server: set ${inboxVariable} so that approvers decide in its inbox at /approvals, or ${UNATTENDED}.`
    : `Ways out, for whoever runs this server: ${UNATTENDED}, or run it with --http and OUTBOUND_CALLS_APPROVER_TOKEN so that approvers decide in the hosted inbox.`;
}

/** What the model is told when nobody can be asked: why, that nothing was dialed, and the ways out. */
function refusal(why: string, surface: PageSurface): string {
  return `Refused: no person can be asked to approve this dial: ${why}. Nothing was dialed. ${waysOut(surface.kind, surface.kind === "hosted" ? surface.inboxVariable : undefined)}`;
}

export class ApprovalSelector implements ApprovalChannel {
  constructor(private readonly parts: SelectorParts) {}

  /** The channel a new request would use now. */
  route(): Route {
    const { server, surface, allowPage, input, passkeys, apps, decision } = this.parts;
    if (surface.kind === "hosted" && surface.onlyInbox) {
      // Nothing of the client's: the person asking may not be the one who says yes.
    } else if (passkeys) {
      // A form's yes cannot carry a passkey, nor can the card's; a URL elicitation links to our own page, which asks for one.
      if (!input && server.getClientCapabilities()?.elicitation?.url && surface.kind === "local")
        return { kind: "client_url" };
    } else if (apps || decision) return { kind: "app_card" };
    else if (input) {
      if (input.round.formElicitation) return { kind: "client_input" };
    } else {
      const elicitation = server.getClientCapabilities()?.elicitation;
      if (elicitation?.form) return { kind: "client_form" };
      if (elicitation?.url && surface.kind === "local") return { kind: "client_url" };
    }
    if (!allowPage)
      return { kind: "unavailable", why: "this client cannot ask the person (it supports no MCP elicitation)" };
    if (surface.kind === "hosted") {
      return surface.inbox
        ? { kind: "page" }
        : {
            kind: "unavailable",
            why: `this HTTP server has no approvers' inbox (${surface.inboxVariable ?? "OUTBOUND_CALLS_APPROVER_TOKEN"} is not set) and clients over stateless HTTP cannot be asked`,
          };
    }
    const noBrowser = surface.opener.unavailable();
    if (noBrowser)
      return {
        kind: "unavailable",
        why: `this client cannot show a dialog (no MCP elicitation) and no browser can be opened (${noBrowser})`,
      };
    return { kind: "page" };
  }

  async ask(request: ApprovalRequest, ctx: ApprovalCallContext): Promise<ApprovalVerdict> {
    const { desk, decision } = this.parts;
    // The card's Approve: only the approval it carries counts, never another one found or opened.
    if (decision) {
      // Under OUTBOUND_CALLS_APPROVAL_PASSKEY=required no card is offered, and none decides: only the page asks for a passkey.
      if (this.parts.passkeys)
        return {
          kind: "unavailable",
          why: "Refused: approvals need a passkey, which only the approval page can ask for; the card decides nothing. Nothing was dialed.",
        };
      const { surface } = this.parts;
      if (surface.kind === "hosted" && surface.onlyInbox) {
        return {
          kind: "unavailable",
          why: "Refused: on this server another approver decides in the inbox (no self-approval); the card decides nothing. Nothing was dialed.",
        };
      }
      return decision.ask(request, ctx);
    }
    const open = await desk.findOpen(request.requestKey);
    if (open) {
      const via = storedView(open)?.via ?? "page";
      // A repeat of a call whose card is already in the conversation: that card decides; nothing new is shown.
      if (via === "app_card" && open.status === "pending")
        return { kind: "card", ticket: ticketOf(open, request.view) };
      if (open.status === "approved") {
        if (await desk.consume(open.id)) return approvedVerdict(desk, open, via);
      } else {
        return awaitDecision(
          desk,
          open.id,
          via,
          ctx,
          via === "client_url" ? "on the page the client linked to" : this.pageWhere(),
        );
      }
    }
    const route = this.route();
    if (
      this.parts.passkeys &&
      route.kind !== "unavailable" &&
      (await this.parts.passkeys.registry.list()).length === 0
    ) {
      return {
        kind: "unavailable",
        why: `Refused: no person can be asked to approve this dial: ${ENROLL_HOWTO}. Nothing was dialed.`,
      };
    }
    switch (route.kind) {
      case "app_card":
        return cardChannel(desk).ask(request, ctx);
      case "unavailable":
        return { kind: "unavailable", why: refusal(route.why, this.parts.surface) };
      case "client_input": {
        const { input } = this.parts;
        // route() picks it only with a round of input requests.
        if (!input) throw new Error("input requests need the request's round");
        return inputChannel(input).ask(request, ctx);
      }
      case "client_form":
        return formChannel(this.parts.server, this.parts.requestId).ask(request, ctx);
      case "client_url": {
        const { surface } = this.parts;
        // route() offers the link only with a local page to link to.
        if (surface.kind !== "local") throw new Error("URL elicitation needs the local approval page");
        return urlChannel(this.parts.server, this.parts.requestId, desk, (id, secret) =>
          surface.page.link(id, secret),
        ).ask(request, ctx);
      }
      case "page": {
        const { surface, log } = this.parts;
        const channel =
          surface.kind === "local"
            ? browserPageChannel(desk, surface.page, surface.opener, log)
            : inboxPageChannel(desk, log);
        const verdict = await channel.ask(request, ctx);
        return verdict.kind === "unavailable"
          ? { kind: "unavailable", why: refusal(verdict.why, this.parts.surface) }
          : verdict;
      }
    }
  }

  private pageWhere(): string {
    return this.parts.surface.kind === "local" ? IN_BROWSER : IN_INBOX;
  }
}
