/**
 * The one object every guard of a dial reads: what the tool asked for (its plan), what follows from it (the request
 * key, the numbers), the tool call's scope, and what the guards learned on the way (src/guards/dial/guard.ts).
 */
import type { CallScope } from "../../service/call-scope.js";
import type { Created, PostOptions } from "../../service/calls.js";
import type { DialSummary } from "./state/store.js";
import type { CheckedRow } from "../../validation/call-row.js";
import type { AuditTrail } from "./audit/trail.js";
import type { CallAccess } from "./access.js";
import type { DialClaim } from "./claim.js";
import { dialKey } from "./key.js";
import type { AttestGroup, Attested } from "../../approval/attestation.js";

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
   * order), so an opt-out heard on a call lands on its own number (guards/opt-outs/pairing.ts).
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

/** How a dial was approved: a person in the client's dialog or through its link, on the server's approval page; a dry run's token; or nobody (OUTBOUND_CALLS_CONFIRM=never). */
export type ConfirmedBy = "client" | "page" | "unattended" | "token";

/** Who said yes to the dial, and how. */
export interface Confirmation {
  by: ConfirmedBy;
  approver?: string | undefined;
  /** The Idempotency-Key a single-use yes dictates for its one dial (approval/channel.ts); the claim takes it. */
  idempotencyKey?: string | undefined;
  /** The consent the person attested with their yes (approval/attestation.ts). */
  attested?: Attested | undefined;
}

/** What an identical dial placed within the dedupe window answers this one with. */
export interface Replay {
  firstAt: number;
  callIds: string[];
  summary: DialSummary;
}

/** How the dial was approved, and the fresh time the POST gets after a person answered. */
export interface Approval extends Confirmation {
  /** Set when a person was asked: the service's deadline does not include their time. */
  sendWithinMs?: number;
  /** A dry run's token: the one-time mark the dial spends (a token confirms one dial). */
  spends?: string;
}

/**
 * One dial of one tool call: what the tool asked for and what follows from it, read by every guard, and the results
 * the guards hand on, set once each by the guard that learns them.
 */
export class DialAttempt {
  /** The identity of the exact normalized request (dial-key.ts): dedupe, approvals and tokens are for this. */
  readonly key: string;
  /** The numbers dialed, in row order (E.164). */
  readonly numbers: readonly string[];
  /** The agents that dial, each once. */
  readonly agentIds: readonly string[];
  /** The audit line's facts, in the order the guards learned them. */
  readonly trail: AuditTrail;
  /** What a dry run lists, in the guards' order. */
  readonly checks: string[] = [];
  /** Each row's local time (calling hours): the person reads it. */
  localTimes: ReadonlyMap<number, string> = new Map();
  /** Each row's consent record as text, when the operator keeps a consent file. */
  consentRecords: readonly string[] | undefined;
  /** The prior consent the approving person must attest, by group of rows (consent where the law requires it). */
  attest: readonly AttestGroup[] | undefined;
  /** Each row's law of the place called, as the person reads it: its rules with their tiers, how consent is met. */
  lawLines: ReadonlyArray<readonly string[] | undefined> | undefined;
  /** The claim on this request in the dedupe ledger: the Idempotency-Key the POST goes with. */
  claim: DialClaim | undefined;
  /**
   * The id the dial's caps reservation is counted under (the claim's: claim.ts reservationOf), set when the claim
   * is asked for, before the store grants it, so the reservation can go in the same round trip.
   */
  reservationId: string | undefined;
  /** An identical dial placed within the window: it answers this one, and nothing is sent. */
  replay: Replay | undefined;
  /** What a person reads before the dial, and a dry run shows. */
  preview: string | undefined;
  /** The token a dry run issued (OUTBOUND_CALLS_CONFIRM=token). */
  issued: { token: string; expiresAt: number } | undefined;
  /** The yes the dial went on. */
  approval: Approval | undefined;
  /**
   * A person may decide between the check and the commit (minutes may pass); false when the yes is known at once
   * (unattended, or a dry run's token), so what the commit would count may be counted in the first round trip.
   */
  attended = true;
  private undo: Array<() => Promise<void>> = [];
  private releasing = false;
  private finishing: Array<Promise<unknown>> = [];

  constructor(
    /** The tool that dials: create_call or submit_batch. */
    readonly tool: string,
    readonly plan: Pick<DialPlan<unknown>, "rows" | "agentNames" | "repeatDial" | "token" | "dryRun">,
    /** The tool call's deadline, cancellation, progress and identity. */
    readonly scope: CallScope,
    /** Which calls the caller may read (every call, unless OAuth names a person). */
    readonly access: CallAccess,
    trail: AuditTrail,
  ) {
    const requests = plan.rows.map((r) => r.request);
    this.key = dialKey(tool, requests, plan.repeatDial);
    this.numbers = requests.map((r) => r.to);
    this.agentIds = [...new Set(requests.map((r) => r.agent_id))];
    this.trail = trail;
    trail.add({ request_key: this.key, ...(plan.repeatDial ? { repeat_dial: true } : {}) });
  }

  get rows(): readonly CheckedRow[] {
    return this.plan.rows;
  }

  get dryRun(): boolean {
    return this.plan.dryRun;
  }

  get agentNames(): ReadonlyMap<string, string | undefined> {
    return this.plan.agentNames;
  }

  get repeatDial(): boolean {
    return this.plan.repeatDial;
  }

  /** A dry run's confirmation_token, when the request carries one. */
  get token(): string | undefined {
    return this.plan.token;
  }

  /** Something to take back if nothing is sent (a claim, a reservation): undone last first. */
  hold(release: () => Promise<void>): void {
    this.undo.push(release);
  }

  /** True once release() began: work started for this attempt may stop waiting. */
  get released(): boolean {
    return this.releasing;
  }

  /** Nothing was sent: everything held is taken back. Never rejects. */
  async release(): Promise<void> {
    this.releasing = true;
    const undo = this.undo.reverse();
    this.undo = [];
    for (const release of undo) await release().catch(() => undefined);
  }

  /**
   * Work a guard's settle started and did not wait for: the kernel settles the claim meanwhile (the two go to the store
   * in one round trip), then waits for both before the dial is answered. `work` must not need the claim settled.
   */
  finish(work: Promise<unknown>): void {
    this.finishing.push(work.catch(() => undefined));
  }

  /** What guards' settle started, done. Never rejects. */
  async finished(): Promise<void> {
    await Promise.all(this.finishing);
  }

  /** The POST went (or may have): what is held stays spent. */
  keep(): void {
    this.undo = [];
  }
}
