/** Holds in process memory (store.ts HoldList): one entry a key, dropped once its time has passed. */
import type { HoldEntry, HoldList } from "./store.js";

export class MemoryHolds implements HoldList {
  private readonly held = new Map<string, HoldEntry>();

  async put(key: string, entry: HoldEntry, now: number): Promise<void> {
    for (const [k, e] of this.held) if (e.until <= now) this.held.delete(k);
    const before = this.held.get(key);
    if (!before || before.until < entry.until)
      this.held.set(key, { until: entry.until, note: entry.note.slice(0, 400) });
  }

  async get(keys: readonly string[], now: number): Promise<Array<HoldEntry | undefined>> {
    return keys.map((key) => {
      const entry = this.held.get(key);
      return entry && entry.until > now ? { ...entry } : undefined;
    });
  }
}
