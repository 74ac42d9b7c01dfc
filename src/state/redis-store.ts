/**
 * The shared part of the guard store on Redis, for several replicas acting as one server
 * (OUTBOUND_CALLS_REDIS_URL): the connection, the shared secrets, the one-time marks, approvals and rate limit, and
 * the epoch (did Redis come back empty?). The guard store on Redis (src/guards/store/redis.ts) adds the guards'
 * slices and what they write back when Redis came back empty. Every deciding method is one Lua script, so one
 * atomic step across replicas; every key has a TTL (layout: redis/keys.ts). When Redis cannot answer within the
 * bounds, a method throws StoreUnavailableError: the guards refuse the dial, the reads go on.
 *
 * This module loads node-redis: import it only when the URL is set (src/guards/store/open.ts does, with a dynamic
 * import), so a stdio start never pays for the client.
 */
import { randomBytes } from "node:crypto";
import { bindSecret } from "./state-key.js";
import { StoreUnavailableError, type SharedStore, type StoreEpoch } from "./store.js";
import { RedisApprovals } from "./redis/approvals.js";
import type { RedisConnection, Log } from "./redis/connection.js";
import { keys, type Keys } from "./redis/keys.js";
import { RedisOnceMarks, RedisRateCounter } from "./redis/marks.js";
import { UndoList } from "./redis/undo.js";

/** How long the time Redis was last found emptied is kept, for doctor. */
const EMPTIED_KEPT_MS = 7 * 24 * 3_600_000;

/** When a replica last found Redis had come back empty (epoch ms), or undefined. */
export async function emptiedAt(store: RedisSharedStore): Promise<number | undefined> {
  const value = await store.connection.run("the state epoch", (c) => c.get(keys(store.prefix).emptied()));
  return value === null || !/^\d+$/.test(value) ? undefined : Number(value);
}

/** How long a replica uses its copy of a shared secret before it checks Redis still holds the same. */
const SECRET_CHECK_MS = 60_000;

export abstract class RedisSharedStore implements SharedStore {
  readonly kind = "redis" as const;
  readonly once: RedisOnceMarks;
  readonly approvals: RedisApprovals;
  readonly rates: RedisRateCounter;
  readonly epoch: StoreEpoch;
  /** Inverse steps of failed claims and reservations, retried when Redis answers (redis/undo.ts). */
  readonly undo = new UndoList();
  protected readonly keys: Keys;
  private readonly secrets = new Map<string, { value: Buffer; checkedAt: number }>();
  /** The epoch key's value when we last looked (checkEpoch). */
  private seenEpoch: string | undefined;
  /** What runs when Redis is found emptied (the opt-outs' write-back); and the look under way, if any. */
  private readonly emptiedListeners: Array<(since: number) => Promise<void>> = [];
  private looking: Promise<void> | undefined;

  protected constructor(
    readonly connection: RedisConnection,
    readonly prefix: string,
    /** host:port of Redis, for messages (no password). */
    readonly where: string,
    protected readonly log: Log,
    private readonly stateKey: Buffer | undefined,
    private readonly inspectOnly: boolean,
  ) {
    const k = (this.keys = keys(prefix));
    // In this order: a Redis that came back empty gets this replica's dials back before anything else runs
    // (claims wait for it), then the undo list records what failed while it was away.
    connection.onReady(() => {
      const work = this.lookAtEpoch(false).then(() => this.undo.drain());
      this.holdClaims(work.catch(() => undefined));
    });
    connection.onReady(() => void this.checkEviction());
    connection.onReady(() => void this.offerSecrets());
    this.once = new RedisOnceMarks(connection, k);
    this.approvals = new RedisApprovals(connection, k);
    this.rates = new RedisRateCounter(connection, k);
    this.epoch = {
      check: () => this.lookAtEpoch(true),
      onEmptied: (listener) => void this.emptiedListeners.push(listener),
    };
  }

  /** Claims wait for `work` (a look at the epoch and the write-back it started; it never rejects). */
  protected abstract holdClaims(work: Promise<void>): void;

  /**
   * Writes back what this replica's guards know of (the dials, then the caps' counts) into a Redis that came back
   * empty; the number of dials written.
   */
  protected abstract writeBack(now: number): Promise<number>;

  /** What the opt-outs' read at dial time knows of the epoch: the value last seen, a first look, another found. */
  protected epochWatch(): { seen(): string | undefined; look(): Promise<void>; changed(): void } {
    return {
      seen: () => this.seenEpoch,
      look: () => this.lookAtEpoch(false),
      changed: () => void this.lookAtEpoch(true),
    };
  }

  /**
   * One look at the epoch at a time (a reconnect, a dial that found another epoch, the opt-out watch's tick).
   * `listeners`: also wait for the write-backs the look started (a reconnect does not: claims wait only for the dials).
   */
  private lookAtEpoch(listeners: boolean): Promise<void> {
    this.looking ??= this.checkEpoch().finally(() => (this.looking = undefined));
    const look = this.looking;
    return listeners ? look.then(() => this.writing).then(() => undefined) : look;
  }

  /** The write-backs of the last emptying found (the opt-outs), settled. */
  private writing: Promise<unknown> = Promise.resolve();

  /**
   * Did Redis forget everything since we last saw it (restarted without persistence, or flushed)? The epoch
   * key is set once (SET NX, valued with the time it was set) by the first replica to find it missing; another
   * value, or none, after a reconnect or at a dial means Redis came back empty. Then the listeners start writing
   * back what this replica holds (the opt-outs: their synchronous part, which refuses dials until they are back, runs
   * before the new epoch is taken), and this replica writes back every dial it knows of (claims with their
   * Idempotency-Key, settled dials with their outcome, for their window) and says so on stderr.
   */
  private async checkEpoch(): Promise<void> {
    if (this.inspectOnly) return;
    try {
      const key = this.keys.epoch();
      const value = await this.connection.run("the state epoch", async (c) => {
        await c.set(key, `${Date.now()}-${randomBytes(16).toString("hex")}`, { NX: true });
        return c.get(key);
      });
      const before = this.seenEpoch;
      if (before === undefined || value === before) {
        this.seenEpoch = value ?? undefined;
        return;
      }
      const since = Number(/^(\d{13})-/.exec(value ?? "")?.[1] ?? Date.now());
      this.writing = Promise.allSettled(this.emptiedListeners.map((listener) => listener(since)));
      this.seenEpoch = value ?? undefined;
      const written = await this.writeBack(Date.now());
      // The opt-outs are back before this is said (and before claims go on): the line tells the list is whole here.
      await this.writing;
      await this.connection.run("the state epoch", (c) =>
        c.set(this.keys.emptied(), String(Date.now()), { PX: EMPTIED_KEPT_MS }),
      );
      this.log(
        `outbound-calls-mcp: guard state: Redis at ${this.where} came back empty (restarted without persistence, or flushed): ` +
          `this replica wrote back the ${written} dial(s) it knows of; dials known only to replicas that are gone, the caps' counts no audit log holds and pending approvals are lost. ` +
          "Run Redis with persistence (appendonly yes)",
      );
    } catch {
      // Asked again on the next reconnect, dial or tick; claims go on (Redis answers them or they are refused).
    }
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
          `outbound-calls-mcp: guard state: Redis at ${this.where} has maxmemory-policy ${policy}: when full it may evict claims and counted dials, ` +
            "and dials would then go unchecked; set maxmemory-policy noeviction (a full Redis then refuses dials instead)",
        );
      }
    } catch {
      // INFO may be forbidden (ACL) or fail now; the check is advice, not a guard.
    }
  }

  /**
   * Made by whichever replica asks first (SET NX), then read by all: a bounded key per name, so no TTL.
   * Each replica keeps it in memory and offers its copy again (SET NX, then adopts what Redis holds) after
   * every reconnect and at least every SECRET_CHECK_MS: a Redis restarted empty gets the old secret back
   * from the first replica that returns, so tokens and sessions issued before still check out everywhere,
   * and a replica started meanwhile converges on the same one.
   * With a state key (state-key.ts: every server passes one), what is returned is the Redis half bound to
   * that key: whoever reads or writes Redis cannot mint confirmation tokens or approver sessions.
   */
  async secret(name: string): Promise<Buffer> {
    const shared = await this.sharedSecret(name);
    return this.stateKey ? bindSecret(this.stateKey, name, shared) : shared;
  }

  private async sharedSecret(name: string): Promise<Buffer> {
    const cached = this.secrets.get(name);
    if (cached && Date.now() - cached.checkedAt < SECRET_CHECK_MS) return cached.value;
    try {
      return await this.offerSecret(name, cached?.value ?? randomBytes(32));
    } catch (error) {
      // Redis is away: the copy we hold is still the one (nothing can have replaced it meanwhile but a restart).
      if (cached) return cached.value;
      throw error;
    }
  }

  private async offerSecret(name: string, offer: Buffer): Promise<Buffer> {
    const key = this.keys.secret(name);
    const value = await this.connection.run("a shared secret", async (c) => {
      await c.set(key, offer.toString("hex"), { NX: true });
      return c.get(key);
    });
    if (typeof value !== "string" || !/^[0-9a-f]{64}$/.test(value))
      throw new StoreUnavailableError(`the shared secret ${name} in Redis is not 32 bytes of hex`);
    const secret = Buffer.from(value, "hex");
    this.secrets.set(name, { value: secret, checkedAt: Date.now() });
    return secret;
  }

  /** After a reconnect: offer every secret we hold (Redis may have restarted empty). */
  private async offerSecrets(): Promise<void> {
    for (const [name, { value }] of this.secrets) {
      try {
        await this.offerSecret(name, value);
      } catch {
        // Asked again on next use (its check is due: see secret()).
        this.secrets.set(name, { value, checkedAt: 0 });
      }
    }
  }

  close(): Promise<void> {
    this.undo.clear();
    return this.connection.close();
  }
}
