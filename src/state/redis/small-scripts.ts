/**
 * One-time marks and the per-client rate counter (see marks.ts). Both keep
 * their expiry in the value as well as in the TTL, so the caller's clock
 * decides (as in memory-store.ts) and the TTL only collects garbage.
 */
import { luaScript } from "./lua.js";

/** KEYS: once:<id>. ARGV: now, until (now + ttl), ttlMs (>= 1). Reply: 1 first use, 0 used before. */
export const useOnce = luaScript(`
local v = redis.call('GET', KEYS[1])
if v and tonumber(v) > tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`);

/** KEYS: the value. ARGV: 1 if a value is expected (else 0), the value expected, the new one. Reply: 1 swapped, 0 not. */
export const swapValue = luaScript(`
local v = redis.call('GET', KEYS[1])
if (ARGV[1] == '0' and not v) or (ARGV[1] == '1' and v == ARGV[2]) then
  redis.call('SET', KEYS[1], ARGV[3])
  return 1
end
return 0
`);

/**
 * KEYS: rate:<client>. ARGV: n, max, windowMs, now. A window starts with the client's first request
 * (as in memory). Reply: {1, 0} counted, {0, retryAfterSeconds} refused (nothing counted).
 */
export const takeRate = luaScript(`
local n, max, win, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local w = redis.call('HMGET', KEYS[1], 'start', 'count')
local start, count = tonumber(w[1]), tonumber(w[2])
if not start or not count or now - start >= win then
  start, count = now, 0
  redis.call('HSET', KEYS[1], 'start', ARGV[4], 'count', '0')
  expire(KEYS[1], win)
end
if count + n > max then
  local retry = math.ceil((start + win - now) / 1000)
  if retry < 1 then retry = 1 end
  return {0, retry}
end
redis.call('HSET', KEYS[1], 'count', int(count + n))
return {1, 0}
`);
