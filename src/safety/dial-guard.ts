/**
 * The guard pipeline both write tools run, in this order:
 *   (tool) schema -> local validation of every row
 *   screen():  do-not-call list
 *   (tool) agent check
 *   dial():    duplicate lookup -> calling hours -> caps -> dry run stops here
 *              -> confirmation (ask the person, or a token) -> hours and caps
 *              again if a person took time -> POST -> remember, count, audit
 * A repeat of a recent dial is answered before hours and caps: it dials nothing,
 * and the first dial itself must not make its own retry look refused.
 * Every refusal throws before anything is sent; finish() writes the audit line.
 */
import { OutcomeUnknownError, ApiError } from "../service/errors.js";
import { startDeadline, type Deadline } from "../service/deadline.js";
import type { ApiClient } from "../service/transport/client.js";
import { BatchValidationError, UserInputError, type RowProblem } from "../validation/errors.js";
import type { CheckedRow } from "../validation/call-row.js";
import type { AuditEntry, AuditLog } from "./audit-log.js";
import type { Clock } from "./clock.js";
import type { ConfirmationTokens, TokenCheck } from "./confirmation-token.js";
import type { DialCaps } from "./dial-caps.js";
import { dialKey, type DialMemory, type Settled } from "./dial-memory.js";
import { screenDoNotCall, type DoNotCallList } from "./do-not-call.js";
import { checkRowsCallingHours } from "./hours-guard.js";
import type { ConsentSelector } from "../consent/selector.js";
import { consentRequest } from "../consent/view.js";
import type { ConsentVerdict } from "../consent/channel.js";
import type { ProgressReporter } from "../mcp/progress.js";
import { lookForCreatedCalls, type LookupResult } from "./outcome-lookup.js";
import { previewText } from "./preview.js";
import { ApprovalPendingError, BatchSafetyRefusal, DuplicateOfUnknownError, SafetyRefusal, UserDeclinedError } from "./refusals.js";
import type { SafetySettings } from "./settings.js";

/** client: the person in the client's dialog or through its link; page: the server's approval page; unattended: OUTBOUND_CALLS_CONFIRM=never. */
export type ConfirmedBy = "client" | "page" | "unattended" | "token";

export interface SendResult<R> {
  value: R;
  callIds: string[];
  batchId?: string | undefined;
  campaignId?: string | undefined;
  status: number;
  requestId: string | undefined;
}

export interface DialPlan<R> {
  rows: readonly CheckedRow[];
  /** Agent id -> name, for the preview. */
  agentNames: ReadonlyMap<string, string | undefined>;
  dryRun: boolean;
  token: string | undefined;
  /** The tool call's deadline, used when no person was asked. */
  deadline: Deadline;
  /** Sends the one POST. */
  send(deadline: Deadline): Promise<SendResult<R>>;
  /** The part of an answer kept for repeats within the dedupe window. */
  remember(value: R): R;
}

export type DialOutcome<R> =
  | { kind: "dry_run"; preview: string; checks: string[]; token?: { token: string; expiresAt: number } }
  | { kind: "dialed"; value: R; confirmedBy: ConfirmedBy }
  | { kind: "deduplicated"; value: R; firstAt: number };

/** What lives as long as the server: settings and the guards' memory. */
export interface SafetyServices {
  settings: SafetySettings;
  clock: Clock;
  doNotCall: DoNotCallList;
  caps: DialCaps;
  memory: DialMemory<unknown>;
  tokens: ConfirmationTokens;
  audit: AuditLog | undefined;
  api: ApiClient;
  timeoutMs: number;
}

/** What one tool call brings: who can be asked, its key and cancellation. */
export interface CallInfo {
  tool: string;
  writes: boolean;
  /** How a person is asked for this tool call (src/consent/selector.ts). */
  consent: ConsentSelector;
  /** Progress notifications while a person decides. */
  progress: ProgressReporter;
  idempotencyKey: string;
  signal: AbortSignal;
}

type Draft = Partial<Omit<AuditEntry, "time" | "tool" | "latency_ms" | "numbers" | "agents">> & { numbers: string[]; agents: string[] };

const iso = (ms: number) => new Date(ms).toISOString();
const TOKEN_WHY: Record<Exclude<TokenCheck, { ok: true }>["why"], string> = {
  malformed: "is not a token this server issued",
  expired: "has expired (tokens last 5 minutes)",
  other_request: "was issued for a different request: the number, agent and every field must be exactly those of the dry run",
  used: "was already used (a token confirms one dial)",
};

/** One tool call's guard: the pipeline's steps and its audit line. */
export class CallGuard {
  private readonly started = performance.now();
  private readonly draft: Draft = { numbers: [], agents: [] };
  private posted = false;
  private finished = false;

  constructor(
    private readonly s: SafetyServices,
    private readonly call: CallInfo,
  ) {}

  /** Records the rows for the audit line and refuses numbers on the do-not-call list. */
  screen(rows: readonly CheckedRow[]): void {
    this.draft.numbers = rows.map((r) => r.request.to);
    this.draft.agents = [...new Set(rows.map((r) => r.request.agent_id))];
    screenDoNotCall(this.s.doNotCall, rows);
  }

  async dial<R>(plan: DialPlan<R>): Promise<DialOutcome<R>> {
    const { settings, clock } = this.s;
    const memory = this.s.memory as DialMemory<R>;
    const key = dialKey(this.call.tool, plan.rows.map((r) => r.request));
    const numbers = plan.rows.map((r) => r.request.to);
    const checks: string[] = ["number: valid, allowed type and country", "do-not-call list: not listed", "agent: available to this key"];

    let claim: ReturnType<DialMemory<R>["claim"]> | undefined;
    if (plan.dryRun) {
      const known = memory.peek(key);
      if (known) checks.push(`duplicate: an identical dial started at ${iso(known.startedAt)}; dialing now would return its answer instead of dialing again`);
      else if (memory.enabled) checks.push("duplicate: no identical dial in the window");
    } else {
      claim = memory.claim(key);
      if (claim.kind === "repeat") return this.repeat(claim.startedAt, await claim.outcome);
    }
    const first = claim?.kind === "first" ? claim : undefined;
    try {
      const localTimes = checkRowsCallingHours(settings.callingHours, plan.rows, clock.now());
      checks.push(settings.callingHours ? `calling hours: inside ${settings.callingHours.text} local time` : "calling hours: off");
      this.checkCaps(numbers);
      checks.push("caps: within the dials-per-hour and per-number limits");
      const preview = previewText({ rows: plan.rows, agentNames: plan.agentNames, localTimes });

      if (plan.dryRun) {
        this.draft.decision = "dry_run";
        const token = settings.confirm === "token" ? this.s.tokens.issue(key) : undefined;
        checks.push(this.confirmationPlan());
        return { kind: "dry_run", preview, checks, ...(token ? { token } : {}) };
      }

      const { by: confirmedBy, approver } = await this.confirm(plan, key, preview, localTimes);
      this.draft.confirmation = confirmedBy;
      if (approver) this.draft.approver = approver;
      // Confirming took time (minutes, if a person was asked) and other dials went meanwhile: check again,
      // and reserve in the same synchronous step, so concurrent calls cannot pass a cap together.
      checkRowsCallingHours(settings.callingHours, plan.rows, clock.now());
      this.checkCaps(numbers);
      // A token is spent in the same step, so two concurrent dials cannot share one.
      if (confirmedBy === "token") this.checkToken(plan.token, key, true);
      const reservation = this.s.caps.reserve(numbers, clock.now());
      // The service's deadline does not include the time a person took to answer.
      const deadline = confirmedBy === "client" || confirmedBy === "page" ? startDeadline(this.s.timeoutMs, this.call.signal) : plan.deadline;
      const sentAt = clock.now();
      this.posted = true;
      let sent: SendResult<R>;
      try {
        sent = await plan.send(deadline);
      } catch (error) {
        if (!(error instanceof OutcomeUnknownError)) {
          reservation.release();
          throw error;
        }
        // It may have reached someone: it counts and is remembered at once (before anything else can fail),
        // then we look once.
        reservation.commit();
        first?.settle({ kind: "unknown", at: sentAt, message: "the request was sent but its answer was lost" });
        const lookup = await lookForCreatedCalls(this.s.api, deadline, {
          numbers,
          agentIds: this.draft.agents,
          startedAt: sentAt,
        });
        if (lookup.kind === "found") this.draft.call_ids = lookup.calls.map((c) => c.id);
        throw new OutcomeUnknownError(unknownOutcomeMessage(error.message, lookup, plan.rows.length), {
          status: error.status,
          requestId: error.requestId,
        });
      }
      reservation.commit();
      first?.settle({ kind: "placed", at: sentAt, value: plan.remember(sent.value), callIds: sent.callIds });
      Object.assign(this.draft, {
        decision: "dialed",
        call_ids: sent.callIds,
        upstream_status: sent.status,
        ...(sent.requestId ? { request_id: sent.requestId } : {}),
        ...(sent.batchId ? { batch_id: sent.batchId } : {}),
        ...(sent.campaignId ? { campaign_id: sent.campaignId } : {}),
      });
      return { kind: "dialed", value: sent.value, confirmedBy };
    } catch (error) {
      // Nothing placed (or already settled as unknown above): identical waiters get the same answer.
      first?.settle({ kind: "not_placed", error });
      throw error;
    }
  }

  /** Writes the audit line for this tool call (write tools only). */
  finish(error?: unknown): void {
    const audit = this.s.audit;
    // One line per tool call, even if rendering the answer failed after the first call.
    if (!audit || !this.call.writes || this.finished) return;
    this.finished = true;
    const d = this.draft;
    const entry: AuditEntry = {
      time: iso(this.s.clock.now()),
      tool: this.call.tool,
      decision: d.decision ?? "failed",
      numbers: d.numbers,
      agents: d.agents,
      latency_ms: Math.round(performance.now() - this.started),
    };
    for (const field of ["confirmation", "approver", "call_ids", "batch_id", "campaign_id", "duplicate_of", "upstream_status", "request_id"] as const) {
      if (d[field] !== undefined) (entry as unknown as Record<string, unknown>)[field] = d[field];
    }
    if (this.posted) entry.idempotency_key = this.call.idempotencyKey;
    if (error !== undefined) Object.assign(entry, classify(error));
    audit.write(entry);
  }

  private repeat<R>(startedAt: number, outcome: Settled<R>): DialOutcome<R> {
    if (outcome.kind === "not_placed") throw outcome.error;
    this.draft.decision = "deduplicated";
    this.draft.duplicate_of = iso(startedAt);
    if (outcome.kind === "unknown") {
      throw new DuplicateOfUnknownError(
        `Not dialed again: an identical request (same numbers, agent and fields) was sent at ${iso(outcome.at)} and its outcome is unknown (${outcome.message}). ` +
          "Do not dial again: check with list_calls whether the call exists.",
      );
    }
    this.draft.call_ids = outcome.callIds;
    return { kind: "deduplicated", value: outcome.value, firstAt: outcome.at };
  }

  private checkCaps(numbers: readonly string[]): void {
    const refusal = this.s.caps.check(numbers, this.s.clock.now());
    if (!refusal) return;
    if (refusal.rule === "dials_per_hour") {
      throw new SafetyRefusal(refusal.rule, `Refused by the dials-per-hour cap: ${refusal.reason}. Nothing was dialed.`);
    }
    if (numbers.length === 1) {
      throw new SafetyRefusal(refusal.rule, `Refused by the per-number daily cap: ${refusal.rows[0]?.reason}. Nothing was dialed.`, "to");
    }
    const problems: RowProblem[] = refusal.rows.map((r) => ({ index: r.index, field: "to", reason: r.reason }));
    throw new BatchSafetyRefusal(
      refusal.rule,
      problems,
      numbers.length,
      "are over the per-number daily cap (OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY)",
      "Remove these rows or submit them when they may go",
    );
  }

  private confirmationPlan(): string {
    const { confirm } = this.s.settings;
    if (confirm === "never") return "confirmation: none (OUTBOUND_CALLS_CONFIRM=never: the operator accepted unattended dialing)";
    const route = this.call.consent.route();
    if (route.kind === "client_form") return "confirmation: the user will be asked in the client before dialing";
    if (route.kind === "client_url") return "confirmation: the client will show the user a link to the approval page before dialing";
    if (route.kind === "page") return "confirmation: a person will be asked on the approval page before dialing";
    if (confirm === "token") return "confirmation: OUTBOUND_CALLS_CONFIRM=token; dial again with the same arguments and this confirmation_token once the user agreed";
    return `confirmation: a dial would be refused: ${route.kind === "unavailable" ? route.why : "no person can be asked"}`;
  }

  private async confirm<R>(
    plan: DialPlan<R>,
    key: string,
    preview: string,
    localTimes: ReadonlyMap<number, string>,
  ): Promise<{ by: ConfirmedBy; approver?: string | undefined }> {
    const { confirm } = this.s.settings;
    if (confirm === "never") return { by: "unattended" };
    const route = this.call.consent.route();
    if (confirm === "token" && route.kind !== "client_form" && route.kind !== "client_url") {
      if (!plan.token) {
        throw new SafetyRefusal(
          "confirmation_required",
          "Refused: this server requires confirmation before every dial (OUTBOUND_CALLS_CONFIRM=token) and this client cannot ask the user. " +
            "Call the tool again with the same arguments and dry_run: true, show the user the preview it returns, and only if the user agrees " +
            "call it once more with the same arguments and the confirmation_token it gave. Nothing was dialed.",
          "confirmation_token",
        );
      }
      this.checkToken(plan.token, key, false);
      return { by: "token" };
    }
    const tool = this.call.tool === "submit_batch" ? "submit_batch" : "create_call";
    const request = { ...consentRequest(key, tool, { rows: plan.rows, agentNames: plan.agentNames, localTimes }), text: preview };
    const verdict = await this.call.consent.ask(request, {
      signal: this.call.signal,
      progress: this.call.progress,
      waitMs: this.s.settings.approvalWaitMs,
    });
    return verdictOutcome(verdict, this.call.tool);
  }

  /** Refuses a token that is not valid for this request; `spend` marks it used. */
  private checkToken(token: string | undefined, key: string, spend: boolean): void {
    const check: TokenCheck = token ? this.s.tokens.check(token, key) : { ok: false, why: "malformed" };
    if (!check.ok) {
      throw new SafetyRefusal(
        "confirmation_token",
        `Refused: the confirmation_token ${TOKEN_WHY[check.why]}. Run a dry run of the exact request again, show the user the preview, and use its token. Nothing was dialed.`,
        "confirmation_token",
      );
    }
    if (spend && token) this.s.tokens.spend(token);
  }
}

/** A person's verdict: approved goes on; anything else throws what the model is told (never a link). */
function verdictOutcome(verdict: ConsentVerdict, tool: string): { by: ConfirmedBy; approver?: string | undefined } {
  switch (verdict.kind) {
    case "approved":
      return { by: verdict.via === "page" ? "page" : "client", approver: verdict.approver ?? (verdict.via === "client_form" ? "the person, in the client" : undefined) };
    case "unavailable":
      throw new SafetyRefusal("confirmation_unavailable", verdict.why);
    case "declined": {
      const what =
        verdict.why === "declined"
          ? "The person declined"
          : verdict.why === "cancelled"
            ? verdict.detail
              ? `The person's confirmation was not obtained (${verdict.detail})`
              : "The person cancelled the confirmation"
            : `The approval ran out${verdict.detail ? ` (${verdict.detail})` : ""}`;
      throw new UserDeclinedError(`${what}; nothing was dialed. Do not retry unless the user asks.`);
    }
    case "pending": {
      const where =
        verdict.via === "client_url" ? "through the link the client showed" : verdict.via === "page" ? "on the approval page (in the browser, or in the approvers' inbox)" : "in the client";
      throw new ApprovalPendingError(
        `Waiting for a person: they were asked to approve this dial ${where} and have not decided yet; nothing was dialed. ` +
          `Tell the user to approve or decline it there, then call ${tool} again with exactly the same arguments to pick up the decision ` +
          `(the approval lasts until ${iso(verdict.expiresAt)}; changing any argument makes it a different request that needs its own approval).`,
      );
    }
  }
}

function unknownOutcomeMessage(original: string, lookup: LookupResult, rowCount: number): string {
  if (lookup.kind === "found") {
    if (rowCount === 1) {
      const c = lookup.calls[0]!;
      return (
        `${original} A look at list_calls found call ${c.id} to ${c.to}${c.createdAt ? ` created at ${c.createdAt}` : ""}, status ${c.status ?? "unknown"}: ` +
        `it WAS placed. Do not dial again; follow it with get_call {"call_id": "${c.id}"}.`
      );
    }
    return (
      `${original} A look at list_calls found ${lookup.calls.length} call${lookup.calls.length === 1 ? "" : "s"} to numbers of this batch created since the attempt ` +
      `(${lookup.calls.slice(0, 10).map((c) => c.id).join(", ")}${lookup.calls.length > 10 ? ", …" : ""}): the batch WAS at least partly placed. Do not submit it again.`
    );
  }
  if (lookup.kind === "none") {
    return `${original} A look at list_calls right after found no such call yet, which proves nothing: outcome unknown — do not dial again. Check with list_calls in a minute.`;
  }
  return `${original} Outcome unknown — do not dial again (${lookup.why}).`;
}

/** The audit decision and rule for an error that ended a write tool call. */
function classify(error: unknown): Pick<AuditEntry, "decision" | "rule" | "reason" | "upstream_status" | "request_id"> {
  const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 300);
  const upstream =
    error instanceof ApiError ? { ...(error.status ? { upstream_status: error.status } : {}), ...(error.requestId ? { request_id: error.requestId } : {}) } : {};
  if (error instanceof UserDeclinedError) return { decision: "declined", reason };
  if (error instanceof ApprovalPendingError) return { decision: "pending", reason };
  if (error instanceof DuplicateOfUnknownError) return { decision: "deduplicated", reason };
  if (error instanceof OutcomeUnknownError) return { decision: "outcome_unknown", reason, ...upstream };
  if (error instanceof BatchValidationError) {
    const rules = new Set(error.problems.map((p) => p.rule ?? (p.field === "agent_id" ? "agent" : "validation")));
    return { decision: "refused", rule: [...rules].sort().join("+"), reason };
  }
  if (error instanceof UserInputError) {
    return { decision: "refused", rule: error.rule ?? (error.field === "agent_id" ? "agent" : "validation"), reason };
  }
  if (error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500) {
    return { decision: "refused", rule: "service", reason, ...upstream };
  }
  return { decision: "failed", reason, ...upstream };
}
