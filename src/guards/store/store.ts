/**
 * The guard store: the shared part (src/state/store.ts: secrets, one-time marks, approvals, the rate limit, the
 * epoch) and each guard's slice of state. Two implementations keep the same contract (test/state/store-contract.ts
 * runs against both): in process memory (memory.ts, one process) and Redis (redis.ts, many replicas). open.ts picks
 * one; the rooms above the guards open the store there.
 */
import type { CallOwners } from "../per-person/state/store.js";
import type { HoldList } from "../consent-law/state/store.js";
import type { SharedStore } from "../../state/store.js";
import type { CallsToRead, OptOutList } from "../opt-outs/state/store.js";
import type { CapLedger } from "../caps/state/store.js";
import type { DialLedger } from "../dial/state/store.js";
import type { StateSlice } from "./slice.js";

export interface GuardStore extends SharedStore {
  /** A guard's own slice (slice.ts), made once per store from its definition. */
  slice<T>(slice: StateSlice<T>): T;
  readonly dials: DialLedger;
  readonly caps: CapLedger;
  readonly optOuts: OptOutList;
  /** The placed calls waiting to be read for an opt-out (the watch), shared by replicas. */
  readonly toRead: CallsToRead;
  readonly owners: CallOwners;
  readonly holds: HoldList;
  /** The caps of one person (OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON): the same ledger, counting only their dials. */
  personCaps(person: string): CapLedger;
}
