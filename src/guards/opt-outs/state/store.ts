/** The opt-outs' slice of the guard store (src/guards/store/store.ts): the numbers never to dial again, and the placed calls still to be read for a stop. */

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
 * The scripts of scripts.ts keep the same rule.
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
