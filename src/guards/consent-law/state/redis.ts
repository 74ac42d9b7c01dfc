/**
 * Holds on Redis (store.ts HoldList; its script is HOLD_SCRIPTS): `hold:<key>` holds "<until>\n<note>" and expires at `until`, so a hold ends
 * on its own on every replica; putting one is a script, so a later hold is never shortened by an earlier one.
 */
import type { HoldEntry, HoldList } from "./store.js";
import type { RedisConnection, ScriptedConnection } from "../../../state/redis/connection.js";
import type { Keys } from "../../../state/redis/keys.js";
import { luaScript } from "../../../state/redis/lua.js";

/** KEYS: hold:<key>. ARGV: until, the value, ttlMs (>= 1). Reply: 1 set, 0 a later hold was kept. */
export const putHold = luaScript(`
local v = redis.call('GET', KEYS[1])
if v and (tonumber(string.match(v, '^(%d+)')) or 0) >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`);

/** The entry a value holds; one that cannot be read holds its key for a day from now (fail closed). */
function readHold(raw: string, now: number): HoldEntry {
  const match = /^(\d+)\n([\s\S]*)$/.exec(raw);
  return match
    ? { until: Number(match[1]), note: match[2]! }
    : { until: now + 86_400_000, note: "a hold in Redis that cannot be read (kept for a day)" };
}

export class RedisHolds implements HoldList {
  private readonly redis: ScriptedConnection<typeof HOLD_SCRIPTS>;

  constructor(
    connection: RedisConnection,
    private readonly keys: Keys,
  ) {
    this.redis = connection.scripted(HOLD_SCRIPTS);
  }

  async put(key: string, entry: HoldEntry, now: number): Promise<void> {
    const ttl = Math.max(1, Math.ceil(entry.until - now));
    const value = `${Math.floor(entry.until)}\n${entry.note.slice(0, 400)}`;
    await this.redis.run("a hold", (c) =>
      c.putHold([this.keys.hold(key)], [String(Math.floor(entry.until)), value, String(ttl)]),
    );
  }

  async get(keys: readonly string[], now: number): Promise<Array<HoldEntry | undefined>> {
    if (keys.length === 0) return [];
    const values = await this.redis.run("the holds", (c) => c.mGet(keys.map((k) => this.keys.hold(k))));
    return values.map((raw) => {
      if (raw === null || raw === undefined) return undefined;
      const entry = readHold(String(raw), now);
      return entry.until > now ? entry : undefined;
    });
  }
}

/** The holds' scripts, handed to the loader by the store's assembly. */
export const HOLD_SCRIPTS = { putHold };
