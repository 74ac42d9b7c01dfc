/**
 * One tool call's guard: the list of guards (guard-list.ts) walked by the kernel (dial-kernel.ts) over one attempt
 * (dial-attempt.ts), and the tool call's audit line. `screen` runs the guards that need only the rows, before the
 * tool looks up the agents; `dial` runs the rest and, if every guard passes, the POST. The audit line is written from
 * the facts the guards added (audit-trail.ts): ahead of the POST (`sending`) and when the tool call ends (`finish`).
 * The state lives in the GuardStore (memory or Redis), so replicas act as one.
 */
import type { ApprovalSelector } from "../approval/selector.js";
import type { CallScope } from "../service/call-scope.js";
import type { CheckedRow } from "../validation/call-row.js";
import { auditEntry } from "./dial/audit/entry.js";
import type { AuditDecision } from "./dial/audit/log.js";
import { AuditTrail, type AuditFacts } from "./dial/audit/trail.js";
import type { CallAccess } from "./per-person/access.js";
import { DialAttempt, type DialOutcome, type DialPlan } from "./dial/attempt.js";
import { runDial } from "./dial/kernel.js";
import type { Guard } from "./dial/guard.js";
import { guardsFor } from "./list.js";
import { personMayDecide } from "./approval/confirm.js";
import { UserDeclinedError } from "./dial/refusals.js";
import type { OptOutDesk } from "./opt-outs/desk.js";
import type { SafetyServices } from "./services.js";

export type { ConfirmedBy } from "./approval/confirm.js";
export type { DialOutcome, DialPlan } from "./dial/attempt.js";
export type { SafetyServices } from "./services.js";

/** The tool call a guard serves: which tool, whether it writes (and so gets an audit line), how a person is asked. */
export interface DialCall {
  tool: string;
  writes: boolean;
  approval: ApprovalSelector;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class DialGuard {
  private readonly started = performance.now();
  private readonly trail = new AuditTrail();
  private readonly guards: readonly Guard[];
  private finished = false;

  constructor(
    private readonly s: SafetyServices,
    private readonly call: DialCall,
    private readonly scope: CallScope,
    private readonly access: CallAccess,
  ) {
    this.guards = guardsFor(s, { approval: call.approval, scope });
  }

  /** Records the rows for the audit line and runs the guards that need only them (the do-not-call list). */
  screen(rows: readonly CheckedRow[]): void {
    this.trail.add({
      numbers: rows.map((r) => r.request.to),
      agents: [...new Set(rows.map((r) => r.request.agent_id))],
    });
    for (const guard of this.guards) guard.screen?.(rows);
  }

  dial<R>(plan: DialPlan<R>): Promise<DialOutcome<R>> {
    const attempt = new DialAttempt(this.call.tool, plan, this.scope, this.access, this.trail);
    attempt.attended = personMayDecide(this.s.settings.confirm, this.call.approval, plan.token);
    return runDial(this.guards, attempt, plan, {
      clock: this.s.clock,
      service: this.s.service,
      writeAhead: (at) => this.write("sending", at),
    });
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
