/**
 * The placed calls waiting to be read for an opt-out, on Redis (calls-to-read-scripts.ts):
 * any replica's watch takes the calls due, leased to it, so a replica that dies
 * before it reads its ended call leaves that call to another.
 */
import type { CallsToRead, CallToRead } from "./store.js";
import type { RedisConnection, ScriptedConnection } from "../../../state/redis/connection.js";
import { CALLS_TO_READ_SCRIPTS } from "./calls-to-read-scripts.js";
import type { Keys } from "../../../state/redis/keys.js";
import { array, int, text } from "../../../state/redis/records.js";

/** A call is read for a day at most (opt-out-watch.ts); its keys outlive that by an hour. */
const KEPT_MS = 25 * 3_600_000;

/** The member naming a call in the sets: its id, hashed when long (the tail of its read:call: key). */
function memberOf(keys: Keys, callId: string): string {
  return keys.readCall(callId).slice(`${keys.prefix}read:call:`.length);
}

/** A waiting call as stored; anything else is dropped (a damaged one is read by get_call, not by the watch). */
function readCall(raw: unknown): CallToRead | undefined {
  try {
    const v = JSON.parse(text(raw, "call to read")) as Partial<CallToRead>;
    if (typeof v.callId !== "string" || typeof v.since !== "number" || !Array.isArray(v.dialNumbers)) return undefined;
    return {
      callId: v.callId,
      since: v.since,
      dialNumbers: v.dialNumbers.filter((n): n is string => typeof n === "string"),
      ...(typeof v.answered === "string" ? { answered: v.answered } : {}),
      ...(typeof v.position === "string" ? { position: v.position } : {}),
    };
  } catch {
    return undefined;
  }
}

export class RedisCallsToRead implements CallsToRead {
  private readonly redis: ScriptedConnection<typeof CALLS_TO_READ_SCRIPTS>;

  constructor(
    connection: RedisConnection,
    private readonly keys: Keys,
  ) {
    this.redis = connection.scripted(CALLS_TO_READ_SCRIPTS);
  }

  async add(calls: readonly CallToRead[], dueAt: number, max: number): Promise<boolean> {
    if (calls.length === 0) return true;
    const payload = calls.map((c) => ({
      key: memberOf(this.keys, c.callId),
      json: JSON.stringify(c),
      nums: c.dialNumbers,
    }));
    const reply = await this.redis.run("the calls to read", (c) =>
      c.addCallsToRead(
        [this.keys.readDue()],
        [this.keys.prefix, String(dueAt), String(max), String(KEPT_MS), JSON.stringify(payload)],
      ),
    );
    return int(reply, "calls to read reply") === 1;
  }

  async take(now: number, max: number, leaseMs: number): Promise<CallToRead[]> {
    const reply = await this.redis.run("the calls to read", (c) =>
      c.takeCallsToRead([this.keys.readDue()], [this.keys.prefix, String(now), String(max), String(now + leaseMs)]),
    );
    return array(reply, "calls to read").flatMap((v) => readCall(v) ?? []);
  }

  async ofNumbers(numbers: readonly string[], max: number): Promise<CallToRead[]> {
    if (numbers.length === 0) return [];
    const reply = await this.redis.run("the calls to read", (c) =>
      c.callsOfNumbers(
        numbers.map((n) => this.keys.readNum(n)),
        [this.keys.prefix, String(max)],
      ),
    );
    return array(reply, "calls to read").flatMap((v) => readCall(v) ?? []);
  }

  async later(callId: string, dueAt: number): Promise<void> {
    await this.redis.run("the calls to read", (c) =>
      c.laterCallToRead([this.keys.readDue()], [memberOf(this.keys, callId), String(dueAt)]),
    );
  }

  async done(callId: string): Promise<void> {
    await this.redis.run("the calls to read", (c) =>
      c.doneCallToRead(
        [this.keys.readDue(), this.keys.readCall(callId)],
        [this.keys.prefix, memberOf(this.keys, callId)],
      ),
    );
  }

  async size(): Promise<number> {
    return int(await this.redis.run("the calls to read", (c) => c.zCard(this.keys.readDue())), "calls to read");
  }
}
