/**
 * The one object every stage of a dial reads: what the tool asked for (its plan),
 * what follows from it (the request key, the numbers) and the tool call's scope.
 * Stages never change it; what they learn they return (src/safety/dial-stages.ts).
 */
import type { CallScope } from "../service/call-scope.js";
import type { Created, PostOptions } from "../service/calls.js";
import type { CallingService } from "../service/index.js";
import type { DialSummary, GuardStore } from "../state/store.js";
import type { CheckedRow } from "../validation/call-row.js";
import type { AuditFacts } from "./audit-trail.js";
import type { AuditLog } from "./audit-log.js";
import type { Clock } from "./clock.js";
import type { ConfirmedBy } from "./confirm.js";
import type { ConfirmationTokens } from "./confirmation-token.js";
import { dialKey } from "./dial-key.js";
import type { DoNotCallList } from "./do-not-call.js";
import type { SafetySettings } from "../config/safety.js";
import type { OptOutDesk } from "./compliance/opt-out-desk.js";
import type { ConsentRecord } from "./compliance/consent-file.js";
import type { LawBook } from "./compliance/law-book.js";

/** What a write tool asks the guard to dial. */
export interface DialPlan<R> {
  rows: readonly CheckedRow[];
  /** Agent id -> name, for the preview. */
  agentNames: ReadonlyMap<string, string | undefined>;
  dryRun: boolean;
  token: string | undefined;
  /** The request says a second call to a number dialed within the window is meant. */
  repeatDial: boolean;
  /** The one POST: one call of the service layer. */
  send(opts: PostOptions): Promise<Created<R>>;
  /** What a repeat within the window is answered with (ids and statuses), and the call ids placed. */
  /**
   * The answer's ids and statuses, for a repeat; `callTo`: the number the answer gives each of `callIds` (same
   * order), so an opt-out heard on a call lands on its own number (safety/compliance/opt-out-pairing.ts).
   */
  summarize(record: R): {
    summary: DialSummary;
    callIds: string[];
    callTo?: Array<string | undefined>;
    batchId?: string;
    campaignId?: string;
  };
}

export type DialOutcome<R> =
  | { kind: "dry_run"; preview: string; checks: string[]; token?: { token: string; expiresAt: number } }
  | { kind: "dialed"; record: R; confirmedBy: ConfirmedBy }
  | { kind: "deduplicated"; firstAt: number; callIds: string[]; summary: DialSummary };

/** What lives as long as the server: settings, the store and the guards' fixed parts. */
export interface SafetyServices {
  settings: SafetySettings;
  clock: Clock;
  doNotCall: DoNotCallList;
  store: GuardStore;
  /** The confirmation tokens, keyed by the store's shared secret (so a token checks out on every replica). */
  tokens(): Promise<ConfirmationTokens>;
  audit: AuditLog | undefined;
  service: CallingService;
  /** Set when the audit log holds damaged lines whose numbers cannot be read: the caps cannot be known. */
  auditDamage: string | undefined;
  /** The opt-outs (src/safety/compliance/): checked before and after confirmation; placed calls are watched. */
  optOuts: OptOutDesk;
  /** The operator's consent records by number (OUTBOUND_CALLS_CONSENT_FILE); empty without the file. */
  consent: ReadonlyMap<string, ConsentRecord>;
  /** The law of the place called in force (OUTBOUND_CALLS_CALL_PURPOSE, OUTBOUND_CALLS_RULES_FILE). */
  law: LawBook;
  /** Diagnostics (stderr). */
  log?(line: string): void;
}

/** One dial of one tool call, as every stage reads it. */
export interface DialAttempt {
  /** The tool that dials: create_call or submit_batch. */
  readonly tool: string;
  readonly rows: readonly CheckedRow[];
  readonly agentNames: ReadonlyMap<string, string | undefined>;
  readonly repeatDial: boolean;
  /** A dry run's confirmation_token, when the request carries one. */
  readonly token: string | undefined;
  /** The identity of the exact normalized request (dial-key.ts): dedupe, approvals and tokens are for this. */
  readonly key: string;
  /** The numbers dialed, in row order (E.164). */
  readonly numbers: readonly string[];
  /** The agents that dial, each once. */
  readonly agentIds: readonly string[];
  /** The tool call's deadline, cancellation, progress and identity. */
  readonly scope: CallScope;
}

export function openAttempt(
  tool: string,
  plan: Pick<DialPlan<unknown>, "rows" | "agentNames" | "repeatDial" | "token">,
  scope: CallScope,
): DialAttempt {
  const requests = plan.rows.map((r) => r.request);
  return {
    tool,
    rows: plan.rows,
    agentNames: plan.agentNames,
    repeatDial: plan.repeatDial,
    token: plan.token,
    key: dialKey(tool, requests, plan.repeatDial),
    numbers: requests.map((r) => r.to),
    agentIds: [...new Set(requests.map((r) => r.agent_id))],
    scope,
  };
}

/** What the audit line says of the attempt itself, whatever ends it. */
export function attemptFacts(attempt: DialAttempt): AuditFacts {
  return { request_key: attempt.key, ...(attempt.repeatDial ? { repeat_dial: true } : {}) };
}
