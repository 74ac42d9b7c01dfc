/**
 * What the guards throw. Each refusal names its rule (for the audit log) and its
 * message names the setting that refused, so a person knows what to change.
 * They are UserInputErrors: server.ts turns them into short isError answers.
 */
import type { CardTicket } from "../../approval/channel.js";
import { BatchValidationError, UserInputError, type RowProblem } from "../../validation/errors.js";

/** A guard refused: nothing was sent. `rule` is the audit log's name for it. */
export class SafetyRefusal extends UserInputError {
  declare readonly rule: string;
  constructor(rule: string, message: string, field?: string) {
    super(message, field, rule);
  }
}

/** A per-row guard refused rows of a batch: every refused row is named. */
export class BatchSafetyRefusal extends BatchValidationError {
  readonly safetyRule: string;
  constructor(rule: string, problems: RowProblem[], rowCount: number, what: string, advice: string) {
    super(
      problems.map((p) => ({ ...p, rule })),
      rowCount,
      what,
      advice,
    );
    this.safetyRule = rule;
  }
}

/** The person declined, cancelled or did not answer: nothing was dialed. */
export class UserDeclinedError extends UserInputError {}

/** An identical dial was recently made and its outcome is unknown: not dialed again. */
export class DuplicateOfUnknownError extends UserInputError {}

/** A person was asked and has not decided within the tool call's wait: nothing dialed; a repeat picks up the decision. */
export class ApprovalPendingError extends UserInputError {}

/**
 * An MCP Apps host shows the approval card: the tool call ends now, nothing dialed; the ticket goes to the card in
 * the result's `_meta` (src/mcp/tools.ts), never into the text the model reads. The audit line says "pending".
 */
export class ApprovalCardPending extends ApprovalPendingError {
  constructor(
    readonly ticket: CardTicket,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Protocol 2026-07-28: the client is asked to show the person the form (input requests); nothing was dialed. The
 * tool call answers `input_required` with these (src/mcp/tools.ts), and the audit line says "pending".
 */
export class InputRequiredPending extends ApprovalPendingError {
  constructor(
    readonly inputRequests: Record<string, unknown>,
    readonly requestState: string,
  ) {
    super("Waiting for a person: the client was asked to show them this dial to approve; nothing was dialed.");
  }
}

/** The `sending` line cannot be written before a POST: a restart could not count the dial, so it is not made. */
export function auditUnwritable(code: string): SafetyRefusal {
  return new SafetyRefusal(
    "audit_log_unwritable",
    `Refused: the audit log (OUTBOUND_CALLS_AUDIT_LOG) cannot be written (${code}), and without its line a restart would not count this dial against the caps and the dedupe window. ` +
      "Nothing was dialed. A person must free space or fix the file; reading tools still answer.",
  );
}
