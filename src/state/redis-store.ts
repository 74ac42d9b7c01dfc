/**
 * The guard store on Redis, for several replicas acting as one server
 * (OUTBOUND_CALLS_REDIS_URL). Every deciding method is one Lua script, so one
 * atomic step across replicas; every key has a TTL (layout: redis/keys.ts).
 * When Redis cannot answer within the bounds, a method throws
 * StoreUnavailableError: the guards refuse the dial, the reads go on.
 *
 * This module loads node-redis: import it only when the URL is set (open-store.ts
 * does, with a dynamic import), so a stdio start never pays for the client.
 */
import type { RedisSettings } from "../config/redis.js";
import { randomBytes } from "node:crypto";
import { StoreUnavailableError, type GuardStore } from "./store.js";
import { RedisApprovals } from "./redis/approvals.js";
import { RedisCapLedger } from "./redis/caps.js";
import { RedisConnection, type Log } from "./redis/connection.js";
import { RedisDialLedger } from "./redis/dials.js";
import { keys, type Keys } from "./redis/keys.js";
import { RedisOnceMarks, RedisRateCounter } from "./redis/marks.js";
import { UndoList } from "./redis/undo.js";

export class RedisStore implements GuardStore {
  readonly kind = "redis" as const;
  readonly dials: RedisDialLedger;
  readonly caps: RedisCapLedger;
  readonly once: RedisOnceMarks;
  readonly approvals: RedisApprovals;
  readonly rates: RedisRateCounter;
  /** Inverse steps of failed claims and reservations, retried when Redis answers (redis/undo.ts). */
  readonly undo = new UndoList();
  private readonly keys: Keys;

  private constructor(
    readonly connection: RedisConnection,
    prefix: string,
    private readonly where: string,
    private readonly log: Log,
  ) {
    const k = (this.keys = keys(prefix));
    this.dials = new RedisDialLedger(connection, k, this.undo);
    this.caps = new RedisCapLedger(connection, k, this.undo);
    connection.onReady(() => void this.undo.drain());
    connection.onReady(() => void this.checkEviction());
    this.once = new RedisOnceMarks(connection, k);
    this.approvals = new RedisApprovals(connection, k);
    this.rates = new RedisRateCounter(connection, k);
  }

  /**
   * Connects, waiting at most the connect timeout. A Redis that is down at start does not stop the server:
   * the client keeps trying in the background and the deciding methods throw until it answers.
   */
  static async open(settings: RedisSettings, log: Log): Promise<RedisStore> {
    const connection = new RedisConnection(settings, log);
    const store = new RedisStore(connection, settings.prefix, settings.where, log);
    if (!(await connection.whenReady(settings.connectTimeoutMs))) {
      log(`guard state: Redis at ${settings.where} is not reachable yet; dials are refused until it is`);
    }
    return store;
  }

  /**
   * A Redis that evicts keys when full would forget claims and counted dials without a word (fail open);
   * with `noeviction` a full Redis refuses writes instead, and the dials are refused (fail closed).
   */
  private async checkEviction(): Promise<void> {
    try {
      const info = await this.connection.run("INFO memory", (c) => c.info("memory"));
      const policy = /^maxmemory_policy:(\S+)/m.exec(info)?.[1];
      if (policy !== undefined && policy !== "noeviction") {
        this.log(
          `guard state: Redis at ${this.where} has maxmemory-policy ${policy}: when full it may evict claims and counted dials, ` +
            "and dials would then go unchecked; set maxmemory-policy noeviction (a full Redis then refuses dials instead)",
        );
      }
    } catch {
      // INFO may be forbidden (ACL) or fail now; the check is advice, not a guard.
    }
  }

  /** Made by whichever replica asks first (SET NX), then read by all: a bounded key per name, so no TTL. */
  async secret(name: string): Promise<Buffer> {
    const key = this.keys.secret(name);
    const made = randomBytes(32).toString("hex");
    const value = await this.connection.run("a shared secret", async (c) => {
      await c.set(key, made, { NX: true });
      return c.get(key);
    });
    if (typeof value !== "string" || !/^[0-9a-f]{64}$/.test(value)) throw new StoreUnavailableError(`the shared secret ${name} in Redis is not 32 bytes of hex`);
    return Buffer.from(value, "hex");
  }

  close(): Promise<void> {
    this.undo.clear();
    return this.connection.close();
  }
}
