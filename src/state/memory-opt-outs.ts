/**
 * The opt-outs in process memory. They never expire; what survives a restart is
 * what the audit log holds (safety/index.ts seeds them from it at start).
 */
import type { OptOutEntry, OptOutList } from "./store.js";

export class MemoryOptOuts implements OptOutList {
  private readonly entries = new Map<string, OptOutEntry>();

  async add(entry: OptOutEntry): Promise<OptOutEntry> {
    const held = this.entries.get(entry.number);
    if (held) return held;
    this.entries.set(entry.number, { ...entry });
    return entry;
  }

  async get(numbers: readonly string[]): Promise<Array<OptOutEntry | undefined>> {
    return numbers.map((n) => this.entries.get(n));
  }

  async remove(number: string): Promise<boolean> {
    return this.entries.delete(number);
  }

  async list(limit: number): Promise<OptOutEntry[]> {
    return [...this.entries.values()].sort((a, b) => b.at - a.at).slice(0, limit);
  }

  /** The log's history replayed at start: adds and removals in the order written. */
  seed(events: ReadonlyArray<{ kind: "add"; entry: OptOutEntry } | { kind: "remove"; number: string }>): void {
    for (const e of events) {
      if (e.kind === "add") {
        if (!this.entries.has(e.entry.number)) this.entries.set(e.entry.number, e.entry);
      } else this.entries.delete(e.number);
    }
  }
}
