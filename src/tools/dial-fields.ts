/**
 * Input and output fields both write tools share for the safety guards:
 * dry runs, confirmation tokens, second calls, and the answers a dial can end in.
 */
import * as z from "zod";
import { optional } from "../validation/optional.js";
import type { DialOutcome } from "../guards/dial-guard.js";

export const writeOptions = {
  dry_run: optional(
    z.boolean(),
    "true: check and normalize everything and show what would be dialed, but send nothing. Use it to show the user the call before placing it.",
  ),
  confirmation_token: optional(
    z.string().max(200),
    "Only when the server requires it (OUTBOUND_CALLS_CONFIRM=token and no way to ask the user): the token a dry_run of exactly this request returned, after the user agreed to its preview.",
  ),
  repeat_dial: optional(
    z.boolean(),
    "true only when the user wants a second call to a number already dialed in the last minutes (the dedupe window); otherwise such a dial is refused.",
  ),
};

/** Fields of a write tool's answer that say how the dial went (or that it was only a dry run). */
export const dialAnswerFields = {
  confirmed_by: z
    .enum(["client", "page", "unattended", "token"])
    .optional()
    .describe(
      "How the dial was confirmed: client (a person, in the client), page (a person, on the approval page), unattended (OUTBOUND_CALLS_CONFIRM=never), token (dry run + confirmation_token)",
    ),
  deduplicated: z
    .boolean()
    .optional()
    .describe("true when an identical recent dial was returned instead of dialing again"),
  first_dialed_at: z
    .string()
    .optional()
    .describe("For a deduplicated answer: when the identical dial was placed (UTC)"),
  dry_run: z.boolean().optional().describe("true when nothing was sent: the answer is a preview"),
  preview: z.string().optional().describe("Dry run: what would be dialed, as a person reads it"),
  checks: z.array(z.string()).optional().describe("Dry run: the checks that passed"),
  confirmation_token: z
    .string()
    .optional()
    .describe(
      "Dry run with OUTBOUND_CALLS_CONFIRM=token: pass it with the same arguments to dial, once the user agreed",
    ),
  token_expires_at: z.string().optional().describe("When confirmation_token expires (UTC)"),
};

const dialAnswer = z.object(dialAnswerFields);
export type DialAnswer = z.infer<typeof dialAnswer>;

/** The text a model reads for a dry run. */
export function dryRunText(out: DialAnswer, toolName: string): string {
  const lines = [
    "Dry run: nothing was sent and nothing was dialed.",
    out.preview ?? "",
    `Checks passed: ${(out.checks ?? []).join("; ")}.`,
  ];
  if (out.confirmation_token) {
    lines.push(
      `Show the user the preview above. Only if the user agrees, call ${toolName} again with exactly the same arguments plus ` +
        `"confirmation_token": "${out.confirmation_token}" (without dry_run); it works once, until ${out.token_expires_at ?? "it expires"}.`,
    );
  }
  return lines.join("\n");
}

/** The answer fields of a dry run, the same for both write tools. */
export function dryRunFields(outcome: Extract<DialOutcome<unknown>, { kind: "dry_run" }>) {
  return {
    dry_run: true as const,
    preview: outcome.preview,
    checks: outcome.checks,
    ...(outcome.token
      ? { confirmation_token: outcome.token.token, token_expires_at: new Date(outcome.token.expiresAt).toISOString() }
      : {}),
  };
}
