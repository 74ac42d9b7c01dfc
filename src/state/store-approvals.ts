/** The approvals' part of the guard store (src/state/store.ts): a person's pending, approved or declined dial, and the inbox's pages over them. */

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
  /** The desk's seal over the fixed part (approval/seal.ts): shared state cannot forge it. */
  seal?: string;
  /**
   * The client that asked (the call scope's identity.client): its pending approvals are bounded on their own
   * (APPROVAL_BOUNDS_PER_CLIENT), so one client cannot push out another's. Not sealed: it decides nothing.
   */
  client?: string;
  /** The desk's seal over the decision (status, decidedBy, decidedAt, attested), set by decide(). */
  decisionSeal?: string;
  /** What the approver attested with the decision (approval/attestation.ts), as JSON text. */
  attested?: string;
  /**
   * The light record: what the inbox lists of this approval (a few hundred bytes, sealed by the desk:
   * approval/inbox-summary.ts), stored beside the full record so that listing never loads a view. Given to
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
