/** The consent law's slice of the guard store (src/guards/store/store.ts): holds on a number until a date. */

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
