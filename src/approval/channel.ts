/**
 * The approval the model cannot give itself: the seam between the dial pipeline
 * (src/guards/) and the ways a person can say yes. The pipeline builds a
 * ApprovalRequest for the exact normalized request and asks; a channel answers
 * with a verdict. A channel is a path the model cannot write to: the client's
 * own dialog (form elicitation), a link the client shows to the person (URL
 * elicitation), or the server's approval page opened in the person's browser
 * (stdio) or listed in the approvers' inbox (--http).
 *
 * The secret that lets someone approve (the link's token) never leaves the
 * channel: not in a verdict, not in an answer, a notification or the audit log.
 */
import type { CallScope } from "../service/call-scope.js";
import type { Attested, ViewAttestGroup } from "./attestation.js";

/** One row as a person reads it before a dial. Every string is already cleaned (no line breaks). */
export interface ApprovalRow {
  /** What is sent: +14155552671. */
  e164: string;
  /** For people: +1 415 555 2671. */
  international: string;
  /** ISO 3166 code and English name. */
  country: string;
  countryName: string;
  /** "10:05 (America/Los_Angeles)" when calling hours are checked. */
  localTime?: string;
  /** The operator's consent record for the number (OUTBOUND_CALLS_CONSENT_FILE), as text. */
  consent?: string;
  agentId: string;
  agentName?: string;
  contactName?: string;
  companyName?: string;
  metadata?: Record<string, string | number | boolean | null>;
  /** The law of the place called for this number: its rules with their tiers, and how its prior consent is met. */
  law?: string[];
}

export interface ApprovalView {
  tool: "create_call" | "submit_batch";
  rows: ApprovalRow[];
  /** For a batch: rows per country and the agents, for the summary at the top. */
  countries: Array<{ code: string; name: string; count: number }>;
  agents: Array<{ id: string; name?: string }>;
  /** The request says a second call to a recently dialed number is meant (repeat_dial). */
  repeatDial?: true;
  /** The person who asked (their access token's subject and name), over `--http` with OAuth. */
  requestedBy?: { sub: string; name?: string };
  /** The consent the approving person must attest (attestation.ts): one required answer a group of rows. */
  attest?: ViewAttestGroup[];
}

export interface ApprovalRequest {
  /** The identity of the exact normalized request (safety/dial-key.ts): an approval is for this and nothing else. */
  requestKey: string;
  view: ApprovalView;
  /** The same as plain text with one labelled line per field (form elicitation's message, dry runs). */
  text: string;
}

/**
 * client_input: the client's form, asked through input requests (protocol 2026-07-28, input-channel.ts);
 * app_card: the approval card an MCP Apps host renders in the conversation (card/).
 */
export type ApprovalVia = "client_form" | "client_input" | "client_url" | "page" | "app_card";

/** What the card gets in the pending result's `_meta` (never in its text): the approval, its secret, what to show. */
export interface CardTicket {
  approval_id: string;
  /** Absent when the card of this request was already shown (a repeat of the call): the earlier card decides. */
  secret?: string;
  expires_at: string;
  tool: ApprovalView["tool"];
  view: ApprovalView;
}

export type ApprovalVerdict =
  | {
      kind: "approved";
      via: ApprovalVia;
      /** Over HTTP, the approver's label; "local browser" for the stdio page. */
      approver?: string;
      /**
       * The Idempotency-Key the one dial of this yes goes with, derived with the state key from what makes the yes
       * single-use (the approval, the input state); absent for a yes given live in the client's dialog.
       */
      idempotencyKey?: string;
      /** The consent the person attested in the approval (attestation.ts), when the view asked for it. */
      attested?: Attested;
    }
  | {
      kind: "declined";
      via: ApprovalVia;
      why: "declined" | "cancelled" | "expired";
      /** What happened, for the model (never a link or secret). */ detail?: string;
      /** The client's form came back declined faster than a person reads it (headless-runs.ts). */
      atOnce?: true;
    }
  /** The tool call's wait ended before a decision: a repeat of the same call picks it up. */
  | { kind: "pending"; via: ApprovalVia; expiresAt: number }
  /**
   * Protocol 2026-07-28: the client is to show the form and retry the same call with the answer. The tool call
   * ends with these, nothing sent; `requestState` is signed and readable by the client (request-state.ts).
   */
  | { kind: "input_required"; inputRequests: Record<string, unknown>; requestState: string; expiresAt: number }
  /**
   * An MCP Apps host renders the approval card: the tool call ends at once, nothing sent, telling the model a
   * person decides on the card; the ticket goes to the card in the result's `_meta`.
   */
  | { kind: "card"; ticket: CardTicket }
  /** An answer that came back with a state this server refuses (altered, expired, used, another request). */
  | { kind: "refused"; why: string; /** The audit log's rule; input_request_state when absent. */ rule?: string }
  /** No person can be asked here (no elicitation, no browser, no inbox): the message names the ways out. */
  | { kind: "unavailable"; why: string };

/**
 * What one tool call gives the channel: from its scope, the client's cancellation and the progress notifications
 * that keep clients waiting while a person decides; and how long it may wait for the decision (ms).
 */
export type ApprovalCallContext = Pick<CallScope, "signal" | "progress"> & {
  waitMs: number;
  /** The call scope's identity.client: an approval counts against this client's share (APPROVAL_BOUNDS_PER_CLIENT). */
  client: string;
};

export interface ApprovalChannel {
  ask(request: ApprovalRequest, ctx: ApprovalCallContext): Promise<ApprovalVerdict>;
}
