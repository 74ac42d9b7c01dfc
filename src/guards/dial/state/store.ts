/** The dial ledger's slice of the guard store (src/guards/store/store.ts), held by the kernel's claim (../claim.ts) and read by the dedupe guard: a dial's record by request and by number, and the in-flight claim a POST goes with. */

/** A small, JSON-serializable summary of a placed dial's answer (ids and statuses), replayed to repeats. */
export type DialSummary = Record<string, unknown>;

export type DialState =
  /** Claimed, not yet settled: a person may be deciding, or the POST is under way. */
  | { kind: "in_flight"; leaseUntil: number }
  | { kind: "placed"; at: number; summary: DialSummary; callIds: string[] }
  /** Sent, but its answer was lost: it may have reached someone. */
  | { kind: "unknown"; at: number; message: string };

export interface DialRecord {
  /** The identity of the request (tool + normalized rows), see safety/dial-key.ts. */
  requestKey: string;
  tool: string;
  /** Normalized E.164 numbers, row order. */
  numbers: string[];
  startedAt: number;
  /** The Idempotency-Key this dial is (or was) sent with; a takeover reuses it. */
  idempotencyKey: string;
  /** Who holds the claim (a random id per claim); settle and renew must name it. */
  owner: string;
  state: DialState;
}

export interface ClaimRequest {
  requestKey: string;
  tool: string;
  numbers: string[];
  /** Used unless a dead claim of the same request is taken over (then its key is kept). */
  idempotencyKey: string;
  owner: string;
  now: number;
  /** The dedupe window: settled dials are remembered this long after they started. */
  windowMs: number;
  /** How long an unsettled claim lives without renew(): a crashed owner frees it after this. */
  leaseMs: number;
  /** The request said a second call to a number dialed within the window is meant. */
  allowRecentNumbers: boolean;
}

export type ClaimResult =
  /**
   * This caller owns the dial. `takeover`: a claim whose owner died (lease ran out) was taken, with its
   * idempotencyKey; `previousOwner` names that owner (its cap reservation, if it made one, counts this dial).
   */
  | { kind: "claimed"; idempotencyKey: string; takeover: boolean; previousOwner?: string }
  /** The same request is in flight or was settled within the window. */
  | { kind: "same_request"; record: DialRecord }
  /** Other requests dialed (or are dialing) these numbers within the window. `index` is the row. */
  | { kind: "recent_numbers"; matches: Array<{ index: number; number: string; record: DialRecord }> };

export interface DialLedger {
  /** One atomic step: the request, then each number; claims all or nothing. */
  claim(request: ClaimRequest): Promise<ClaimResult>;
  /** Extends an in-flight claim (a person is still deciding). False if the claim is no longer `owner`'s. */
  renew(requestKey: string, owner: string, leaseUntil: number): Promise<boolean>;
  /**
   * Sets the Idempotency-Key of `owner`'s in-flight claim, before anything is sent under it: the key a person's
   * single-use yes dictates (safety/dial-claim.ts bindKey). A takeover or a restore then finds this key. False if
   * the claim is no longer `owner`'s or no longer in flight (nothing may be sent).
   */
  rekey(requestKey: string, owner: string, idempotencyKey: string): Promise<boolean>;
  /**
   * Ends a claim. `placed`/`unknown` are remembered for the window (request and numbers);
   * `not_placed` forgets the request and its numbers at once, so a corrected retry may go; with `returnTo` (a
   * takeover that sent nothing) the claim goes back to the dead owner it was taken from instead, its lease ended
   * and its Idempotency-Key kept, because that owner may have sent its POST: the next repeat takes it over again.
   */
  settle(requestKey: string, owner: string, outcome: Settlement, now: number, windowMs: number): Promise<void>;
  get(requestKey: string): Promise<DialRecord | undefined>;
  /** Dials of these numbers within the window, without claiming (dry runs). */
  recentByNumber(
    numbers: string[],
    now: number,
    windowMs: number,
  ): Promise<Array<{ index: number; number: string; record: DialRecord }>>;
}

export type Settlement =
  | { kind: "placed"; at: number; summary: DialSummary; callIds: string[] }
  | { kind: "unknown"; at: number; message: string }
  | { kind: "not_placed"; returnTo?: string };
