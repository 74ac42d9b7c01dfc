/**
 * Keeps the opt-out list whole through the faults of the store it lives in.
 * Every opt-out this process hears, is told or sees in the shared store goes to
 * its journal (opt-out-journal.ts) before anything else; the journal and the
 * audit log are written back to the store at start and whenever the store is
 * found emptied (Redis restarted without persistence, or flushed: the store's
 * epoch, checked on reconnect, at every dial and at every tick of the watch).
 * While this process's write-back is under way the list may be incomplete: every
 * dial it decides is refused. Each replica's journal also holds what the others
 * listed (copied from the store at each tick), so any live replica writes back
 * the whole list as it last saw it.
 */
import { OptOutListIncomplete, type OptOutEntry } from "./state/store.js";
import type { GuardStore } from "../store/store.js";
import { SafetyRefusal } from "../dial/refusals.js";
import { keptOptOuts, type OptOutEvent } from "./history.js";
import type { OptOutJournal } from "./journal.js";

export const INCOMPLETE_RULE = "opt_out_list_incomplete";
/** Entries copied from the store to the journal per tick, at most. */
const MIRROR_BATCH = 500;
/** The copy looks back this far behind the newest entry it saw: replicas' clocks differ a little. */
const MIRROR_OVERLAP_MS = 5 * 60_000;

/** The tool each source's line names (the reader takes the source back from it: opt-out-history.ts). */
export const SOURCE_TOOL: Record<OptOutEntry["source"], string> = {
  call: "opt_out_watch",
  model: "add_do_not_call",
  operator: "opt-out-cli",
};

export interface KeeperDeps {
  store: GuardStore;
  journal: OptOutJournal | undefined;
  /** The opt-out lines of the audit log, read again for each write-back (none without a log). */
  audited: () => OptOutEvent[];
  log(line: string): void;
}

export function incompleteRefusal(why: string): SafetyRefusal {
  return new SafetyRefusal(
    INCOMPLETE_RULE,
    `Refused (${INCOMPLETE_RULE}): the opt-out list may be incomplete: ${why}. Nothing was dialed. Try again in a minute; the reading tools still answer.`,
  );
}

export class OptOutKeeper {
  /** Why the list may be incomplete now; undefined when it is whole. */
  private missing: string | undefined = "this server is writing its journal back to the guard store";
  private generation = 0;
  /** A write-back that failed (the store did not answer): tried again at the next tick. */
  private retry = false;
  private mirrored = 0;

  constructor(private readonly d: KeeperDeps) {
    d.store.epoch.onEmptied(() =>
      this.writeBack(
        "the shared guard state (Redis) lost its data (restarted empty, or flushed) and this server is writing back its opt-out journal",
      ),
    );
  }

  /**
   * At start: the journal and the audit log back into the store (the audit's events as read at start). A journal
   * that cannot be read stops the start (ConfigurationError naming the variable).
   */
  start(audited: OptOutEvent[]): void {
    const journaled = this.d.journal?.readBack() ?? [];
    void this.writeBack(this.missing!, audited, journaled);
  }

  /** Throws a SafetyRefusal while the list may be incomplete (no dial is decided on it). */
  assertComplete(): void {
    if (this.missing !== undefined) throw incompleteRefusal(this.missing);
  }

  /** The store's entries at dial time, refused while the list may be incomplete. */
  async forDial(numbers: readonly string[]): Promise<Array<OptOutEntry | undefined>> {
    this.assertComplete();
    try {
      return await this.d.store.optOuts.forDial(numbers);
    } catch (error) {
      if (error instanceof OptOutListIncomplete) throw incompleteRefusal(error.message);
      throw error;
    }
  }

  /** Each tick of the watch: the store's epoch looked at, a failed write-back tried again, new entries copied. */
  async tick(): Promise<void> {
    await this.d.store.epoch.check();
    if (this.retry) await this.writeBack(this.missing ?? "a write-back of the opt-out journal is under way");
    if (this.d.store.kind === "redis" && this.d.journal) await this.mirror(this.d.journal);
  }

  /** Copies the store's newer entries (other replicas') into the journal, so this replica can write them back too. */
  private async mirror(journal: OptOutJournal): Promise<void> {
    const entries = await this.d.store.optOuts.listSince(Math.max(0, this.mirrored - MIRROR_OVERLAP_MS), MIRROR_BATCH);
    for (const entry of entries) {
      journal.added(entry, SOURCE_TOOL[entry.source]);
      this.mirrored = Math.max(this.mirrored, entry.at);
    }
  }

  private async writeBack(why: string, audited?: OptOutEvent[], journaled?: OptOutEvent[]): Promise<void> {
    const generation = ++this.generation;
    this.missing = why;
    this.retry = false;
    try {
      const entries = keptOptOuts(audited ?? this.d.audited(), journaled ?? this.d.journal?.readBack() ?? []);
      let kept = 0;
      for (const entry of entries) if ((await this.d.store.optOuts.add(entry)) !== undefined) kept += 1;
      if (generation !== this.generation) return;
      this.missing = undefined;
      if (entries.length > 0 && this.d.store.kind === "redis")
        this.d.log(`outbound-calls-mcp: opt-outs: ${kept} of ${entries.length} kept here are in the guard store`);
    } catch (error) {
      if (generation !== this.generation) return;
      this.retry = true;
      this.d.log(
        `outbound-calls-mcp: opt-outs: could not write the journal back to the guard store yet (${error instanceof Error ? error.message : String(error)}); dials are refused until it is`,
      );
    }
  }
}
