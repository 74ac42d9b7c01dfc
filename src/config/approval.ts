/**
 * The variables of a person's yes before a dial: who says it, how long a tool call waits for it, how long it lasts
 * (the guard is src/guards/approval/; whether it needs a passkey, config/passkeys.ts).
 */
import { seconds, withDefault } from "./parsers.js";
import { declareVariables } from "./variables.js";

/**
 * Who says yes before a dial (OUTBOUND_CALLS_CONFIRM):
 * - person (default): a person, through the client's dialog or link, or the server's approval page
 *   (browser over stdio, approvers' inbox over --http); refused where nobody can be asked.
 * - token: the client's dialog where it has one, else the model-held confirmation_token of a dry run
 *   (weaker: a manipulated model can redeem its own token).
 * - never: unattended dialing, accepted by the operator; the caps and other guards still apply.
 */
export type ConfirmMode = "person" | "token" | "never";

/** The values of earlier versions, refused with what to set instead (a silent mapping would hide a change of meaning). */
const RETIRED_MODES: Record<string, string> = {
  auto:
    "OUTBOUND_CALLS_CONFIRM=auto was removed: it dialed without asking anyone when the client could not ask. Unset it (a person approves " +
    "every dial, in the client or on the approval page), or set never to accept unattended dialing",
  always:
    "OUTBOUND_CALLS_CONFIRM=always was renamed token (the model-held confirmation token of a dry run, weaker than the default). Unset it " +
    "(a person approves every dial, in the client or on the approval page), or set token to keep the old behaviour",
};

export const approvalVariables = declareVariables({
  OUTBOUND_CALLS_CONFIRM: {
    group: "safety",
    default: "person",
    summary:
      "who says yes to a dial: person (the client's dialog or link, else the approval page), token (the model's dry-run token; weaker), never (unattended dialing)",
    description:
      "Who says yes to a dial: `person` (the client's dialog or link, else the approval page), `token` (the model's dry-run token; weaker), `never` (unattended). `auto` and `always` are refused at start with what to set instead. See [approval.md](approval.md).",
    parse: withDefault((raw, fail): ConfirmMode => {
      const mode = raw.trim().toLowerCase();
      if (mode === "person" || mode === "token" || mode === "never") return mode;
      const retired = RETIRED_MODES[mode];
      if (retired) return fail(retired);
      return fail("OUTBOUND_CALLS_CONFIRM must be person (the default), token or never");
    }),
  },
  OUTBOUND_CALLS_APPROVAL_WAIT_S: {
    group: "safety",
    // Under the 60 s request timeout of clients that do not extend it on progress (the SDK's default).
    default: "50",
    summary: 'how long a tool call waits for the person\'s decision before answering "pending"',
    description:
      'How long a tool call waits for the person\'s decision before it answers "pending" (a repeat of the call picks the decision up).',
    parse: seconds(1, 3_600),
  },
  OUTBOUND_CALLS_APPROVAL_TTL_S: {
    group: "safety",
    default: "600",
    summary: "how long an approval can be decided, then used once",
    description: "How long an approval can be decided, and then used once.",
    parse: seconds(1, 86_400),
  },
});
