/**
 * The guard store in process memory: today's behaviour for one process (stdio,
 * or a single --http replica). Its state dies with the process; the audit log
 * (when configured) seeds the dials and caps again at start.
 */
import { MemorySharedStore } from "../../state/memory-store.js";
import { MemoryCapLedger } from "../caps/state/memory.js";
import { MemoryDialLedger } from "../dial/state/memory.js";
import { MemoryOptOuts } from "../opt-outs/state/memory.js";
import { MemoryCallOwners } from "../per-person/state/memory.js";
import { MemoryCallsToRead } from "../opt-outs/state/calls-to-read-memory.js";
import { MemoryHolds } from "../consent-law/state/memory.js";
import { SliceShelf, type StateSlice } from "./slice.js";
import type { GuardStore } from "./store.js";

export class MemoryStore extends MemorySharedStore implements GuardStore {
  readonly dials = new MemoryDialLedger();
  readonly caps = new MemoryCapLedger();
  readonly optOuts = new MemoryOptOuts();
  readonly toRead = new MemoryCallsToRead();
  readonly owners = new MemoryCallOwners();
  readonly holds = new MemoryHolds();
  private readonly byPerson = new Map<string, MemoryCapLedger>();
  private readonly slices = new SliceShelf((slice) => slice.memory());

  slice<T>(slice: StateSlice<T>): T {
    return this.slices.get(slice);
  }

  personCaps(person: string): MemoryCapLedger {
    let ledger = this.byPerson.get(person);
    if (!ledger) this.byPerson.set(person, (ledger = new MemoryCapLedger()));
    return ledger;
  }
}
