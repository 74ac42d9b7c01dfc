/**
 * What the server says on stderr at start about who approves dials: loudly when
 * nobody does (never), plainly when the model may hold the confirmation (token),
 * and over --http where approvers decide, or that nobody can.
 */
import type { ConfirmMode } from "../config/safety.js";

export interface StartNoteOptions {
  transport: "stdio" | "http";
  /** False in read-only mode: nothing can be dialed, nothing to say. */
  writes: boolean;
  /** Over --http: the inbox's URL when OUTBOUND_CALLS_APPROVER_TOKEN is set. */
  inboxUrl?: string | undefined;
  /** Over --http: where the inbox would be. */
  baseUrl?: string | undefined;
  /** The variable that opens the inbox: OUTBOUND_CALLS_APPROVER_TOKEN, or with OAuth OUTBOUND_CALLS_APPROVER_CLIENT_ID. */
  inboxVariable?: string | undefined;
}

export function confirmModeNotes(mode: ConfirmMode, options: StartNoteOptions): string[] {
  if (!options.writes) return [];
  if (mode === "never") {
    return [
      "outbound-calls-mcp: WARNING: OUTBOUND_CALLS_CONFIRM=never: UNATTENDED DIALING. Every create_call and submit_batch dials on the model's word alone; " +
        "no person is asked. The dial caps, calling hours, do-not-call list and dedupe still apply.",
    ];
  }
  if (mode === "token") {
    return [
      "outbound-calls-mcp: OUTBOUND_CALLS_CONFIRM=token: where the client cannot ask the person, a dry run's confirmation_token is enough to dial. " +
        "The model holds that token, so this is weaker than the default (a manipulated model can redeem its own token).",
    ];
  }
  if (options.transport === "stdio") return [];
  if (options.inboxUrl)
    return [
      `outbound-calls-mcp: approvers' inbox at ${options.inboxUrl}: every dial waits there until an approver decides`,
    ];
  const variable = options.inboxVariable ?? "OUTBOUND_CALLS_APPROVER_TOKEN";
  return [
    `outbound-calls-mcp: no person can approve dials here: clients over stateless HTTP cannot be asked and ${variable} is not set, ` +
      `so every create_call and submit_batch will be refused. Set ${variable} to open the approvers' inbox at ${options.baseUrl ?? ""}/approvals, ` +
      "or OUTBOUND_CALLS_CONFIRM=never to accept unattended dialing.",
  ];
}
