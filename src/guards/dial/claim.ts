/**
 * The claim on one dial in the store's dedupe ledger, held from the dedupe
 * stage until the dial is settled: its request key and numbers, the owner and
 * Idempotency-Key the POST goes with, whether it was taken over from a dead
 * owner, and the one way to end it (settle, or release when nothing was placed).
 * With the dedupe window off (OUTBOUND_CALLS_DEDUPE_WINDOW_S=0) the claim is
 * unledgered: the same fields, a fresh owner and key, nothing to settle.
 */
import { randomUUID } from "node:crypto";
import { StoreUnavailableError } from "../../state/store.js";
import type { DialLedger, Settlement } from "./state/store.js";
import type { Clock } from "./clock.js";

/** The ledger a claim lives in: the store's dials, the guards' clock, the dedupe window and the claim's lease. */
export interface ClaimLedger {
  store: { readonly dials: DialLedger };
  clock: Clock;
  windowMs: number;
  leaseMs: number;
}

export interface ClaimTerms {
  key: string;
  numbers: readonly string[];
  owner: string;
  idempotencyKey: string;
  /** A dead claim was taken over: its Idempotency-Key may already have reached the service. */
  takeover: boolean;
  /** The owner of the dead claim this one took over: its cap reservation already counts this dial. */
  previousOwner: string | undefined;
}

/** The caps reservation of the claim of `key` by `owner`: a takeover finds the dead owner's by it. */
export function reservationOf(key: string, owner: string): string {
  return `${key}:${owner}`;
}

/** A placed or unknown dial must be remembered: a store that blinks gets this many more tries. */
const SETTLE_RETRIES = 2;

export class DialClaim {
  readonly key: string;
  readonly numbers: readonly string[];
  readonly owner: string;
  readonly takeover: boolean;
  readonly previousOwner: string | undefined;
  private key_: string;
  private settled = false;
  private readonly renewal: ReturnType<typeof setInterval> | undefined;

  private constructor(
    private readonly ledger: ClaimLedger | undefined,
    terms: ClaimTerms,
  ) {
    ({
      key: this.key,
      numbers: this.numbers,
      owner: this.owner,
      idempotencyKey: this.key_,
      takeover: this.takeover,
      previousOwner: this.previousOwner,
    } = terms);
    if (ledger) {
      // A person may take minutes; the claim must outlive them, and die soon after this process would.
      const renew = () =>
        void ledger.store.dials.renew(this.key, this.owner, ledger.clock.now() + ledger.leaseMs).catch(() => undefined);
      this.renewal = setInterval(renew, ledger.leaseMs / 3);
      this.renewal.unref();
    }
  }

  /** A claim the store granted; its lease is renewed until it is settled. */
  static held(ledger: ClaimLedger, terms: ClaimTerms): DialClaim {
    return new DialClaim(ledger, terms);
  }

  /** No dedupe window: nothing is claimed in the store, so nothing is settled. */
  static unledgered(key: string, numbers: readonly string[]): DialClaim {
    return new DialClaim(undefined, {
      key,
      numbers,
      owner: randomUUID(),
      idempotencyKey: randomUUID(),
      takeover: false,
      previousOwner: undefined,
    });
  }

  /** The Idempotency-Key the POST goes with (and every retry or takeover of it). */
  get idempotencyKey(): string {
    return this.key_;
  }

  /**
   * Takes the key a person's single-use yes dictates (derived from the approval's id: approval/seal.ts), before
   * anything is sent, and records it in the claim, so a takeover or a restore finds it. A yes replayed from shared
   * state (a used approval set back to approved, the dial's record deleted) then re-sends the first dial's key and
   * the service answers with that call. A takeover keeps the dead owner's key instead: that owner may have sent its
   * POST under it, and a second key would be a second call. Throws (nothing sent) if the claim is no longer ours.
   */
  async bindKey(idempotencyKey: string): Promise<void> {
    if (this.takeover || idempotencyKey === this.key_) return;
    if (this.ledger && !(await this.ledger.store.dials.rekey(this.key, this.owner, idempotencyKey))) {
      throw new StoreUnavailableError(
        "the dial's claim was lost before it could be sent (its lease ran out); nothing was sent",
      );
    }
    this.key_ = idempotencyKey;
  }

  /** The caps reservation this dial is counted under once it is reserved. */
  get reservation(): string {
    return reservationOf(this.key, this.owner);
  }

  /** A dial taken over from a dead replica may be counted already, under that replica's reservation. */
  get countedAs(): string | undefined {
    return this.previousOwner !== undefined ? reservationOf(this.key, this.previousOwner) : undefined;
  }

  /**
   * Ends the claim, once (later calls do nothing): a placed dial is answered to repeats, an unknown one refuses them.
   * Never rejects: a store that cannot be told leaves the claim to its lease (a repeat then takes it over with the
   * same Idempotency-Key; Redis records it when it answers again: state/redis.ts).
   */
  async settle(settlement: Settlement): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    clearInterval(this.renewal);
    const ledger = this.ledger;
    if (!ledger) return;
    // Nothing sent by a takeover: the claim goes back to the dead owner (it may have sent), with its key.
    const outcome =
      settlement.kind === "not_placed" && this.previousOwner !== undefined
        ? { ...settlement, returnTo: this.previousOwner }
        : settlement;
    for (let attempt = 0; ; attempt++) {
      try {
        await ledger.store.dials.settle(this.key, this.owner, outcome, ledger.clock.now(), ledger.windowMs);
        return;
      } catch {
        if (outcome.kind === "not_placed" || attempt === SETTLE_RETRIES) return;
        await new Promise((resolve) => setTimeout(resolve, 100 * 3 ** attempt));
      }
    }
  }

  /** Nothing was placed (or it was already settled as unknown): forget the claim so a corrected retry may go. */
  release(): Promise<void> {
    return this.settle({ kind: "not_placed" });
  }
}
