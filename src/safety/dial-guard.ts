/**
 * The guard pipeline both write tools run, in this order:
 *   (tool) schema -> local validation of every row
 *   screen():  do-not-call list
 *   (tool) agent check
 *   dial():    dedupe claim (same request: its answer; same number: refused)
 *              -> calling hours -> caps -> dry run stops here
 *              -> confirmation (a person, through src/consent/; or a token;
 *              or none with OUTBOUND_CALLS_CONFIRM=never) -> hours again ->
 *              caps reserved (one atomic step in the store) -> token spent ->
 *              POST -> settle, audit
 * Every refusal throws before anything is sent; finish() writes the audit line.
 * The state lives in the GuardStore (memory or Redis), so replicas act as one.
 */
import { randomUUID } from "node:crypto";
import { ApiError, OutcomeUnknownError } from "../service/errors.js";
import type { Deadline } from "../service/deadline.js";
import type { Created, PostOptions } from "../service/calls.js";
import type { CallingService } from "../service/index.js";
import type { DialSummary, GuardStore, Settlement } from "../state/store.js";
import type { CheckedRow } from "../validation/call-row.js";
import type { ConsentSelector } from "../consent/selector.js";
import type { ProgressReporter } from "../mcp/progress.js";
import { auditEntry, type AuditDraft } from "./audit-entry.js";
import type { AuditLog } from "./audit-log.js";
import { refuseOverCap } from "./caps-guard.js";
import type { Clock } from "./clock.js";
import { confirmationPlan, confirmDial, tokenRefusal, type ConfirmedBy } from "./confirm.js";
import type { ConfirmationTokens } from "./confirmation-token.js";
import { claimDial, dryRunDedupeCheck, type HeldClaim } from "./dedupe.js";
import { dialKey } from "./dial-key.js";
import { screenDoNotCall, type DoNotCallList } from "./do-not-call.js";
import { checkRowsCallingHours } from "./hours-guard.js";
import { previewText } from "./preview.js";
import { auditUnwritable, SafetyRefusal } from "./refusals.js";
import type { SafetySettings } from "./settings.js";
import { lookForCreatedCalls, takeoverFailed, unknownOutcomeMessage } from "./unknown-outcome.js";
import type { OptOutDesk } from "../compliance/opt-out-desk.js";
import { refuseOptedOut } from "../compliance/opt-out-guard.js";
import type { ConsentRecord } from "../compliance/consent-file.js";
import { checkConsent, consentText } from "../compliance/consent-guard.js";

export type { ConfirmedBy } from "./confirm.js";

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
  summarize(record: R): { summary: DialSummary; callIds: string[]; batchId?: string; campaignId?: string };
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
  /** The opt-outs (src/compliance/): checked before and after confirmation; placed calls are watched. */
  optOuts: OptOutDesk;
  /** The operator's consent records by number (OUTBOUND_CALLS_CONSENT_FILE); empty without the file. */
  consent: ReadonlyMap<string, ConsentRecord>;
}

/** What one tool call brings: how a person can be asked, its deadlines, progress and cancellation. */
export interface CallInfo {
  tool: string;
  writes: boolean;
  consent: ConsentSelector;
  /** Progress notifications while a person decides, so clients keep waiting. */
  progress: ProgressReporter;
  signal: AbortSignal;
  /** The tool call's deadline. */
  deadline: Deadline;
  /** A fresh deadline of `ms` (default: the whole deadline) for a request after a person answered (their time is not the service's). */
  newDeadline(ms?: number): Deadline;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** The least time the POST after a person's answer gets, however much the steps before asking used. */
const MIN_SEND_MS = 1_000;

/** One tool call's guard: the pipeline's steps and its audit line. */
export class DialGuard {
  private readonly started = performance.now();
  private readonly draft: AuditDraft = { numbers: [], agents: [] };
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
    const { settings, clock, store } = this.s;
    if (this.s.auditDamage) throw new SafetyRefusal("audit_log_damaged", this.s.auditDamage);
    await this.s.optOuts.readBeforeDial(plan.rows.map((r) => r.request.to), this.call.deadline);
    refuseOptedOut(plan.rows, await this.s.optOuts.listed(plan.rows.map((r) => r.request.to)));
    const consent = checkConsent(this.s.consent, plan.rows, clock.now(), settings.requireConsent).map(consentText);
    if (this.s.consent.size > 0) this.draft.consent = consent;
    const requests = plan.rows.map((r) => r.request);
    const key = dialKey(this.call.tool, requests, plan.repeatDial);
    const numbers = requests.map((r) => r.to);
    this.draft.request_key = key;
    if (plan.repeatDial) this.draft.repeat_dial = true;
    const checks: string[] = ["number: valid, allowed type and country", "do-not-call list: not listed", "opt-outs: none of these people asked not to be called", "agent: available to this key"];
    const dedupe = settings.dedupeWindowMs > 0;

    let claim: HeldClaim | undefined;
    if (plan.dryRun) {
      if (dedupe) checks.push(await dryRunDedupeCheck(store, { key, numbers, repeatDial: plan.repeatDial, now: clock.now(), windowMs: settings.dedupeWindowMs }));
    } else if (dedupe) {
      const claimed = await claimDial({
        store,
        tool: this.call.tool,
        requestKey: key,
        numbers,
        windowMs: settings.dedupeWindowMs,
        repeatDial: plan.repeatDial,
        now: () => clock.now(),
        deadline: this.call.deadline,
        ...(settings.testLeaseMs !== undefined ? { leaseMs: settings.testLeaseMs } : {}),
      });
      if (claimed.kind === "replay") {
        this.draft.decision = "deduplicated";
        this.draft.duplicate_of = iso(claimed.replay.firstAt);
        this.draft.call_ids = claimed.replay.callIds;
        return { kind: "deduplicated", ...claimed.replay };
      }
      claim = claimed.claim;
    }
    const settle = async (settlement: Settlement) => {
      if (!claim) return;
      const held = claim;
      claim = undefined;
      held.stop();
      // Nothing sent by a takeover: the claim goes back to the dead owner (it may have sent), with its key.
      const outcome = settlement.kind === "not_placed" && held.previousOwner !== undefined ? { ...settlement, returnTo: held.previousOwner } : settlement;
      // A placed or unknown dial must be remembered: a store that blinks gets two more tries (then Redis records it
      // when it answers again: redis/dials.ts).
      for (let attempt = 0; ; attempt++) {
        try {
          await store.dials.settle(held.requestKey, held.owner, outcome, clock.now(), settings.dedupeWindowMs);
          return;
        } catch (error) {
          if (outcome.kind === "not_placed" || attempt === 2) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 * 3 ** attempt));
        }
      }
    };
    try {
      const localTimes = checkRowsCallingHours(settings.callingHours, plan.rows, clock.now());
      checks.push(settings.callingHours ? `calling hours: inside ${settings.callingHours.text} local time` : "calling hours: off");
      // A dial taken over from a dead replica may be counted already, under that replica's reservation.
      const countedAs = claim?.previousOwner !== undefined ? `${key}:${claim.previousOwner}` : undefined;
      refuseOverCap(await store.caps.check(numbers, clock.now(), this.limits(), countedAs), numbers, this.limits(), clock.now());
      checks.push("caps: within the dials-per-hour and per-number limits");
      const preview = previewText({ rows: plan.rows, agentNames: plan.agentNames, localTimes, repeatDial: plan.repeatDial, ...(this.s.consent.size > 0 ? { consentRecords: consent } : {}) });

      if (plan.dryRun) {
        this.draft.decision = "dry_run";
        const token = settings.confirm === "token" ? (await this.s.tokens()).issue(key) : undefined;
        checks.push(confirmationPlan(settings.confirm, this.call.consent));
        return { kind: "dry_run", preview, checks, ...(token ? { token } : {}) };
      }

      // The tokens (and their shared secret) only in the mode that uses them.
      const tokens = settings.confirm === "token" ? await this.s.tokens() : undefined;
      // The service's time is one deadline, the person's time aside: the POST after a person answered gets what the
      // steps before asking left of it (at least a second), so a dial takes at most the deadline plus the wait, the
      // bound a shutdown waits for (docs/hosting.md).
      const serviceLeftMs = Math.max(Math.min(MIN_SEND_MS, this.call.deadline.totalMs), this.call.deadline.remaining());
      const { by: confirmedBy, approver } = await confirmDial({
        mode: settings.confirm,
        consent: this.call.consent,
        tool: this.call.tool,
        requestKey: key,
        rows: plan.rows,
        agentNames: plan.agentNames,
        localTimes,
        repeatDial: plan.repeatDial,
        ...(this.s.consent.size > 0 ? { consentRecords: consent } : {}),
        preview,
        token: plan.token,
        tokens,
        signal: this.call.signal,
        progress: this.call.progress,
        waitMs: settings.approvalWaitMs,
      });
      this.draft.confirmation = confirmedBy;
      if (approver) this.draft.approver = approver;
      // Confirming took time (minutes, if a person was asked) and other dials went meanwhile: check again.
      checkRowsCallingHours(settings.callingHours, plan.rows, clock.now());
      refuseOptedOut(plan.rows, await this.s.optOuts.listed(numbers));
      const reservation = `${key}:${claim?.owner ?? randomUUID()}`;
      refuseOverCap(await store.caps.reserve(reservation, numbers, clock.now(), this.limits(), countedAs), numbers, this.limits(), clock.now());
      // A token works once, whatever its spelling: the store marks its MAC used in one atomic step.
      if (confirmedBy === "token" && tokens && !(await store.once.use(tokens.usedId(plan.token ?? ""), clock.now(), 10 * 60_000))) {
        await store.caps.release(reservation).catch(() => undefined);
        throw tokenRefusal("used");
      }
      // The service's deadline does not include the time a person took to answer.
      const fresh = confirmedBy === "client" || confirmedBy === "page" ? this.call.newDeadline(serviceLeftMs) : undefined;
      try {
        return await this.send(plan, { deadline: fresh ?? this.call.deadline, reservation, idempotencyKey: claim?.idempotencyKey ?? randomUUID(), takeover: claim?.takeover === true, confirmedBy, numbers }, settle);
      } finally {
        fresh?.dispose();
      }
    } catch (error) {
      // Nothing placed (or already settled as unknown): forget the claim so a corrected retry may go.
      await settle({ kind: "not_placed" }).catch(() => undefined);
      throw error;
    }
  }

  /** The POST, and what its outcome means for the caps, the dedupe ledger and the audit line. */
  private async send<R>(
    plan: DialPlan<R>,
    go: { deadline: Deadline; reservation: string; idempotencyKey: string; takeover: boolean; confirmedBy: ConfirmedBy; numbers: string[] },
    settle: (outcome: Settlement) => Promise<void>,
  ): Promise<DialOutcome<R>> {
    const { store, clock } = this.s;
    this.draft.idempotency_key = go.idempotencyKey;
    const sentAt = clock.now();
    // Written ahead: if this process dies while the POST is at the service, a restart reads this line as a dial.
    const unwritten = this.s.audit?.write(auditEntry({ ...this.draft, decision: "sending" }, { time: iso(sentAt), tool: this.call.tool, latency_ms: this.latency() }, undefined));
    if (unwritten !== undefined) {
      await store.caps.release(go.reservation).catch(() => undefined);
      throw auditUnwritable(unwritten);
    }
    let created: Created<R>;
    try {
      created = await plan.send({ deadline: go.deadline, idempotencyKey: go.idempotencyKey });
    } catch (caught) {
      // A takeover sends the dead owner's Idempotency-Key: whatever stops its own POST says nothing of that owner's,
      // which may have reached the service. A refusal is an unknown outcome; one that sent nothing gives the claim
      // back with its key (below), and neither says "not placed".
      const error = go.takeover && caught instanceof ApiError && !(caught instanceof OutcomeUnknownError) ? takeoverFailed(this.call.tool, caught) : caught;
      if (!(error instanceof OutcomeUnknownError)) {
        await store.caps.release(go.reservation).catch(() => undefined);
        throw error;
      }
      // It may have reached someone: it stays counted and is remembered (a store that cannot be told now leaves
      // the claim to its lease: a repeat then takes it over with the same Idempotency-Key), then we look once.
      await settle({ kind: "unknown", at: sentAt, message: "the request was sent but its answer was lost" }).catch(() => undefined);
      const lookup = await lookForCreatedCalls(this.s.service, go.deadline, { numbers: go.numbers, agentIds: this.draft.agents, startedAt: sentAt });
      if (lookup.kind === "found") this.draft.call_ids = lookup.calls.map((c) => c.id);
      throw new OutcomeUnknownError(unknownOutcomeMessage(error.message, lookup, plan.rows.length), { status: error.status, requestId: error.requestId });
    }
    const { summary, callIds, batchId, campaignId } = plan.summarize(created.record);
    await settle({ kind: "placed", at: sentAt, summary, callIds }).catch(() => undefined);
    this.s.optOuts.watch(callIds, go.numbers);
    Object.assign(this.draft, {
      decision: "dialed",
      call_ids: callIds,
      upstream_status: created.status,
      ...(created.requestId ? { request_id: created.requestId } : {}),
      ...(batchId ? { batch_id: batchId } : {}),
      ...(campaignId ? { campaign_id: campaignId } : {}),
    });
    return { kind: "dialed", record: created.record, confirmedBy: go.confirmedBy };
  }

  /** The opt-outs, for the tools that read calls (get_call) or record a request (add_do_not_call). */
  get optOuts(): OptOutDesk {
    return this.s.optOuts;
  }

  /** The guards' clock (epoch ms). */
  now(): number {
    return this.s.clock.now();
  }

  /** Writes the audit line for this tool call (write tools only), once. */
  finish(error?: unknown): void {
    const audit = this.s.audit;
    if (!audit || !this.call.writes || this.finished) return;
    this.finished = true;
    audit.write(
      auditEntry(this.draft, { time: iso(this.s.clock.now()), tool: this.call.tool, latency_ms: this.latency() }, error),
    );
  }

  private latency(): number {
    return Math.round(performance.now() - this.started);
  }

  private limits() {
    return { perHour: this.s.settings.maxDialsPerHour, perNumberPerDay: this.s.settings.maxDialsPerNumberPerDay };
  }
}
