/**
 * The guard pipeline both write tools run, stage by stage, in this order:
 *   (tool) schema -> local validation of every row
 *   screen():  do-not-call list
 *   (tool) agent check
 *   dial():    audit log intact -> opt-outs (a followed call read first) -> consent records
 *              -> dedupe claim (same request: its answer; same number: refused)
 *              -> calling hours -> the law of the place called -> caps (with the law's
 *              per-number limits) -> preview -> dry run stops here
 *              -> confirmation (a person, through src/consent/; or a token;
 *              or none with OUTBOUND_CALLS_CONFIRM=never) -> hours, law and opt-outs again ->
 *              caps reserved (one atomic step in the store) -> token spent ->
 *              the `sending` audit line -> POST -> settle (a placed call is watched for an opt-out)
 * Each stage (dial-stages.ts, post-dial.ts) reads the one DialAttempt and
 * returns what it decided and its audit facts; the guard keeps the facts in
 * order (AuditTrail) and finish() writes the audit line from them. Every
 * refusal throws before anything is sent, and the claim is released.
 * The state lives in the GuardStore (memory or Redis), so replicas act as one.
 */
import type { ConsentSelector } from "../consent/selector.js";
import type { CallScope } from "../service/call-scope.js";
import type { Deadline } from "../service/deadline.js";
import type { CheckedRow } from "../validation/call-row.js";
import { auditEntry } from "./audit-entry.js";
import type { AuditDecision } from "./audit-log.js";
import { AuditTrail, type AuditFacts } from "./audit-trail.js";
import type { ConfirmedBy } from "./confirm.js";
import {
  attemptFacts,
  openAttempt,
  type DialAttempt,
  type DialOutcome,
  type DialPlan,
  type SafetyServices,
} from "./dial-attempt.js";
import type { DialClaim } from "./dial-claim.js";
import {
  auditIntact,
  capsStage,
  claimStage,
  confirmStage,
  consentStage,
  dedupeCheckStage,
  dryRunStage,
  hoursStage,
  lawStage,
  optOutStage,
  previewStage,
  reserveStage,
  ROW_CHECKS,
  spendTokenStage,
  type CapReservation,
} from "./dial-stages.js";
import { screenDoNotCall } from "./do-not-call.js";
import { postDial } from "./post-dial.js";
import { auditUnwritable, UserDeclinedError } from "./refusals.js";
import type { OptOutDesk } from "./compliance/opt-out-desk.js";

export type { ConfirmedBy } from "./confirm.js";
export type { DialOutcome, DialPlan, SafetyServices } from "./dial-attempt.js";

/** The tool call a guard serves: which tool, whether it writes (and so gets an audit line), how a person is asked. */
export interface DialCall {
  tool: string;
  writes: boolean;
  consent: ConsentSelector;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** One tool call's guard: the pipeline's stages and its audit line. */
export class DialGuard {
  private readonly started = performance.now();
  private readonly trail = new AuditTrail();
  private finished = false;

  constructor(
    private readonly s: SafetyServices,
    private readonly call: DialCall,
    private readonly scope: CallScope,
  ) {}

  /** Records the rows for the audit line and refuses numbers on the do-not-call list. */
  screen(rows: readonly CheckedRow[]): void {
    this.trail.add({
      numbers: rows.map((r) => r.request.to),
      agents: [...new Set(rows.map((r) => r.request.agent_id))],
    });
    screenDoNotCall(this.s.doNotCall, rows);
  }

  async dial<R>(plan: DialPlan<R>): Promise<DialOutcome<R>> {
    auditIntact(this.s);
    const attempt = openAttempt(this.call.tool, plan, this.scope);
    this.trail.add(attemptFacts(attempt));
    await optOutStage(attempt, this.s);
    const consent = consentStage(attempt, this.s);
    this.trail.add(consent.audit);
    if (plan.dryRun) return this.dryRun(attempt, consent.records);
    const claimed = await claimStage(attempt, this.s);
    if (claimed.kind === "replay") {
      this.trail.add(claimed.audit);
      return { kind: "deduplicated", ...claimed.replay };
    }
    try {
      return await this.dialClaimed(attempt, plan, claimed.claim, consent.records);
    } catch (error) {
      // Nothing placed (or already settled as unknown): forget the claim so a corrected retry may go.
      await claimed.claim.release();
      throw error;
    }
  }

  /** What a dial would meet, sending nothing and claiming nothing. */
  private async dryRun(
    attempt: DialAttempt,
    consentRecords: readonly string[] | undefined,
  ): Promise<DialOutcome<never>> {
    const dedupe = await dedupeCheckStage(attempt, this.s);
    const hours = hoursStage(attempt, this.s);
    const law = await lawStage(attempt, this.s);
    const caps = await capsStage(attempt, this.s, undefined);
    const preview = previewStage(attempt, hours.localTimes, consentRecords);
    const end = await dryRunStage(attempt, this.s, this.call.consent);
    this.trail.add(end.audit);
    const checks = [
      ...ROW_CHECKS,
      ...(dedupe.check ? [dedupe.check] : []),
      hours.check,
      law.check,
      caps.check,
      end.check,
    ];
    return { kind: "dry_run", preview, checks, ...(end.token ? { token: end.token } : {}) };
  }

  /** The stages after the claim; any throw releases it (dial()). */
  private async dialClaimed<R>(
    attempt: DialAttempt,
    plan: DialPlan<R>,
    claim: DialClaim,
    consentRecords: readonly string[] | undefined,
  ): Promise<DialOutcome<R>> {
    const { localTimes } = hoursStage(attempt, this.s);
    await lawStage(attempt, this.s);
    await capsStage(attempt, this.s, claim);
    const preview = previewStage(attempt, localTimes, consentRecords);
    const confirmed = await confirmStage(attempt, this.s, this.call.consent, {
      preview,
      localTimes,
      ...(consentRecords ? { consentRecords } : {}),
    });
    this.trail.add(confirmed.audit);
    // A single-use yes names the key of its one dial: a replay of it re-sends the first dial's key.
    if (confirmed.idempotencyKey !== undefined) await claim.bindKey(confirmed.idempotencyKey);
    // Confirming took time (minutes, if a person was asked) and other dials went meanwhile: check again.
    hoursStage(attempt, this.s);
    this.trail.add((await lawStage(attempt, this.s)).audit);
    await optOutStage(attempt, this.s, "post");
    const reservation = await reserveStage(attempt, this.s, claim);
    await spendTokenStage(attempt, this.s, confirmed, reservation);
    // The service's deadline does not include the time a person took to answer.
    const fresh = confirmed.sendWithinMs !== undefined ? this.scope.newDeadline(confirmed.sendWithinMs) : undefined;
    try {
      return await this.send(
        attempt,
        plan,
        { claim, reservation, deadline: fresh ?? this.scope.deadline },
        confirmed.by,
      );
    } finally {
      fresh?.dispose();
    }
  }

  /** The `sending` line ahead of the POST, then the POST (post-dial.ts). */
  private async send<R>(
    attempt: DialAttempt,
    plan: DialPlan<R>,
    go: { claim: DialClaim; reservation: CapReservation; deadline: Deadline },
    confirmedBy: ConfirmedBy,
  ): Promise<DialOutcome<R>> {
    this.trail.add({ idempotency_key: go.claim.idempotencyKey });
    const sentAt = this.s.clock.now();
    // Written ahead: if this process dies while the POST is at the service, a restart reads this line as a dial.
    const unwritten = this.write("sending", sentAt);
    if (unwritten !== undefined) {
      await go.reservation.release();
      throw auditUnwritable(unwritten);
    }
    const posted = await postDial(attempt, plan, this.s, { ...go, sentAt });
    this.trail.add(posted.audit);
    if (posted.kind === "unknown") throw posted.error;
    return { kind: "dialed", record: posted.record, confirmedBy };
  }

  /** The opt-outs, for the tools that read calls (get_call) or record a request (add_do_not_call). */
  get optOuts(): OptOutDesk {
    return this.s.optOuts;
  }

  /** The guards' clock (epoch ms). */
  now(): number {
    return this.s.clock.now();
  }

  /**
   * A Decline that arrives after the request was answered (the approval card's: its tool call ended "pending"):
   * the request's own line, decision declined, with what the card showed and who decided.
   */
  declinedLater(facts: AuditFacts, reason: string): void {
    this.trail.add(facts);
    this.finish(new UserDeclinedError(reason));
  }

  /** Writes the audit line for this tool call (write tools only), once. */
  finish(error?: unknown): void {
    if (!this.call.writes || this.finished) return;
    this.finished = true;
    this.write(undefined, this.s.clock.now(), error);
  }

  /** One audit line from the trail so far; the log's error code when it could not be written. */
  private write(decision: AuditDecision | undefined, at: number, error?: unknown): string | undefined {
    const draft = this.trail.draft();
    return this.s.audit?.write(
      auditEntry(
        decision ? { ...draft, decision } : draft,
        {
          time: iso(at),
          tool: this.call.tool,
          latency_ms: Math.round(performance.now() - this.started),
          person: this.scope.identity.person,
        },
        error,
      ),
    );
  }
}
