/**
 * The opt-outs in process memory, with the entries operators released. They
 * never expire; what survives a restart is what the audit log and the opt-out
 * journal hold (guards/opt-outs/keeper.ts writes them back at start).
 */
import { releaseHolds, type OptOutEntry, type OptOutList } from "./store.js";

export class MemoryOptOuts implements OptOutList {
  private readonly entries = new Map<string, OptOutEntry>();
  private readonly released = new Map<string, OptOutEntry>();

  async add(entry: OptOutEntry): Promise<OptOutEntry | undefined> {
    const held = this.entries.get(entry.number);
    if (held && !(held.tier === "possible" && entry.tier === undefined)) return held;
    const gone = this.released.get(entry.number);
    if (!held && gone && releaseHolds(gone, entry)) return undefined;
    this.entries.set(entry.number, { ...entry });
    return entry;
  }

  async get(numbers: readonly string[]): Promise<Array<OptOutEntry | undefined>> {
    return numbers.map((n) => this.entries.get(n));
  }

  forDial(numbers: readonly string[]): Promise<Array<OptOutEntry | undefined>> {
    return this.get(numbers);
  }

  async confirm(number: string): Promise<OptOutEntry | undefined> {
    const held = this.entries.get(number);
    if (!held) return undefined;
    const { tier: _tier, ...asked } = held;
    this.entries.set(number, asked);
    return asked;
  }

  async remove(number: string, tier?: "possible"): Promise<boolean> {
    const held = this.entries.get(number);
    if (!held || (tier !== undefined && held.tier !== tier)) return false;
    this.released.set(number, held);
    return this.entries.delete(number);
  }

  async list(limit: number): Promise<OptOutEntry[]> {
    return [...this.entries.values()].sort((a, b) => b.at - a.at).slice(0, limit);
  }

  async listSince(at: number, limit: number): Promise<OptOutEntry[]> {
    return [...this.entries.values()]
      .filter((e) => e.at >= at)
      .sort((a, b) => a.at - b.at)
      .slice(0, limit);
  }
}
