/**
 * The Redis key layout, one place. Every key starts with the prefix
 * (OUTBOUND_CALLS_REDIS_PREFIX, default `obc:`) and carries a TTL. Scripts
 * that follow an index build names from the prefix themselves (dkey/nkey in
 * src/guards/dial/state/scripts.ts, 'appr:' in approval-scripts.ts, 'cap:day:' in
 * src/guards/caps/state/scripts.ts): a change here must be made there too.
 *
 *   dial:<requestKey>        hash   one dial (request): owner, state, lease, window
 *   num:<E.164>              zset   requestKeys that dialed the number, scored by when they are forgotten
 *   cap:hour                 zset   one member per dialed row in the last hour, scored by when
 *   cap:day:<E.164>          zset   one member per dial of the number in the last 31 days (the per-day cap counts the last
 *                                   24 h; the law's per-number limits, up to 31 days, count their own window)
 *   cap:res:<reservationId>  string the numbers a reservation counted (JSON), for release()
 *                            (reservation ids are stored as 16 characters of their hash: src/guards/caps/state/redis.ts)
 *   once:<id>                string a one-time mark, valued with its expiry
 *   rate:<client>            hash   the client's fixed window: start, count (names over 100 characters hashed)
 *   appr:<id>                hash   one approval: its record (rec), status and decision, and its light record (lite)
 *   appr:req:<requestKey>    zset   approvals of a request, by creation time
 *   appr:pending             zset   pending approvals, by creation time (the inbox)
 *   appr:pending:exp         zset   the same, by expiry (to drop expired ones)
 *   appr:client:<client>     zset   a client's approvals by creation time: its share of the pending ones (names as rate:)
 *   secret:<name>            string 32 random bytes (hex) every replica shares; one key per name, no TTL
 *   epoch                    string when (epoch ms) and a random value, set by the first replica after Redis started empty, no TTL:
 *                            a replica that finds another (or none) after a reconnect knows Redis forgot
 *   emptied                  string when a replica last found Redis had come back empty (epoch ms), 7 days (doctor)
 *   optout:<E.164>           string an opt-out (JSON); no TTL: it lasts until an operator removes it
 *   optout:index             zset   the opted-out numbers, scored by when they were listed; no TTL
 *   optout:released:<E.164>  string the entry an operator last took off the list (JSON); no TTL
 *   read:due                 zset   placed calls waiting to be read for an opt-out, scored by when they are due (a
 *                                   replica reading one pushes its score a lease ahead); 25 h
 *   read:call:<id>           string such a call (JSON: its numbers, when placed), 25 h (ids over 100 characters hashed)
 *   read:num:<E.164>         set    the ids of waiting calls of a dial of the number, 25 h
 *   passkeys:set             string the enrolled passkeys, one sealed set with a generation (state/redis/passkeys.ts); no TTL
 *   passkey-grant:<ticket>   string a one-time enrollment grant (sealed); PX until the link expires
 *   hold:<rule>:<E.164>      string a hold ("<until>\n<note>"), PX until it ends (src/guards/consent-law/state/redis.ts)
 *   owner:call:<id>          string who placed the call (the person's subject), 400 days (ids over 100 characters hashed)
 *   owner:campaign:<id>      string who placed the batch of this campaign, as owner:call:
 *   person:<hash>:cap:hour   zset   a person's dials in the last hour (OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON);
 *   person:<hash>:cap:res:<id>      with its reservations, as cap:hour and cap:res: (hash: of the subject)
 */
import { createHash } from "node:crypto";

export interface Keys {
  readonly prefix: string;
  dial(requestKey: string): string;
  num(number: string): string;
  capHour(): string;
  capDay(number: string): string;
  capReservation(reservationId: string): string;
  once(id: string): string;
  rate(client: string): string;
  approval(id: string): string;
  approvalsOf(requestKey: string): string;
  approvalsOfClient(client: string): string;
  pending(): string;
  pendingByExpiry(): string;
  secret(name: string): string;
  epoch(): string;
  emptied(): string;
  optOut(number: string): string;
  optOutIndex(): string;
  optOutReleased(number: string): string;
  readDue(): string;
  readCall(id: string): string;
  readNum(number: string): string;
  owner(kind: "call" | "campaign", id: string): string;
  hold(key: string): string;
}

export function keys(prefix: string): Keys {
  return {
    prefix,
    dial: (requestKey) => `${prefix}dial:${requestKey}`,
    num: (number) => `${prefix}num:${number}`,
    capHour: () => `${prefix}cap:hour`,
    capDay: (number) => `${prefix}cap:day:${number}`,
    capReservation: (id) => `${prefix}cap:res:${id}`,
    once: (id) => `${prefix}once:${id}`,
    rate: (client) => `${prefix}rate:${client}`,
    approval: (id) => `${prefix}appr:${id}`,
    approvalsOf: (requestKey) => `${prefix}appr:req:${requestKey}`,
    approvalsOfClient: (client) => `${prefix}appr:client:${client}`,
    pending: () => `${prefix}appr:pending`,
    pendingByExpiry: () => `${prefix}appr:pending:exp`,
    secret: (name) => `${prefix}secret:${name}`,
    epoch: () => `${prefix}epoch`,
    emptied: () => `${prefix}emptied`,
    optOut: (number) => `${prefix}optout:${number}`,
    optOutIndex: () => `${prefix}optout:index`,
    optOutReleased: (number) => `${prefix}optout:released:${number}`,
    readDue: () => `${prefix}read:due`,
    readCall: (id) => `${prefix}read:call:${hashedId(id)}`,
    readNum: (number) => `${prefix}read:num:${number}`,
    hold: (key) => `${prefix}hold:${key}`,
    owner: (kind, id) => `${prefix}owner:${kind}:${hashedId(id)}`,
  };
}

/** Ids come from the service: a long one is hashed so a key stays small. */
function hashedId(id: string): string {
  return id.length <= 100 ? id : `sha256:${createHash("sha256").update(id).digest("hex")}`;
}
