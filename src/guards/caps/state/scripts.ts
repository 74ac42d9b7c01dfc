/**
 * The caps' script (see redis.ts). Sliding windows as sorted sets of dialed
 * rows scored by when: `cap:hour` (every row) and `cap:day:<E.164>` (rows to
 * that number). Semantics mirror memory.ts: rows stamped in the future
 * still count, a batch's rows each count, and `freeAt` is when enough rows
 * have aged out for this request (now, if there are not that many).
 */
import { CAP_NUMBER_RETENTION_MS } from "./store.js";
import { luaScript } from "../../../state/redis/lua.js";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * KEYS: cap:hour, cap:day:<n> for each distinct number in first-seen order, cap:res:<id>, and cap:res:<countedAs>
 * when ARGV[8] names one.
 * ARGV: prefix, now, perHour ('' = none), perNumberPerDay ('' = none), reserve (1/0), reservationId, numbers (JSON),
 * countedAs ('' = none: see CapLedger in store.ts), law limits (JSON {number: [[id, limit, windowMs]...]}, '' = none).
 * A number's rows are kept CAP_NUMBER_RETENTION_MS (31 days), the longest window a law limit may have, whatever
 * this replica's limits are: a replica with none must not trim what another replica's law limit counts.
 * Reply: {'ok'} | {'hour', recent, freeAt} | {'number', {{number, past, freeAt}...}} | {'law', {{number, id, past, freeAt}...}}.
 */
export const capVerdict = luaScript(`
local now = tonumber(ARGV[2])
local HOUR, DAY, KEEP = ${HOUR_MS}, ${DAY_MS}, ${CAP_NUMBER_RETENTION_MS}
local nums = cjson.decode(ARGV[7])
local distinct, count, slot = {}, {}, {}
for _, n in ipairs(nums) do
  if not count[n] then
    distinct[#distinct + 1] = n
    count[n] = 0
    slot[n] = #distinct + 1
  end
  count[n] = count[n] + 1
end
local hour = KEYS[1]
if ARGV[8] ~= '' then
  local prior = KEYS[#distinct + 3]
  local rows = redis.call('GET', prior)
  if rows then
    -- A dead owner of this dial counted it (or one that stands for it): it passes, counted once. The new
    -- reservation holds the same value under its own id, so its release takes none of those rows back.
    if ARGV[5] == '1' then
      redis.call('SET', KEYS[#distinct + 2], rows)
      expire(KEYS[#distinct + 2], redis.call('PTTL', prior))
    end
    return {'ok'}
  end
end
-- The k-th oldest row after 'since' (exclusive), plus the window: when k rows will have aged out.
local function freeAt(key, since, have, over, window)
  local k = math.min(over, have)
  if k < 1 then return now end
  local row = redis.call('ZRANGEBYSCORE', key, '(' .. int(since), '+inf', 'WITHSCORES', 'LIMIT', k - 1, 1)
  return tonumber(row[2]) + window
end
redis.call('ZREMRANGEBYSCORE', hour, '-inf', int(now - HOUR))
for j = 1, #distinct do redis.call('ZREMRANGEBYSCORE', KEYS[j + 1], '-inf', int(now - KEEP)) end
if ARGV[3] ~= '' then
  local recent = redis.call('ZCOUNT', hour, '(' .. int(now - HOUR), '+inf')
  local over = recent + #nums - tonumber(ARGV[3])
  if over > 0 then return {'hour', recent, freeAt(hour, now - HOUR, recent, over, HOUR)} end
end
-- The law's limits before the operator's per-number cap: a refusal then names the law it keeps.
if ARGV[9] ~= nil and ARGV[9] ~= '' then
  local laws = cjson.decode(ARGV[9])
  local refused = {}
  for j, n in ipairs(distinct) do
    local list = laws[n]
    if list then
      local key = KEYS[j + 1]
      for _, law in ipairs(list) do
        local window = math.min(tonumber(law[3]), KEEP)
        local past = redis.call('ZCOUNT', key, '(' .. int(now - window), '+inf')
        local over = past + count[n] - tonumber(law[2])
        if over > 0 then
          refused[#refused + 1] = {n, law[1], past, freeAt(key, now - window, past, over, window)}
          break
        end
      end
    end
  end
  if #refused > 0 then return {'law', refused} end
end
if ARGV[4] ~= '' then
  local refused = {}
  for j, n in ipairs(distinct) do
    local key = KEYS[j + 1]
    local past = redis.call('ZCOUNT', key, '(' .. int(now - DAY), '+inf')
    local over = past + count[n] - tonumber(ARGV[4])
    if over > 0 then refused[#refused + 1] = {n, past, freeAt(key, now - DAY, past, over, DAY)} end
  end
  if #refused > 0 then return {'number', refused} end
end
if ARGV[5] == '1' and #nums > 0 then
  local res = KEYS[#distinct + 2]
  for i, n in ipairs(nums) do
    local member = ARGV[6] .. ':' .. (i - 1)
    redis.call('ZADD', hour, ARGV[2], member)
    redis.call('ZADD', KEYS[slot[n]], ARGV[2], member)
  end
  extend(hour, HOUR)
  for j = 1, #distinct do extend(KEYS[j + 1], KEEP) end
  redis.call('SET', res, ARGV[7], 'PX', int(DAY))
end
return {'ok'}
`);

/** KEYS: cap:res:<id>, cap:hour. ARGV: prefix, reservationId. Takes the reservation's rows back. */
export const capRelease = luaScript(`
local nums = redis.call('GET', KEYS[1])
if not nums then return 0 end
for i, n in ipairs(cjson.decode(nums)) do
  local member = ARGV[2] .. ':' .. (i - 1)
  redis.call('ZREM', KEYS[2], member)
  redis.call('ZREM', ARGV[1] .. 'cap:day:' .. n, member)
end
redis.call('DEL', KEYS[1])
return 1
`);

/** The caps' scripts, handed to the loader by the store's assembly. */
export const CAP_SCRIPTS = { capVerdict, capRelease };
