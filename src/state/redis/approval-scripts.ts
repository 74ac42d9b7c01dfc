/**
 * Pending approvals' scripts (see approvals.ts). An approval is a hash
 * `appr:<id>`: `rec` (the record's fixed part, JSON, with its seal), `status`,
 * `dat` (decidedAt), `dby` (decidedBy), `exp` (expiresAt), `dmac` (the
 * decision's seal: approval/seal.ts), `datt` (what the approver attested, JSON). Indexes: the approvals of
 * a request (`appr:req:<requestKey>`, by creation) and the inbox
 * (`appr:pending` by creation, `appr:pending:exp` by expiry) and each client's
 * share (`appr:client:<client>`, its approvals by creation; `sz` in the hash is
 * the view's bytes). `lite` is the light record the inbox lists (a page reads
 * it and never `rec`). Semantics mirror
 * memory-approvals.ts: decided once, used once, nothing after expiry.
 */
import { luaScript } from "./lua.js";

/** The fields a script returns for one approval, in this order. */
export const APPROVAL_FIELDS = ["rec", "status", "dat", "dby", "dmac", "datt"] as const;

const APPROVAL_COMMON = `
local function fields(v) return {v[1], v[2], v[3] or '', v[4] or '', v[6] or '', v[7] or ''} end
local function load(key) return redis.call('HMGET', key, 'rec', 'status', 'dat', 'dby', 'exp', 'dmac', 'datt') end
local function prunePending(pending, byExp, now)
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', byExp, '-inf', int(now))) do
    redis.call('ZREM', pending, id)
    redis.call('ZREM', byExp, id)
  end
end
`;

/**
 * KEYS: appr:<id>, appr:req:<requestKey>, appr:pending, appr:pending:exp, appr:client:<client>.
 * ARGV: rec (JSON), status, decidedAt (''), decidedBy (''), createdAt, expiresAt, id, keepAfterExpiryMs, decisionSeal (''),
 * size (the view's bytes), the client's count bound, its byte bound, the key prefix, '1' if the record has a client,
 * the light record (JSON, '' none).
 * Reply: 1 stored; 'count' or 'bytes' when the client's share of pending approvals is full (nothing written).
 */
export const createApproval = luaScript(`${APPROVAL_COMMON}
local created, expires = tonumber(ARGV[5]), tonumber(ARGV[6])
local ttl = expires + tonumber(ARGV[8]) - created
local size = tonumber(ARGV[10])
if ARGV[14] == '1' and ARGV[2] == 'pending' then
  -- The client's share, counted and checked in this one script: no two replicas can both take its last place.
  -- Only pending unexpired ones count; the rest leave the share as they are met.
  local count, bytes = 0, size
  for _, id in ipairs(redis.call('ZRANGE', KEYS[5], 0, -1)) do
    local v = redis.call('HMGET', ARGV[13] .. 'appr:' .. id, 'status', 'exp', 'sz')
    if v[1] == 'pending' and tonumber(v[2]) > created then
      count = count + 1
      bytes = bytes + (tonumber(v[3]) or 0)
    else
      redis.call('ZREM', KEYS[5], id)
    end
  end
  if count >= tonumber(ARGV[11]) then return 'count' end
  if bytes > tonumber(ARGV[12]) then return 'bytes' end
  redis.call('ZADD', KEYS[5], ARGV[5], ARGV[7])
  extend(KEYS[5], ttl)
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'rec', ARGV[1], 'status', ARGV[2], 'dat', ARGV[3], 'dby', ARGV[4], 'exp', ARGV[6], 'dmac', ARGV[9] or '', 'sz', ARGV[10], 'lite', ARGV[15] or '')
expire(KEYS[1], ttl)
redis.call('ZADD', KEYS[2], ARGV[5], ARGV[7])
extend(KEYS[2], ttl)
prunePending(KEYS[3], KEYS[4], created)
if ARGV[2] == 'pending' then
  redis.call('ZADD', KEYS[3], ARGV[5], ARGV[7])
  redis.call('ZADD', KEYS[4], ARGV[6], ARGV[7])
  extend(KEYS[3], ttl)
  extend(KEYS[4], ttl)
end
return 1
`);

/** KEYS: appr:req:<requestKey>. ARGV: prefix, now. Reply: the newest open approval's fields, or nil. */
export const findOpenApproval = luaScript(`${APPROVAL_COMMON}
local now = tonumber(ARGV[2])
for _, id in ipairs(redis.call('ZREVRANGE', KEYS[1], 0, -1)) do
  local v = load(ARGV[1] .. 'appr:' .. id)
  if not v[1] then
    redis.call('ZREM', KEYS[1], id)
  elseif (v[2] == 'pending' or v[2] == 'approved') and tonumber(v[5]) > now then
    return fields(v)
  end
end
return false
`);

/** The most index entries one page's script looks at: a page costs the same at any backlog. */
export const INBOX_SCAN_MAX = 400;

/**
 * One page of the inbox, reading only the light records (`lite`) and the small fields, never `rec`: its cost is a
 * page, not the backlog (issue 23: the listing that loaded 201 full records of 525 KB ran past the command
 * timeout). Order: creation time (the score), then id (Redis orders members of one score by bytes, as the memory
 * store does: state/inbox-order.ts). The cursor is the last entry of the page before: entries created at its very
 * millisecond are read whole and filtered (few: each creation is one script), then the range strictly past it.
 * KEYS: appr:pending, appr:pending:exp. ARGV: prefix, now, 'newest'|'oldest', size, cursor time ('' none), cursor id.
 * Reply: {total, next time ('' none), next id, {id, time, lite}...}.
 */
export const listPendingApprovals = luaScript(`${APPROVAL_COMMON}
local now, size = tonumber(ARGV[2]), tonumber(ARGV[4])
local newest = ARGV[3] == 'newest'
prunePending(KEYS[1], KEYS[2], now)
local total = redis.call('ZCARD', KEYS[1])
if size < 1 then return {total, '', ''} end
-- By bytes, as Redis orders members (Lua's < follows the locale).
local function less(a, b)
  for i = 1, math.min(#a, #b) do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then return x < y end
  end
  return #a < #b
end
local out, scanned, last = {}, 0, nil
local function consider(id, score)
  if #out > size or scanned >= ${INBOX_SCAN_MAX} then return end
  scanned = scanned + 1
  last = {score, id}
  local v = redis.call('HMGET', ARGV[1] .. 'appr:' .. id, 'status', 'exp', 'lite')
  if not v[1] or v[1] ~= 'pending' then
    redis.call('ZREM', KEYS[1], id)
    redis.call('ZREM', KEYS[2], id)
  elseif tonumber(v[2]) > now then
    out[#out + 1] = {id, score, v[3] or ''}
  end
end
local function walk(list)
  for i = 1, #list, 2 do consider(list[i], list[i + 1]) end
end
if ARGV[5] ~= '' then
  local at, cid = ARGV[5], ARGV[6]
  local ties = redis.call(newest and 'ZREVRANGEBYSCORE' or 'ZRANGEBYSCORE', KEYS[1], at, at, 'WITHSCORES')
  for i = 1, #ties, 2 do
    if (newest and less(ties[i], cid)) or (not newest and less(cid, ties[i])) then consider(ties[i], ties[i + 1]) end
  end
  if newest then
    walk(redis.call('ZREVRANGEBYSCORE', KEYS[1], '(' .. at, '-inf', 'WITHSCORES', 'LIMIT', 0, ${INBOX_SCAN_MAX}))
  else
    walk(redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. at, '+inf', 'WITHSCORES', 'LIMIT', 0, ${INBOX_SCAN_MAX}))
  end
elseif newest then
  walk(redis.call('ZREVRANGE', KEYS[1], 0, ${INBOX_SCAN_MAX} - 1, 'WITHSCORES'))
else
  walk(redis.call('ZRANGE', KEYS[1], 0, ${INBOX_SCAN_MAX} - 1, 'WITHSCORES'))
end
local reply = {total, '', ''}
local shown = math.min(#out, size)
if #out > size then
  reply[2], reply[3] = out[shown][2], out[shown][1]
elseif scanned >= ${INBOX_SCAN_MAX} and last then
  -- Stopped at the bound among entries it could not list: the next page goes on from there.
  reply[2], reply[3] = last[1], last[2]
end
for i = 1, shown do reply[#reply + 1] = out[i] end
return reply
`);

/**
 * KEYS: appr:<id>, appr:pending, appr:pending:exp. ARGV: decision, by, now, id, seal, attested ('').
 * Reply: 1 decided, 0 not pending.
 */
export const decideApproval = luaScript(`${APPROVAL_COMMON}
local v = load(KEYS[1])
if v[2] ~= 'pending' or tonumber(v[5]) <= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'dat', ARGV[3], 'dby', ARGV[2], 'dmac', ARGV[5] or '', 'datt', ARGV[6] or '')
redis.call('ZREM', KEYS[2], ARGV[4])
redis.call('ZREM', KEYS[3], ARGV[4])
return 1
`);

/** KEYS: appr:<id>. ARGV: now. Reply: 1 used now, 0 not approved (or expired). */
export const consumeApproval = luaScript(`${APPROVAL_COMMON}
local v = load(KEYS[1])
if v[2] ~= 'approved' or tonumber(v[5]) <= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'status', 'used')
return 1
`);

/** The approvals' scripts (part of the shared ones: scripts.ts). */
export const APPROVAL_SCRIPTS = {
  createApproval,
  findOpenApproval,
  listPendingApprovals,
  decideApproval,
  consumeApproval,
};
