/**
 * Everything that decides whether a dial goes out, behind one interface: the
 * dedupe ledger (by request and by number, with in-flight dials), the caps,
 * one-time marks (confirmation tokens, approvals), pending approvals and the
 * HTTP per-client rate limit, the opt-outs (numbers never to dial again), and who placed which call. Two implementations keep the same contract
 * (test/state/store-contract.ts runs against both): in process memory
 * (`memory-store.ts`, one process) and Redis (`redis-store.ts`, many replicas).
 *
 * Every method that decides is one atomic step in the store: two processes
 * cannot both claim a number or both pass a cap. Everything expires on its own;
 * nothing grows without bound. A store that cannot answer throws
 * `StoreUnavailableError`: the guards then refuse the dial (fail closed) while
 * the read tools go on (read open).
 */

/**
 * The store could not be reached or did not answer in time: refuse the dial, send nothing.
 * A call that failed so may still take effect (it was sent; the store was slow). The owner of a failed
 * claim and the id of a failed reservation are therefore spent: never reuse them. (The Redis store ends
 * such a claim's lease and releases such a reservation once it answers again.)
 */
export class StoreUnavailableError extends Error {
  override readonly name = "StoreUnavailableError";
}

// ---------------------------------------------------------------- dials (dedupe)

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

// ---------------------------------------------------------------- caps

export interface CapLimits {
  /** undefined = no cap. */
  perHour: number | undefined;
  perNumberPerDay: number | undefined;
  /**
   * Limits the law of the place called sets per number (src/guards/law/check.ts): at most `limit` dials
   * of the number in any `windowMs` (up to 31 days), each named by its rule `id`. Counted with the same dials.
   */
  perNumberLaw?: ReadonlyMap<string, ReadonlyArray<LawLimit>>;
}

export interface LawLimit {
  id: string;
  limit: number;
  windowMs: number;
}

/** How long the caps keep each number's dials: the longest window a law limit may have. */
export const CAP_NUMBER_RETENTION_MS = 31 * 24 * 3_600_000;

export type CapVerdict =
  | { ok: true }
  /** `recent`: dials in the last hour; `freeAt`: when enough of them age out for this request (epoch ms). */
  | { ok: false; rule: "dials_per_hour"; recent: number; freeAt: number }
  /** One entry per number over its cap: dials in the last 24 h, and when enough age out. */
  | { ok: false; rule: "dials_per_number_per_day"; numbers: Array<{ number: string; past: number; freeAt: number }> }
  /** One entry per number over a law limit: the limit's id, dials in its window, and when enough age out. */
  | { ok: false; rule: "law_frequency"; numbers: Array<{ number: string; law: string; past: number; freeAt: number }> };

/**
 * `countedAs`: the reservation a dead owner of the same dial made before it died (a takeover, see
 * ClaimResult). While it exists the dial is already counted: check() and reserve() pass without counting it
 * again, and the new reservation stands for the same rows (a later takeover may name it in turn); releasing
 * it takes nothing back (the dead owner may have sent its POST). A dial taken over counts once.
 */
export interface CapLedger {
  /** Would these dials (batch rows each count) pass the caps now? Reserves nothing. */
  check(numbers: string[], now: number, limits: CapLimits, countedAs?: string): Promise<CapVerdict>;
  /** Check and count in one atomic step; `reservationId` names the entries for release(). */
  reserve(
    reservationId: string,
    numbers: string[],
    now: number,
    limits: CapLimits,
    countedAs?: string,
  ): Promise<CapVerdict>;
  /** Takes a reservation back: nothing was dialed. */
  release(reservationId: string): Promise<void>;
}

// ---------------------------------------------------------------- one-time marks

export interface OnceMarks {
  /** True the first time `id` is used; false ever after, until `ttlMs` has passed. */
  use(id: string, now: number, ttlMs: number): Promise<boolean>;
  /** Has `id` been used, and is its mark still alive? Reads only (an approver session ended on any replica). */
  seen(id: string, now: number): Promise<boolean>;
}

// ---------------------------------------------------------------- approvals (consent)

export type ApprovalStatus = "pending" | "approved" | "declined" | "used" | "expired";

export interface ApprovalRecord {
  /** Random, URL-safe; names the approval in the inbox. Not a secret. */
  id: string;
  requestKey: string;
  tool: string;
  /** sha256 (hex) of the one-time secret in the approval link; the secret itself is never stored. */
  secretHash: string;
  /** What the person reads, as the page renders it (JSON-serializable). */
  view: Record<string, unknown>;
  createdAt: number;
  expiresAt: number;
  status: ApprovalStatus;
  decidedAt?: number;
  /** Who decided: "local browser", or the approver's label over HTTP. */
  decidedBy?: string;
  /** The desk's seal over the fixed part (consent/seal.ts): shared state cannot forge it. */
  seal?: string;
  /**
   * The client that asked (the call scope's identity.client): its pending approvals are bounded on their own
   * (APPROVAL_BOUNDS_PER_CLIENT), so one client cannot push out another's. Not sealed: it decides nothing.
   */
  client?: string;
  /** The desk's seal over the decision (status, decidedBy, decidedAt, attested), set by decide(). */
  decisionSeal?: string;
  /** What the approver attested with the decision (consent/attestation.ts), as JSON text. */
  attested?: string;
  /**
   * The light record: what the inbox lists of this approval (a few hundred bytes, sealed by the desk:
   * consent/inbox-summary.ts), stored beside the full record so that listing never loads a view. Given to
   * create() and returned by listPending(); get() does not return it.
   */
  summary?: Record<string, unknown>;
}

/** Where a page of the inbox ends: the last approval listed (by creation time, then id). */
export interface InboxCursor {
  createdAt: number;
  id: string;
}

/** One page of the inbox: `size` at most, newest or oldest first, after `after` (exclusive). */
export interface InboxQuery {
  order: "newest" | "oldest";
  size: number;
  after?: InboxCursor | undefined;
}

/** One pending approval as the inbox lists it: its light record as stored (unchecked: the desk checks its seal). */
export interface PendingEntry {
  id: string;
  createdAt: number;
  summary: unknown;
}

export interface InboxPage {
  entries: PendingEntry[];
  /** Where the next page starts; absent on the last page. Stable under inserts: a cursor is a position, not an offset. */
  next?: InboxCursor | undefined;
  /** How many are pending now (the store's count, before any seal is checked). */
  total: number;
}

/** One client's share of the pending approvals: at most this many, and this many bytes of view (as JSON). */
export const APPROVAL_BOUNDS_PER_CLIENT = { count: 20, bytes: 4 * 1024 * 1024 } as const;

/**
 * create() refused a pending approval: its client already has its share waiting (`count` or `bytes`). Nothing
 * was stored, nothing pushed out.
 */
export class ApprovalBoundError extends Error {
  constructor(
    readonly bound: "count" | "bytes",
    readonly client: string,
  ) {
    super(`the client ${client} already has its share of pending approvals (${bound})`);
    this.name = "ApprovalBoundError";
  }
}

export interface ApprovalStore {
  /**
   * Stores a new record. A pending one whose client already has APPROVAL_BOUNDS_PER_CLIENT waiting (pending and
   * unexpired at createdAt) is refused with ApprovalBoundError, atomically with the count.
   */
  create(record: ApprovalRecord): Promise<void>;
  get(id: string): Promise<ApprovalRecord | undefined>;
  /** The newest approval of a request that is pending or approved (not used), for a repeat of the same call. */
  findOpen(requestKey: string, now: number): Promise<ApprovalRecord | undefined>;
  /**
   * One page of the pending ones (the inbox), ordered by creation time then id: light records only, never a full
   * record or view, so a page costs the same at any backlog.
   */
  listPending(now: number, query: InboxQuery): Promise<InboxPage>;
  /**
   * pending -> approved/declined, once; false if it was not pending (decided, used, expired). `seal` is kept
   * as the record's decisionSeal, `attested` as its attested.
   */
  decide(
    id: string,
    decision: "approved" | "declined",
    by: string,
    now: number,
    seal?: string,
    attested?: string,
  ): Promise<boolean>;
  /** approved -> used, once: the one dial it allows. False if it was not approved. */
  consume(id: string, now: number): Promise<boolean>;
}

// ---------------------------------------------------------------- rate limit

export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateCounter {
  /** Counts `n` requests for `client` in fixed windows, or refuses all of them if they do not fit. */
  take(client: string, n: number, max: number, windowMs: number, now: number): Promise<Take>;
}

// ---------------------------------------------------------------- opt-outs (suppression list)

/**
 * A number whose owner asked not to be called again; kept until an operator removes it (no expiry). `tier`
 * "possible": a weaker cue, held for an operator's review: dials are refused all the same (rule opt_out_review) until
 * the operator confirms it (it becomes an opt-out) or clears it.
 */
export interface OptOutEntry {
  /** E.164. */
  number: string;
  /** When it was recorded (epoch ms). */
  at: number;
  /** How it was learned: read from a call's record, told by the model, or written by an operator. */
  source: "call" | "model" | "operator";
  /** The call where the person said it, when known. */
  callId?: string;
  /** What was matched or reported (one line, at most a few hundred characters). */
  evidence: string;
  /** Absent: the person asked. "possible": held for review. */
  tier?: "possible";
}

/**
 * The store lost what it held since this process last looked (Redis restarted empty, or flushed): the opt-out list
 * may be incomplete until the replicas have written back their journals. A dial is refused meanwhile.
 */
export class OptOutListIncomplete extends Error {
  override readonly name = "OptOutListIncomplete";
}

export interface OptOutList {
  /**
   * Lists the number unless it is listed already (the first entry stays, but an asked entry replaces a possible
   * one); returns the entry in force. Undefined: an operator released this number from this same entry (the same
   * call, or an entry no newer than the one released), so it is not listed again.
   */
  add(entry: OptOutEntry): Promise<OptOutEntry | undefined>;
  /** The entries of these numbers, in order (undefined = not listed). */
  get(numbers: readonly string[]): Promise<Array<OptOutEntry | undefined>>;
  /**
   * get() at dial time: throws OptOutListIncomplete when the store lost its data since this process last saw it
   * (Redis: the epoch key is checked in the same script), so no dial is decided on a list that may be incomplete.
   */
  forDial(numbers: readonly string[]): Promise<Array<OptOutEntry | undefined>>;
  /** A held number becomes an opt-out (the operator confirmed it); undefined when it was not listed. */
  confirm(number: string): Promise<OptOutEntry | undefined>;
  /**
   * Takes a number off the list (an operator's removal, or a review that cleared a held number); false if it was not
   * listed. The entry released is remembered (no expiry), so neither a later read of the same call nor a journal's
   * write-back of that entry lists it again. With `tier` "possible": only a held number (a review's clear never takes
   * off an opt-out another replica listed meanwhile).
   */
  remove(number: string, tier?: "possible"): Promise<boolean>;
  /** The newest entries first, at most `limit`. */
  list(limit: number): Promise<OptOutEntry[]>;
  /** Entries listed at or after `at` (epoch ms), oldest first, at most `limit`: what a replica copies to its journal. */
  listSince(at: number, limit: number): Promise<OptOutEntry[]>;
}

/**
 * Whether an operator's release (`released`: the entry taken off) keeps `entry` off the list: the same entry written
 * back (no newer than it), or the same call read again (a cleared possible keeps off only possible readings of it).
 * The scripts of redis/opt-out-scripts.ts keep the same rule.
 */
export function releaseHolds(released: Pick<OptOutEntry, "at" | "callId" | "tier">, entry: OptOutEntry): boolean {
  if (entry.at <= released.at) return true;
  // A person's report (the model, an operator) is heard anew; only a reading of the same call is the same entry.
  if (entry.source !== "call" || entry.callId === undefined || entry.callId !== released.callId) return false;
  return released.tier !== "possible" || entry.tier === "possible";
}

// ---------------------------------------------------------------- calls waiting to be read (the opt-out watch)

/**
 * A placed call to read until it ends, for a person who said stop. Any replica may read it: it waits in the shared
 * store, leased to the replica reading it, so a replica that dies leaves it to another.
 */
export interface CallToRead {
  callId: string;
  /** The number the service's answer paired with this call (E.164), when it gave one. */
  answered?: string;
  /** The row at the same place in the dial, when the answer listed as many calls as there were rows. */
  position?: string;
  /** Every number of the dial: where the call's number is unknown, it is one of these. */
  dialNumbers: string[];
  /** When it was placed (epoch ms): a call not final a day later is no longer read. */
  since: number;
}

export interface CallsToRead {
  /** Waits to be read from `dueAt` (epoch ms). At most `max` wait at once: false when full (nothing added). */
  add(calls: readonly CallToRead[], dueAt: number, max: number): Promise<boolean>;
  /** Up to `max` calls due at `now`, leased to the caller until `now + leaseMs` (then another may take them). */
  take(now: number, max: number, leaseMs: number): Promise<CallToRead[]>;
  /** Waiting calls of a dial of any of these numbers (the read before a dial), at most `max`; leases nothing. */
  ofNumbers(numbers: readonly string[], max: number): Promise<CallToRead[]>;
  /** Read again from `dueAt`. */
  later(callId: string, dueAt: number): Promise<void>;
  /** No longer read (final, or given up). */
  done(callId: string): Promise<void>;
  /** How many wait (tests, doctor). */
  size(): Promise<number>;
}

/**
 * The store's own account of whether it lost its data. Redis: the epoch key, checked on reconnect, at every dial's
 * opt-out read, and whenever check() is called; memory never loses anything while the process lives.
 */
export interface StoreEpoch {
  /** Looks now; when the store came back empty the listeners run (and this resolves once their work is done). */
  check(): Promise<void>;
  /**
   * Called when the store is found emptied: `since` is when the first replica found it so (epoch ms). The
   * listener's synchronous part runs before any later dial reads the store; its promise is the write-back.
   */
  onEmptied(listener: (since: number) => Promise<void>): void;
}

// ---------------------------------------------------------------- who placed which call

/**
 * What a placed dial is recorded under: each call id the service answered with, and a batch's campaign (a batch
 * answer may not list its calls; their records carry the campaign).
 */
export interface OwnedThing {
  kind: "call" | "campaign";
  id: string;
}

/**
 * Who placed which call (`--http` with OAuth): the person's subject at the identity provider, kept for
 * CALL_OWNERS_KEPT_MS. The first record of a thing stays: nobody takes over another's call or campaign.
 */
export interface CallOwners {
  record(things: readonly OwnedThing[], owner: string, now: number): Promise<void>;
  /** The owner of each thing, in order (undefined: none recorded, or forgotten). */
  ownersOf(things: readonly OwnedThing[], now: number): Promise<Array<string | undefined>>;
}

/** How long a call's owner is kept: a call older than this is shown only to a token that may read all calls. */
export const CALL_OWNERS_KEPT_MS = 400 * 24 * 3_600_000;

// ---------------------------------------------------------------- holds (a number not to be called until a date)

/** A hold of one key (a rule and a number) until a date, and why, as a refusal shows it. */
export interface HoldEntry {
  /** Epoch ms: the key is free from this instant on. */
  until: number;
  /** What started it (the call, what was read), at most 400 characters. */
  note: string;
}

/** Holds that end on their own (France's 60 days after a refusal: src/guards/consent-law/hold.ts). */
export interface HoldList {
  /** Holds `key` until `entry.until`, in one step: a later hold replaces an earlier one, never the other way. */
  put(key: string, entry: HoldEntry, now: number): Promise<void>;
  /** The live hold of each key, in order (undefined: free). Throws StoreUnavailableError when it cannot answer. */
  get(keys: readonly string[], now: number): Promise<Array<HoldEntry | undefined>>;
}

// ---------------------------------------------------------------- the store

export interface GuardStore {
  readonly kind: "memory" | "redis";
  /**
   * 32 random bytes named `name`, the same for every process that shares the store (confirmation tokens
   * issued on one replica check out on another); made once, on first ask.
   */
  secret(name: string): Promise<Buffer>;
  readonly dials: DialLedger;
  readonly caps: CapLedger;
  readonly once: OnceMarks;
  readonly approvals: ApprovalStore;
  readonly rates: RateCounter;
  readonly optOuts: OptOutList;
  /** The placed calls waiting to be read for an opt-out (the watch), shared by replicas. */
  readonly toRead: CallsToRead;
  readonly epoch: StoreEpoch;
  readonly owners: CallOwners;
  readonly holds: HoldList;
  /** The caps of one person (OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON): the same ledger, counting only their dials. */
  personCaps(person: string): CapLedger;
  close(): Promise<void>;
}
