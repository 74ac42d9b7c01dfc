/**
 * The dial ledger's scripts (see redis.ts for the calls). A dial is a hash
 * `dial:<requestKey>`; each of its numbers has a zset `num:<E.164>` of the
 * requestKeys that dialed it, scored by the time the dial is forgotten, so
 * one ZREMRANGEBYSCORE drops the forgotten ones. Semantics mirror
 * memory.ts: a settled dial lives until `at + window`; an unsettled one
 * blocks its numbers while its lease lasts and for the window from its start,
 * and is remembered a window beyond its lease (for a takeover with its
 * Idempotency-Key).
 */
import { luaScript } from "../../../state/redis/lua.js";

/** The hash fields, in the order the scripts return them after the requestKey (records.ts decodes them). */
export const DIAL_FIELDS = ["tool", "nums", "start", "idem", "owner", "kind", "lease", "at", "win", "extra"] as const;

const DIAL_COMMON = `
local P = ARGV[1]
local FIELDS = {${DIAL_FIELDS.map((f) => `'${f}'`).join(", ")}}
local function dkey(rk) return P .. 'dial:' .. rk end
local function nkey(n) return P .. 'num:' .. n end
local function load(rk)
  local v = redis.call('HMGET', dkey(rk), unpack(FIELDS))
  if not v[1] then return nil end
  local r = {}
  for i, f in ipairs(FIELDS) do r[f] = v[i] or '' end
  return r
end
local function forgottenAt(r)
  if r.kind == 'in_flight' then return tonumber(r.lease) + tonumber(r.win) end
  return tonumber(r.at) + tonumber(r.win)
end
local function live(r, now)
  -- Unsettled: blocks its numbers while its lease lasts and a window from its start (a dead owner may have sent).
  if r.kind == 'in_flight' then return math.max(tonumber(r.lease), tonumber(r.start) + tonumber(r.win)) > now end
  return tonumber(r.at) + tonumber(r.win) > now
end
local function flat(rk, r)
  local out = {rk}
  for _, f in ipairs(FIELDS) do out[#out + 1] = r[f] end
  return out
end
local function forget(rk, r)
  redis.call('DEL', dkey(rk))
  for _, n in ipairs(cjson.decode(r.nums)) do redis.call('ZREM', nkey(n), rk) end
end
local function index(rk, nums, untilT, now)
  for _, n in ipairs(nums) do
    local k = nkey(n)
    redis.call('ZADD', k, int(untilT), rk)
    extend(k, untilT - now)
  end
end
local function matches(nums, now, except)
  local out = {}
  for i, n in ipairs(nums) do
    local k = nkey(n)
    redis.call('ZREMRANGEBYSCORE', k, '-inf', int(now))
    for _, rk in ipairs(redis.call('ZRANGE', k, 0, -1)) do
      if rk ~= except then
        local r = load(rk)
        if not r then redis.call('ZREM', k, rk)
        elseif live(r, now) then out[#out + 1] = {i - 1, n, flat(rk, r)} end
      end
    end
  end
  return out
end
`;

/**
 * KEYS: dial, num... ARGV: prefix, requestKey, tool, numbers (JSON), idempotencyKey, owner, now, leaseUntil,
 * windowMs, allowRecentNumbers (1/0). Reply: {'claimed', idem, takeover, previousOwner ('' none)} | {'same_request', record} |
 * {'recent_numbers', {{index, number, record}...}}.
 */
export const claimDial = luaScript(`${DIAL_COMMON}
local rk, now = ARGV[2], tonumber(ARGV[7])
local nums = cjson.decode(ARGV[4])
local idem, takeover, previous = ARGV[5], 0, ''
local old = load(rk)
if old then
  if forgottenAt(old) <= now then
    forget(rk, old)
    old = nil
  elseif old.kind ~= 'in_flight' or tonumber(old.lease) > now then
    return {'same_request', flat(rk, old)}
  else
    -- Its owner stopped renewing: take it over with its Idempotency-Key (the service knows a POST it may have sent).
    idem, takeover, previous = old.idem, 1, old.owner
  end
end
if ARGV[10] ~= '1' then
  local m = matches(nums, now, rk)
  -- A dead claim refused here stays as it was: a later takeover still finds its Idempotency-Key.
  if #m > 0 then return {'recent_numbers', m} end
end
if old then forget(rk, old) end
local k = dkey(rk)
local untilT = tonumber(ARGV[8]) + tonumber(ARGV[9])
redis.call('HSET', k, 'tool', ARGV[3], 'nums', ARGV[4], 'start', ARGV[7], 'idem', idem, 'owner', ARGV[6],
  'kind', 'in_flight', 'lease', ARGV[8], 'at', '', 'win', ARGV[9], 'extra', '')
expire(k, untilT - now)
index(rk, nums, untilT, now)
return {'claimed', idem, takeover, previous}
`);

/**
 * KEYS: dial. ARGV: prefix, requestKey, owner, leaseUntil, unsent ('1': the claim failed and nothing was sent
 * under it, so its numbers are not held for the window either). Reply: 1 renewed, 0 not this owner's claim.
 */
export const renewDial = luaScript(`${DIAL_COMMON}
local rk = ARGV[2]
local r = load(rk)
if not r or r.owner ~= ARGV[3] or r.kind ~= 'in_flight' then return 0 end
local k = dkey(rk)
-- renew() gets no "now": move the TTL by as much as the lease moves, and read "now" back from it.
local ttl = redis.call('PTTL', k) + tonumber(ARGV[4]) - tonumber(r.lease)
redis.call('HSET', k, 'lease', ARGV[4])
if ARGV[5] == '1' then redis.call('HSET', k, 'start', int(tonumber(ARGV[4]) - tonumber(r.win))) end
expire(k, ttl)
local untilT = tonumber(ARGV[4]) + tonumber(r.win)
index(rk, cjson.decode(r.nums), untilT, untilT - ttl)
return 1
`);

/** KEYS: dial. ARGV: prefix, requestKey, owner, idempotencyKey. Reply: 1 set, 0 not this owner's claim in flight. */
export const rekeyDial = luaScript(`${DIAL_COMMON}
local r = load(ARGV[2])
if not r or r.owner ~= ARGV[3] or r.kind ~= 'in_flight' then return 0 end
redis.call('HSET', dkey(ARGV[2]), 'idem', ARGV[4])
return 1
`);

/**
 * KEYS: dial. ARGV: prefix, requestKey, owner, kind (placed|unknown|not_placed), at, extra (JSON; for not_placed
 * the owner to return a taken-over claim to, '' to forget it), now, windowMs.
 * Reply: 1 settled, 0 not this owner's claim (taken over, or forgotten).
 */
export const settleDial = luaScript(`${DIAL_COMMON}
local rk, now = ARGV[2], tonumber(ARGV[7])
local r = load(rk)
if not r or r.owner ~= ARGV[3] then return 0 end
if ARGV[4] == 'not_placed' then
  if ARGV[6] == '' then
    forget(rk, r)
    return 1
  end
  -- A takeover that sent nothing: back to the dead owner, lease ended, key kept (that owner may have sent).
  if r.kind ~= 'in_flight' then return 1 end
  local k = dkey(rk)
  local lease = math.min(tonumber(r.lease), now)
  local untilT = lease + tonumber(r.win)
  redis.call('HSET', k, 'owner', ARGV[6], 'lease', int(lease))
  expire(k, untilT - now)
  index(rk, cjson.decode(r.nums), untilT, now)
  return 1
end
local k = dkey(rk)
redis.call('HSET', k, 'kind', ARGV[4], 'at', ARGV[5], 'lease', '', 'win', ARGV[8], 'extra', ARGV[6])
local untilT = tonumber(ARGV[5]) + tonumber(ARGV[8])
expire(k, untilT - now)
index(rk, cjson.decode(r.nums), untilT, now)
return 1
`);

/** KEYS: num... ARGV: prefix, numbers (JSON), now. Reply: {{index, number, record}...}. */
export const recentDials = luaScript(`${DIAL_COMMON}
return matches(cjson.decode(ARGV[2]), tonumber(ARGV[3]), nil)
`);

/**
 * KEYS: dial, num... ARGV: prefix, requestKey, then DIAL_FIELDS' values in order, then now. Writes a dial this
 * replica knows of back into a Redis that forgot it (journal.ts); a dial Redis still holds is left alone.
 * Reply: 1 written, 0 already there (or its window is over).
 */
export const restoreDial = luaScript(`${DIAL_COMMON}
local rk, now = ARGV[2], tonumber(ARGV[13])
if redis.call('EXISTS', dkey(rk)) == 1 then return 0 end
local r = {}
for i, f in ipairs(FIELDS) do r[f] = ARGV[i + 2] end
local untilT = forgottenAt(r)
if untilT <= now then return 0 end
local k = dkey(rk)
for _, f in ipairs(FIELDS) do redis.call('HSET', k, f, r[f]) end
expire(k, untilT - now)
index(rk, cjson.decode(r.nums), untilT, now)
return 1
`);

/** The dial ledger's scripts, handed to the loader by the store's assembly. */
export const DIAL_SCRIPTS = { claimDial, renewDial, rekeyDial, settleDial, recentDials, restoreDial };
