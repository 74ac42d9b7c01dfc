/**
 * Who placed which call, on Redis: `owner:<kind>:<id>` holds the person's
 * subject, set once (NX) with a TTL of CALL_OWNERS_KEPT_MS, so every replica
 * answers the same and nobody takes over another's call.
 */
import { CALL_OWNERS_KEPT_MS, type CallOwners, type OwnedThing } from "./store.js";
import type { RedisConnection } from "../../../state/redis/connection.js";
import type { Keys } from "../../../state/redis/keys.js";
import { array } from "../../../state/redis/records.js";

export class RedisCallOwners implements CallOwners {
  constructor(
    private readonly redis: RedisConnection,
    private readonly keys: Keys,
  ) {}

  async record(things: readonly OwnedThing[], owner: string): Promise<void> {
    if (things.length === 0) return;
    await this.redis.run("who placed the call", async (c) => {
      const multi = c.multi();
      for (const thing of things)
        multi.set(this.keys.owner(thing.kind, thing.id), owner, { NX: true, PX: CALL_OWNERS_KEPT_MS });
      await multi.exec();
    });
  }

  async ownersOf(things: readonly OwnedThing[]): Promise<Array<string | undefined>> {
    if (things.length === 0) return [];
    const values = array(
      await this.redis.run("who placed the calls", (c) => c.mGet(things.map((t) => this.keys.owner(t.kind, t.id)))),
      "call owners",
    );
    return things.map((_, i) => {
      const v = values[i];
      return typeof v === "string" ? v : undefined;
    });
  }
}
