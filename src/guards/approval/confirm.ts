/**
 * The confirmation step of a dial, by OUTBOUND_CALLS_CONFIRM:
 * - `person` (default): a person approves through a channel the model cannot
 *   write to (src/approval/: the client's dialog, a link it shows, the server's
 *   approval page); where none can reach a person, the dial is refused with
 *   the ways out;
 * - `token` (opt-in, weaker): the client's dialog or link where the client has
 *   one, otherwise a dry run's confirmation_token, which the model holds;
 * - `never`: unattended dialing, which the operator accepted.
 * A token is checked here and spent in the store when the dial goes.
 */
import { createHash } from "node:crypto";
import type { CardTicket, ApprovalVerdict } from "../../approval/channel.js";
import type { AttestGroup } from "../../approval/attestation.js";
import type { Person } from "../../service/call-scope.js";
import type { ApprovalSelector } from "../../approval/selector.js";
import { approvalRequest } from "../../approval/view.js";
import { HEADLESS_NOTE } from "../../approval/headless-runs.js";
import type { ConfirmationTokens, TokenCheck } from "./tokens.js";
import type { Confirmation, ConfirmedBy, DialAttempt } from "../dial/attempt.js";

export type { Confirmation, ConfirmedBy } from "../dial/attempt.js";
import {
  ApprovalCardPending,
  ApprovalPendingError,
  InputRequiredPending,
  SafetyRefusal,
  UserDeclinedError,
} from "../dial/refusals.js";
import type { ConfirmMode } from "../../config/safety.js";
import { APPROVAL_BOUNDS_PER_CLIENT, ApprovalBoundError } from "../../state/store.js";

const TOKEN_WHY: Record<Exclude<TokenCheck, { ok: true }>["why"], string> = {
  malformed: "is not a token this server issued",
  expired: "has expired (tokens last 5 minutes)",
  other_request:
    "was issued for a different request: the number, agent and every field must be exactly those of the dry run",
  used: "was already used (a token confirms one dial)",
};

export function tokenRefusal(why: keyof typeof TOKEN_WHY): SafetyRefusal {
  return new SafetyRefusal(
    "confirmation_token",
    `Refused: the confirmation_token ${TOKEN_WHY[why]}. Run a dry run of the exact request again, show the user the preview, and use its token. Nothing was dialed.`,
    "confirmation_token",
  );
}

/** The line a dry run's checks list says about confirmation. */
export function confirmationPlan(mode: ConfirmMode, approval: ApprovalSelector): string {
  if (mode === "never")
    return "confirmation: none (OUTBOUND_CALLS_CONFIRM=never: the operator accepted unattended dialing)";
  const route = approval.route();
  if (route.kind === "client_form" || route.kind === "client_input")
    return "confirmation: the user will be asked in the client before dialing";
  if (route.kind === "app_card")
    return "confirmation: the person will be asked on the approval card in the conversation before dialing";
  if (route.kind === "client_url")
    return "confirmation: the client will show the user a link to the approval page before dialing";
  if (route.kind === "page") return "confirmation: a person will be asked on the approval page before dialing";
  if (mode === "token")
    return "confirmation: OUTBOUND_CALLS_CONFIRM=token; dial again with the same arguments and this confirmation_token once the user agreed";
  return `confirmation: a dial would be refused: ${route.kind === "unavailable" ? route.why : "no person can be asked"}`;
}

/** How this server confirms (OUTBOUND_CALLS_CONFIRM) and how, in this tool call, a person can be asked. */
export interface ConfirmWays {
  mode: ConfirmMode;
  approval: ApprovalSelector;
  /** Only in the token mode: the tokens to check a token against. */
  tokens: ConfirmationTokens | undefined;
  /** How long this tool call waits for a person (OUTBOUND_CALLS_APPROVAL_WAIT_S). */
  waitMs: number;
}

/** What the person reads: the preview, and each row's local time when calling hours are checked. */
export interface Shown {
  preview: string;
  localTimes: ReadonlyMap<number, string>;
  /** Each row's consent record as text, when the operator keeps a consent file (src/guards/consent/records.ts). */
  consentRecords?: readonly string[];
  /** Each row's law of the place called, and the consent the person must attest (guards/consent-law/). */
  law?: ReadonlyArray<readonly string[] | undefined>;
  attest?: readonly AttestGroup[];
}

/** The routes on which the client asks the person itself (in the token mode too). */
const CLIENT_ASKS: ReadonlySet<string> = new Set(["client_form", "client_input", "client_url", "app_card"]);

/**
 * Whether a person may decide in this dial, between its check and its commit; false when its yes is known at once:
 * unattended, or a dry run's token where the client cannot ask (confirmDial checks the token there).
 */
export function personMayDecide(mode: ConfirmMode, approval: ApprovalSelector, token: string | undefined): boolean {
  if (mode === "never") return false;
  return mode !== "token" || token === undefined || CLIENT_ASKS.has(approval.route().kind);
}

/** How the dial was confirmed (and who approved), or a refusal: declined, pending, nobody to ask, no or a bad token. */
export async function confirmDial(attempt: DialAttempt, ways: ConfirmWays, shown: Shown): Promise<Confirmation> {
  const { mode } = ways;
  if (mode === "never") return { by: "unattended" };
  const route = ways.approval.route();
  if (mode === "token" && !CLIENT_ASKS.has(route.kind)) {
    if (!attempt.token) {
      throw new SafetyRefusal(
        "confirmation_required",
        "Refused: this server requires confirmation before every dial (OUTBOUND_CALLS_CONFIRM=token) and this client cannot ask the user. " +
          "Call the tool again with the same arguments and dry_run: true, show the user the preview it returns, and only if the user agrees " +
          "call it once more with the same arguments and the confirmation_token it gave. Nothing was dialed.",
        "confirmation_token",
      );
    }
    if (!ways.tokens) throw new Error("confirmDial: the token mode needs the tokens");
    const check = ways.tokens.check(attempt.token, attempt.key);
    if (!check.ok) throw tokenRefusal(check.why);
    return { by: "token", idempotencyKey: ways.tokens.dialKey(attempt.token) };
  }
  const tool = attempt.tool === "submit_batch" ? "submit_batch" : "create_call";
  const view = {
    rows: attempt.rows,
    agentNames: attempt.agentNames,
    localTimes: shown.localTimes,
    repeatDial: attempt.repeatDial,
    ...(shown.consentRecords ? { consentRecords: shown.consentRecords } : {}),
    ...(shown.law ? { law: shown.law } : {}),
    ...(shown.attest ? { attest: shown.attest } : {}),
  };
  const person = attempt.scope.identity.person;
  const asked = approvalRequest(approvalKey(attempt.key, person), tool, view);
  const request = { ...asked, view: person ? { ...asked.view, requestedBy: person } : asked.view, text: shown.preview };
  const { signal, progress, identity } = attempt.scope;
  const verdict = await ways.approval
    .ask(request, { signal, progress, waitMs: ways.waitMs, client: identity.client })
    .catch((error: unknown) => {
      if (error instanceof ApprovalBoundError) throw approvalBoundRefusal(error);
      throw error;
    });
  return verdictOutcome(verdict, tool);
}

/**
 * What an approval is for: this exact request, and with OAuth this person's. Another person repeating the same
 * call gets an approval of their own, so nobody dials on an approval given for someone else's request.
 */
function approvalKey(requestKey: string, person: Person | undefined): string {
  return person
    ? `${requestKey}:by:${createHash("sha256").update(person.sub, "utf8").digest("hex").slice(0, 32)}`
    : requestKey;
}

/** This client already has its share of approvals waiting: refused before anything is stored or dialed. */
function approvalBoundRefusal(error: ApprovalBoundError): SafetyRefusal {
  const { count, bytes } = APPROVAL_BOUNDS_PER_CLIENT;
  const share = error.bound === "count" ? `${count} approvals` : `${bytes / (1024 * 1024)} MiB of calls to review`;
  return new SafetyRefusal(
    "approvals_per_client",
    `Refused: this client already has ${share} waiting for a person's decision, its share of the approvals ` +
      "(one client may not crowd out the others). Nothing was dialed and nothing new was put before a person. " +
      "Wait until the person has decided the calls already waiting (or they expire), then ask again; do not repeat this call now.",
  );
}

/**
 * What the model reads while the card waits: a person decides there, the card places the call itself, so the model
 * neither calls again nor waits. Never the secret (it is in the ticket, which goes to the card alone).
 */
function cardPendingText(ticket: CardTicket, tool: string): string {
  const until = `The approval lasts until ${ticket.expires_at}.`;
  if (!ticket.secret) {
    return (
      `Waiting for a person: this exact ${tool} is already on an approval card shown earlier in the conversation; nothing was dialed now. ` +
      `Do not call ${tool} again: the person approves or declines on that card, which places the call itself and shows how it goes. ${until}`
    );
  }
  return (
    `Waiting for a person: an approval card with this ${tool} is shown to the user in the conversation; nothing has been dialed yet. ` +
    `Do not call ${tool} again and do not wait for it: the person approves or declines on the card, which then places the call itself and shows its status. ` +
    `Tell the user to review the card. If they ask later what happened, use list_calls or get_call. ${until}`
  );
}

/** A person's verdict: approved goes on; anything else throws what the model is told (never a link). */
function verdictOutcome(verdict: ApprovalVerdict, tool: string): Confirmation {
  switch (verdict.kind) {
    case "approved":
      return {
        by: verdict.via === "page" ? "page" : "client",
        approver:
          verdict.approver ??
          (verdict.via === "client_form" || verdict.via === "client_input" ? "the person, in the client" : undefined),
        idempotencyKey: verdict.idempotencyKey,
        attested: verdict.attested,
      };
    case "input_required":
      throw new InputRequiredPending(verdict.inputRequests, verdict.requestState);
    case "refused":
      throw new SafetyRefusal(verdict.rule ?? "input_request_state", verdict.why);
    case "card":
      throw new ApprovalCardPending(verdict.ticket, cardPendingText(verdict.ticket, tool));
    case "unavailable":
      throw new SafetyRefusal("confirmation_unavailable", verdict.why);
    case "declined": {
      const what =
        verdict.why === "declined"
          ? verdict.atOnce
            ? "The client declined at once"
            : "The person declined"
          : verdict.why === "cancelled"
            ? verdict.detail
              ? `The person's confirmation was not obtained (${verdict.detail})`
              : "The confirmation was cancelled in the client"
            : `The approval ran out${verdict.detail ? ` (${verdict.detail})` : ""}`;
      // A plain cancel or an instant decline of the client's form may be a client with no person at it.
      const fromForm = verdict.via === "client_form" || verdict.via === "client_input";
      const headless = fromForm && (verdict.atOnce || (verdict.why === "cancelled" && !verdict.detail));
      throw new UserDeclinedError(
        `${what}; nothing was dialed. Do not retry unless the user asks.${headless ? ` ${HEADLESS_NOTE}` : ""}`,
      );
    }
    case "pending": {
      const where =
        verdict.via === "client_url"
          ? "through the link the client showed"
          : verdict.via === "app_card"
            ? "on the approval card in the conversation"
            : verdict.via === "page"
              ? "on the approval page (in the browser, or in the approvers' inbox)"
              : "in the client";
      throw new ApprovalPendingError(
        `Waiting for a person: they were asked to approve this dial ${where} and have not decided yet; nothing was dialed. ` +
          `Tell the user to approve or decline it there, then call ${tool} again with exactly the same arguments to pick up the decision ` +
          `(the approval lasts until ${new Date(verdict.expiresAt).toISOString()}; changing any argument makes it a different request that needs its own approval).`,
      );
    }
  }
}
