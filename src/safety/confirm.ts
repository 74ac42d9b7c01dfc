/**
 * The confirmation step of a dial, by OUTBOUND_CALLS_CONFIRM: `never` dials
 * without asking; otherwise a person is asked where the client can ask, and
 * where it cannot, `auto` dials without a human check and `always` requires a
 * dry run's confirmation_token (checked here; spent in the store when the dial
 * goes, so a token works once).
 */
import type { HumanAsker } from "../consent/elicitation.js";
import type { ConfirmationTokens, TokenCheck } from "./confirmation-token.js";
import { SafetyRefusal, UserDeclinedError } from "./refusals.js";
import type { ConfirmMode } from "./settings.js";

export type ConfirmedBy = "user" | "token" | "not_asked" | "not_required";

const TOKEN_WHY: Record<Exclude<TokenCheck, { ok: true }>["why"], string> = {
  malformed: "is not a token this server issued",
  expired: "has expired (tokens last 5 minutes)",
  other_request: "was issued for a different request: the number, agent and every field must be exactly those of the dry run",
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
export function confirmationPlan(mode: ConfirmMode, asker: HumanAsker): string {
  if (mode === "never") return "confirmation: not required (OUTBOUND_CALLS_CONFIRM=never)";
  if (asker.canAsk()) return "confirmation: the user will be asked before dialing";
  if (mode === "auto") return "confirmation: this client cannot ask the user, so the dial goes without a human check (OUTBOUND_CALLS_CONFIRM=auto)";
  return "confirmation: OUTBOUND_CALLS_CONFIRM=always; dial again with the same arguments and this confirmation_token once the user agreed";
}

export interface ConfirmInput {
  mode: ConfirmMode;
  asker: HumanAsker;
  preview: string;
  requestKey: string;
  token: string | undefined;
  tokens: ConfirmationTokens;
}

/** How the dial was confirmed, or a refusal (declined, no token, a bad token). */
export async function confirmDial(input: ConfirmInput): Promise<ConfirmedBy> {
  const { mode, asker } = input;
  if (mode === "never") return "not_required";
  if (asker.canAsk()) {
    const verdict = await asker.ask(input.preview);
    if (verdict.kind === "confirmed") return "user";
    const what =
      verdict.kind === "cancelled"
        ? "The user cancelled the confirmation"
        : verdict.kind === "declined"
          ? "The user declined"
          : `The user's confirmation was not obtained (${verdict.why})`;
    throw new UserDeclinedError(`${what}; nothing was dialed. Do not retry unless the user asks.`);
  }
  if (mode === "auto") return "not_asked";
  if (!input.token) {
    throw new SafetyRefusal(
      "confirmation_required",
      "Refused: this server requires confirmation before every dial (OUTBOUND_CALLS_CONFIRM=always) and this client cannot ask the user. " +
        "Call the tool again with the same arguments and dry_run: true, show the user the preview it returns, and only if the user agrees " +
        "call it once more with the same arguments and the confirmation_token it gave. Nothing was dialed.",
      "confirmation_token",
    );
  }
  const check = input.tokens.check(input.token, input.requestKey);
  if (!check.ok) throw tokenRefusal(check.why);
  return "token";
}
