/**
 * Approval through input requests (protocol 2026-07-28), for a client that
 * declared form elicitation: the tool call answers `input_required` with one
 * form (a single boolean, as the 2025 dialog) and a signed `requestState`
 * (request-state.ts); the client shows the form and retries the same
 * tools/call with the person's answer in `inputResponses` and the state.
 * Nothing is held between the two rounds but the signed state and, in the
 * guard store, its single-use mark: any replica can take the retry.
 *
 * The protocol does not make a state single-use; the server does. A state that
 * checks out is spent in the guard store (OnceMarks.use, one atomic step in
 * memory or Redis) before its answer counts, whatever the answer: one state is
 * one decision, so one approval places at most one dial however often, and on
 * however many replicas, the client resends it. A retry without an answer is
 * asked again with a new state; an answer that is not an accept of the exact
 * form asked (confirm: true and nothing else) approves nothing.
 */
import type { OnceMarks } from "../state/store.js";
import type { ApprovalChannel, ApprovalRequest, ApprovalVerdict, ApprovalView } from "./channel.js";
import { ANSWERED_AT_ONCE_MS } from "./headless-runs.js";
import { attestProperties, readAttested, type Attested } from "./attestation.js";
import type { CallerIdentity, RequestStates, StateBinding } from "./request-state.js";

/** The key of the one input request: the name the answer must come back under. */
export const APPROVAL_INPUT = "approve_dial";

/** What one tool call of a 2026-07-28 client carries for its approval. */
export interface InputRound {
  /** The client declared form elicitation on this request. */
  formElicitation: boolean;
  /** The retry's answers (the SDK's `inputResponses`), untrusted. */
  inputResponses: Readonly<Record<string, unknown>> | undefined;
  /** The retry's `requestState` as received (untrusted; verified here, not by the SDK). */
  requestState: unknown;
  caller: CallerIdentity;
}

/** What the input channel needs: the round, the states (keyed by the store's shared secret) and the single-use marks. */
export interface InputSeat {
  round: InputRound;
  states: () => Promise<RequestStates>;
  marks: OnceMarks;
  now: () => number;
  /** How long a state lives (the approval TTL). */
  ttlMs: number;
  /** The Idempotency-Key of the one dial a yes allows (desk.ts dialKeyOf), here of `input-state:<id>`. */
  dialKey: (use: string) => string;
}

/** The form asked: the same one boolean as the 2025 dialog. */
export const APPROVAL_SCHEMA = {
  type: "object",
  properties: {
    confirm: { type: "boolean", title: "Place this call?", description: "Yes dials now; no dials nothing." },
  },
  required: ["confirm"],
} as const;

/** The form a view asks: the boolean, and the basis of consent for each group of rows that needs one (required). */
export function approvalSchema(view: ApprovalView) {
  const attest = attestProperties(view.attest, view.rows.length);
  return {
    type: "object" as const,
    properties: { ...APPROVAL_SCHEMA.properties, ...attest },
    required: ["confirm", ...Object.keys(attest)],
  };
}

export const ATTESTATION_MISSING =
  "the form came back without the basis of the prior consent it asks the person to attest";

/** decline: the client's decline; refuse: the form filled in with no (a person's answer, never a client's reflex). */
type Answer = "approve" | "decline" | "refuse" | "cancel" | "not_the_form" | "missing";

/**
 * The person's answer to the form named `key`, read strictly: only `accept` with exactly `{confirm: true}` and the
 * attestation fields of `view` (each one of its bases) approves.
 */
export function readAnswer(
  responses: Readonly<Record<string, unknown>> | undefined,
  key: string,
  view?: ApprovalView,
): Answer {
  const response = responses !== undefined && Object.hasOwn(responses, key) ? responses[key] : undefined;
  if (response === undefined) return "missing";
  if (response === null || typeof response !== "object" || Array.isArray(response)) return "not_the_form";
  const { action, content } = response as { action?: unknown; content?: unknown };
  if (action === "decline") return "decline";
  if (action === "cancel") return "cancel";
  if (action !== "accept" || content === null || typeof content !== "object" || Array.isArray(content))
    return "not_the_form";
  const fields = Object.keys(content).sort();
  const asked = ["confirm", ...(view?.attest ?? []).map((g) => g.field)].sort();
  const confirm = (content as { confirm: unknown }).confirm;
  if (confirm === false && Object.hasOwn(content, "confirm")) return "refuse";
  if (fields.join() !== asked.join()) return "not_the_form";
  if (readAttested(view?.attest, (field) => (content as Record<string, unknown>)[field]) === undefined)
    return "not_the_form";
  return confirm === true ? "approve" : "not_the_form";
}

const AGAIN = "To ask the person anew, call the tool again with the same arguments (the client shows a new form).";
const REFUSED: Record<"malformed" | "other_request" | "expired" | "used", string> = {
  malformed: "Refused: the approval that came back with this call is not one this server issued. Nothing was dialed.",
  other_request:
    "Refused: the approval that came back with this call was issued for another request (another tool, other numbers or fields, another repeat_dial or another client), or was altered. Nothing was dialed.",
  expired: "Refused: the approval asked in the client has expired. Nothing was dialed.",
  used: "Refused: this approval was already used (one approval places at most one dial). Nothing was dialed.",
};

export function inputChannel(seat: InputSeat): ApprovalChannel {
  return {
    async ask(request: ApprovalRequest): Promise<ApprovalVerdict> {
      const { round } = seat;
      const binding: StateBinding = { tool: request.view.tool, requestKey: request.requestKey, caller: round.caller };
      const states = await seat.states();
      const askAnew = (): ApprovalVerdict => {
        const { state, body } = states.mint(binding, APPROVAL_INPUT);
        const form = {
          method: "elicitation/create",
          params: { mode: "form", message: request.text, requestedSchema: approvalSchema(request.view) },
        };
        return {
          kind: "input_required",
          inputRequests: { [APPROVAL_INPUT]: form },
          requestState: state,
          expiresAt: body.exp,
        };
      };
      if (round.requestState === undefined) return askAnew();
      const check = states.check(round.requestState, binding);
      if (!check.ok) return { kind: "refused", why: `${REFUSED[check.why]} ${AGAIN}` };
      const answer = readAnswer(round.inputResponses, check.body.ask, request.view);
      // A retry that carries the state but no answer: nothing was decided; ask again (this state stays unspent).
      if (answer === "missing") return askAnew();
      // One state, one decision: spent before its answer counts, in one atomic step of the shared store. The mark
      // outlives the state by a whole TTL, so a replica whose clock lags still finds it.
      const now = seat.now();
      if (
        !(await seat.marks.use(`input-state:${check.body.id}`, now, Math.max(0, check.body.exp - now) + seat.ttlMs))
      ) {
        return { kind: "refused", why: `${REFUSED.used} ${AGAIN}` };
      }
      switch (answer) {
        case "approve":
          // A replay of this state (its mark removed from shared state) re-sends the first dial's key.
          return {
            kind: "approved",
            via: "client_input",
            idempotencyKey: seat.dialKey(`input-state:${check.body.id}`),
            ...attestedAnswer(round.inputResponses, check.body.ask, request.view),
          };
        case "refuse":
          return { kind: "declined", via: "client_input", why: "declined" };
        case "decline":
          // The state was made a TTL before it expires: when the form was sent.
          return {
            kind: "declined",
            via: "client_input",
            why: "declined",
            ...(now - (check.body.exp - seat.ttlMs) < ANSWERED_AT_ONCE_MS ? { atOnce: true as const } : {}),
          };
        case "cancel":
          return { kind: "declined", via: "client_input", why: "cancelled" };
        case "not_the_form":
          return {
            kind: "declined",
            via: "client_input",
            why: "cancelled",
            detail: "the client's answer was not an approval of the form it was asked to show",
          };
      }
    },
  };
}

/** The attestation of an approving answer (readAnswer checked it), as the verdict carries it. */
function attestedAnswer(
  responses: Readonly<Record<string, unknown>> | undefined,
  key: string,
  view: ApprovalView,
): { attested?: Attested } {
  if (!view.attest?.length) return {};
  const content = (responses?.[key] as { content: Record<string, unknown> }).content;
  const attested = readAttested(view.attest, (field) => content[field]);
  return attested ? { attested } : {};
}
