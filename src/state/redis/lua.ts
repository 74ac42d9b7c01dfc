/**
 * How our Lua scripts are declared and what they share. A script is one atomic
 * step in Redis: nothing else runs between its reads and writes, which is what
 * lets several replicas claim a number or pass a cap one at a time.
 *
 * Conventions in every script:
 * - Times (epoch ms) come from the caller (`now`), never from the Redis clock, and
 *   decide everything; a key's TTL only collects garbage after the logic is done with
 *   it, and is at least a second so that a key the logic still reads is never lost to
 *   a rounding of "now".
 * - Numbers computed in Lua go back to Redis through `int()`: Redis would print a
 *   large double such as 1.7e12 in exponent form, which PEXPIRE and ZADD refuse.
 * - Keys are declared in KEYS where the caller knows them; keys found through an
 *   index (another dial of a number) are derived from the prefix in ARGV[1]. That is
 *   fine on one Redis (or a primary with replicas); on a Redis Cluster the prefix
 *   must carry a hash tag, e.g. `{obc}:`, so every key lands in one slot.
 */
import { defineScript, type CommandParser } from "@redis/client";

export const LUA_COMMON = `
local function int(x) return string.format('%.0f', math.floor(x)) end
local function expire(key, ms)
  if ms < 1000 then ms = 1000 end
  redis.call('PEXPIRE', key, int(ms))
end
local function extend(key, ms)
  if redis.call('PTTL', key) < ms then expire(key, ms) end
end
`;

/** A script called with its keys and its arguments (all strings); the reply is decoded by the caller. */
export function luaScript(source: string) {
  return defineScript({
    SCRIPT: `${LUA_COMMON}\n${source}`,
    parseCommand(parser: CommandParser, keys: readonly string[], args: readonly string[]) {
      parser.push(String(keys.length));
      for (const key of keys) parser.pushKey(key);
      parser.push(...args);
    },
    transformReply: (reply: unknown): unknown => reply,
  });
}
