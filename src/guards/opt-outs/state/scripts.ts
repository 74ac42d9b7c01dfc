/**
 * The opt-out list's scripts (see redis.ts): each step one atomic script, the
 * entries JSON without their number, no TTL. `optout:released:<E.164>` keeps the
 * entry an operator took off, so that the same entry (a journal's write-back) or
 * the same call read again does not list it again (store.ts releaseHolds).
 */
import { luaScript } from "../../../state/redis/lua.js";

const DECODE = `
local function decode(v)
  if not v then return nil end
  local ok, t = pcall(cjson.decode, v)
  if ok and type(t) == 'table' then return t end
  return nil
end
`;

/**
 * KEYS: optout:<E.164>, optout:index, optout:released:<E.164>. ARGV: entry (JSON without the number), at, number,
 * tier ('' asked, or 'possible'), callId of a call's reading ('' none, or another source). Reply: the entry in force ('' when a release keeps it off).
 * The first entry stays, but an asked entry replaces a possible one; a damaged entry or release lists (fail closed).
 */
export const addOptOut = luaScript(`${DECODE}
local held = redis.call('GET', KEYS[1])
if held then
  local h = decode(held)
  if not (h and h.tier == 'possible' and ARGV[4] == '') then return held end
else
  local gone = decode(redis.call('GET', KEYS[3]))
  if gone and type(gone.at) == 'number' then
    local same = tonumber(ARGV[2]) <= gone.at
    if not same and ARGV[5] ~= '' and gone.callId == ARGV[5] then
      same = gone.tier ~= 'possible' or ARGV[4] == 'possible'
    end
    if same then return '' end
  end
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
return ARGV[1]
`);

/** KEYS: optout:<E.164>. Reply: the entry, no longer possible ('' when not listed; a damaged one as it is). */
export const confirmOptOut = luaScript(`${DECODE}
local held = redis.call('GET', KEYS[1])
if not held then return '' end
local h = decode(held)
if not h or h.tier == nil then return held end
h.tier = nil
local asked = cjson.encode(h)
redis.call('SET', KEYS[1], asked)
return asked
`);

/**
 * KEYS: optout:<E.164>, optout:index, optout:released:<E.164>. ARGV: number, tier ('possible': only a held one; ''
 * any). Reply: 1 removed, 0 not listed (or not held).
 */
export const removeOptOut = luaScript(`${DECODE}
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
if ARGV[2] ~= '' then
  local h = decode(held)
  if not h or h.tier ~= ARGV[2] then return 0 end
end
redis.call('SET', KEYS[3], held)
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
`);

/**
 * KEYS: epoch, optout:<E.164>... ARGV: the epoch this replica last saw. Reply: {0} when the epoch differs (the store
 * lost its data since), else {1, entry or '' per number}: one step, so no dial reads a list emptied under it.
 */
export const optOutsForDial = luaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return {0} end
local out = {1}
for i = 2, #KEYS do out[#out + 1] = redis.call('GET', KEYS[i]) or '' end
return out
`);

/** The opt-outs' scripts, handed to the loader by the store's assembly. */
export const OPT_OUT_LIST_SCRIPTS = { addOptOut, confirmOptOut, removeOptOut, optOutsForDial };
