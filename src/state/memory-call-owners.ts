/**
 * Who placed which call, in process memory. A restart forgets it unless the
 * audit log is kept: its lines name the person and the call ids, and are read
 * back at start (src/safety/index.ts).
 */
import { CALL_OWNERS_KEPT_MS, type CallOwners, type OwnedThing } from "./store.js";

const keyOf = (thing: OwnedThing) => `${thing.kind}:${thing.id}`;

export class MemoryCallOwners implements CallOwners {
  private readonly owners = new Map<string, { owner: string; until: number }>();
  private lastSweep = 0;

  async record(things: readonly OwnedThing[], owner: string, now: number): Promise<void> {
    this.sweep(now);
    for (const thing of things) {
      const key = keyOf(thing);
      const known = this.owners.get(key);
      if (known && known.until > now) continue;
      this.owners.set(key, { owner, until: now + CALL_OWNERS_KEPT_MS });
    }
  }

  async ownersOf(things: readonly OwnedThing[], now: number): Promise<Array<string | undefined>> {
    return things.map((thing) => {
      const known = this.owners.get(keyOf(thing));
      return known && known.until > now ? known.owner : undefined;
    });
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 3_600_000) return;
    this.lastSweep = now;
    for (const [key, value] of this.owners) if (value.until <= now) this.owners.delete(key);
  }
}
