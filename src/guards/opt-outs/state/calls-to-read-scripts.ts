/**
 * The scripts of the calls waiting to be read for an opt-out (calls-to-read-redis.ts).
 * `read:due` holds each call's key (its id, hashed when long: keys.ts) scored
 * by when it is due; taking a call pushes its score a lease ahead, so a replica
 * that dies while reading leaves it to the next one whose tick comes. The call
 * itself is `read:call:<key>` (JSON), and `read:num:<E.164>` the keys of a dial
 * of that number. Keys found through a call are derived from the prefix in ARGV[1].
 */
import { luaScript } from "../../../state/redis/lua.js";

/**
 * KEYS: read:due. ARGV: prefix, dueAt, max, ttlMs, calls (JSON: [{key, json, nums}]). Reply: 1 added (or already
 * waiting), 0 refused: more than `max` would wait.
 */
export const addCallsToRead = luaScript(`
local P, due, max, ttl = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local fresh = {}
for _, c in ipairs(cjson.decode(ARGV[5])) do
  if not redis.call('ZSCORE', KEYS[1], c.key) then fresh[#fresh + 1] = c end
end
if redis.call('ZCARD', KEYS[1]) + #fresh > max then return 0 end
for _, c in ipairs(fresh) do
  redis.call('SET', P .. 'read:call:' .. c.key, c.json, 'PX', int(ttl))
  redis.call('ZADD', KEYS[1], due, c.key)
  for _, n in ipairs(c.nums) do
    local k = P .. 'read:num:' .. n
    redis.call('SADD', k, c.key)
    expire(k, ttl)
  end
end
if #fresh > 0 then expire(KEYS[1], ttl) end
return 1
`);

/** KEYS: read:due. ARGV: prefix, now, max, leaseUntil. Reply: the calls taken (JSON each). */
export const takeCallsToRead = luaScript(`
local P = ARGV[1]
local out = {}
for _, key in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[2], 'LIMIT', 0, tonumber(ARGV[3]))) do
  local v = redis.call('GET', P .. 'read:call:' .. key)
  if v then
    redis.call('ZADD', KEYS[1], ARGV[4], key)
    out[#out + 1] = v
  else
    redis.call('ZREM', KEYS[1], key)
  end
end
return out
`);

/** KEYS: read:num:<E.164>... ARGV: prefix, max. Reply: the waiting calls of dials of these numbers (JSON each). */
export const callsOfNumbers = luaScript(`
local P, max = ARGV[1], tonumber(ARGV[2])
local out, seen = {}, {}
for _, k in ipairs(KEYS) do
  for _, key in ipairs(redis.call('SMEMBERS', k)) do
    if #out >= max then return out end
    if not seen[key] then
      seen[key] = true
      local v = redis.call('GET', P .. 'read:call:' .. key)
      if v then out[#out + 1] = v else redis.call('SREM', k, key) end
    end
  end
end
return out
`);

/** KEYS: read:due. ARGV: key, dueAt. Due again then, if it still waits. */
export const laterCallToRead = luaScript(`
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1]) end
return 1
`);

/** KEYS: read:due, read:call:<key>. ARGV: prefix, key. No longer waits. */
export const doneCallToRead = luaScript(`
local v = redis.call('GET', KEYS[2])
if v then
  local ok, c = pcall(cjson.decode, v)
  if ok and type(c) == 'table' and type(c.dialNumbers) == 'table' then
    for _, n in ipairs(c.dialNumbers) do redis.call('SREM', ARGV[1] .. 'read:num:' .. n, ARGV[2]) end
  end
  redis.call('DEL', KEYS[2])
end
redis.call('ZREM', KEYS[1], ARGV[2])
return 1
`);

/** The scripts of the calls to read, handed to the loader by the store's assembly. */
export const CALLS_TO_READ_SCRIPTS = {
  addCallsToRead,
  takeCallsToRead,
  callsOfNumbers,
  laterCallToRead,
  doneCallToRead,
};
