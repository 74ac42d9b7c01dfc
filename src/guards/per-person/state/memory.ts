/**
 * Who placed which call, in process memory. A restart forgets it unless the
 * audit log is kept: its lines name the person and the call ids, and are read
 * back at start (src/guards/index.ts).
 */
import { CALL_OWNERS_KEPT_MS, type CallOwners, type OwnedThing } from "./store.js";

const keyOf = (thing: OwnedThing) => `${thing.kind}:${thing.id}`;

export class MemoryCallOwners implements CallOwners {
  private readonly owners = new Map<string, { owner: string; until: number }>();
  private lastSweep = 0;
  /** No entry is forgotten before this (the earliest `until`, or earlier): a sweep before it has nothing to do. */
  private firstExpiry = Number.POSITIVE_INFINITY;

  async record(things: readonly OwnedThing[], owner: string, now: number): Promise<void> {
    this.recordNow(things, owner, now);
  }

  /** Past owners (from the audit log), oldest first: what record() does with each, at once. */
  seed(dials: ReadonlyArray<{ things: readonly OwnedThing[]; owner: string; at: number }>): void {
    for (const dial of dials) this.recordNow(dial.things, dial.owner, dial.at);
  }

  private recordNow(things: readonly OwnedThing[], owner: string, now: number): void {
    this.sweep(now);
    for (const thing of things) {
      const key = keyOf(thing);
      const known = this.owners.get(key);
      if (known && known.until > now) continue;
      this.owners.set(key, { owner, until: now + CALL_OWNERS_KEPT_MS });
      this.firstExpiry = Math.min(this.firstExpiry, now + CALL_OWNERS_KEPT_MS);
    }
  }

  async ownersOf(things: readonly OwnedThing[], now: number): Promise<Array<string | undefined>> {
    return things.map((thing) => {
      const known = this.owners.get(keyOf(thing));
      return known && known.until > now ? known.owner : undefined;
    });
  }

  /**
   * Forgets what expired, at most once an hour, and only when something can have: the start records every owner the
   * audit log holds with each dial's own time, so a log of a year swept the whole map once per logged hour (35 s
   * for 200,000 calls over 400 days, before the server answered anything).
   */
  private sweep(now: number): void {
    if (now - this.lastSweep < 3_600_000) return;
    this.lastSweep = now;
    if (now < this.firstExpiry) return;
    this.firstExpiry = Number.POSITIVE_INFINITY;
    for (const [key, value] of this.owners) {
      if (value.until <= now) this.owners.delete(key);
      else this.firstExpiry = Math.min(this.firstExpiry, value.until);
    }
  }
}
