/**
 * The shared part of the guard store: what the guards' slices (each in its guard's folder, src/guards/<guard>/state/) stand
 * on, and what the rooms below the guards use alone: secrets, one-time marks (confirmation tokens, approvals), pending
 * approvals, the HTTP per-client rate limit, and the epoch. The guard store (src/guards/store/store.ts) is this part
 * and every slice; two implementations keep the same contract (test/state/store-contract.ts runs against both): in
 * process memory (`memory-store.ts`, one process) and Redis (`redis-store.ts`, many replicas).
 *
 * Every method that decides is one atomic step in the store: two processes
 * cannot both claim a number or both pass a cap. Everything expires on its own;
 * nothing grows without bound. A store that cannot answer throws
 * `StoreUnavailableError`: the guards then refuse the dial (fail closed) while
 * the read tools go on (read open).
 */

import type { ApprovalStore } from "./store-approvals.js";

/**
 * The store could not be reached or did not answer in time: refuse the dial, send nothing.
 * A call that failed so may still take effect (it was sent; the store was slow). The owner of a failed
 * claim and the id of a failed reservation are therefore spent: never reuse them. (The Redis store ends
 * such a claim's lease and releases such a reservation once it answers again.)
 */
export class StoreUnavailableError extends Error {
  override readonly name = "StoreUnavailableError";
}

// ---------------------------------------------------------------- the approvals, in a file of their own

export * from "./store-approvals.js";

// ---------------------------------------------------------------- one-time marks

export interface OnceMarks {
  /** True the first time `id` is used; false ever after, until `ttlMs` has passed. */
  use(id: string, now: number, ttlMs: number): Promise<boolean>;
  /** Has `id` been used, and is its mark still alive? Reads only (an approver session ended on any replica). */
  seen(id: string, now: number): Promise<boolean>;
}

// ---------------------------------------------------------------- rate limit

export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateCounter {
  /** Counts `n` requests for `client` in fixed windows, or refuses all of them if they do not fit. */
  take(client: string, n: number, max: number, windowMs: number, now: number): Promise<Take>;
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

// ---------------------------------------------------------------- the shared part of every store

/**
 * What every guard store holds beside the guards' slices: the rooms below the guards (approvals, passkeys, the HTTP
 * rate limit) use only this part. The guard store (src/guards/store/store.ts) adds each guard's slice.
 */
export interface SharedStore {
  readonly kind: "memory" | "redis";
  /**
   * 32 random bytes named `name`, the same for every process that shares the store (confirmation tokens
   * issued on one replica check out on another); made once, on first ask.
   */
  secret(name: string): Promise<Buffer>;
  readonly once: OnceMarks;
  readonly approvals: ApprovalStore;
  readonly rates: RateCounter;
  readonly epoch: StoreEpoch;
  close(): Promise<void>;
}
