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
import { createHash, randomBytes } from "node:crypto";
import { bindSecret } from "./state-key.js";
import { StoreUnavailableError, type GuardStore, type StoreEpoch } from "./store.js";
import { RedisApprovals } from "./redis/approvals.js";
import { RedisCapLedger } from "./redis/caps.js";
import { RedisConnection, type Log } from "./redis/connection.js";
import { RedisDialLedger } from "./redis/dials.js";
import { keys, type Keys } from "./redis/keys.js";
import { RedisOnceMarks, RedisRateCounter } from "./redis/marks.js";
import { RedisOptOuts } from "./redis/opt-outs.js";
import { RedisCallOwners } from "./redis/call-owners.js";
import { RedisCallsToRead } from "./redis/calls-to-read.js";
import { RedisHolds } from "./redis/holds.js";
import { UndoList } from "./redis/undo.js";

/** How long the time Redis was last found emptied is kept, for doctor. */
const EMPTIED_KEPT_MS = 7 * 24 * 3_600_000;

/** When a replica last found Redis had come back empty (epoch ms), or undefined. */
export async function emptiedAt(store: RedisStore): Promise<number | undefined> {
  const value = await store.connection.run("the state epoch", (c) => c.get(keys(store.prefix).emptied()));
  return value === null || !/^\d+$/.test(value) ? undefined : Number(value);
}

/** How long a replica uses its copy of a shared secret before it checks Redis still holds the same. */
const SECRET_CHECK_MS = 60_000;

export class RedisStore implements GuardStore {
  readonly kind = "redis" as const;
  readonly dials: RedisDialLedger;
  readonly caps: RedisCapLedger;
  readonly once: RedisOnceMarks;
  readonly approvals: RedisApprovals;
  readonly rates: RedisRateCounter;
  readonly optOuts: RedisOptOuts;
  readonly toRead: RedisCallsToRead;
  readonly epoch: StoreEpoch;
  readonly owners: RedisCallOwners;
  readonly holds: RedisHolds;
  private readonly byPerson = new Map<string, RedisCapLedger>();
  /** Inverse steps of failed claims and reservations, retried when Redis answers (redis/undo.ts). */
  readonly undo = new UndoList();
  private readonly keys: Keys;
  private readonly secrets = new Map<string, { value: Buffer; checkedAt: number }>();
  /** The epoch key's value when we last looked (checkEpoch). */
  private seenEpoch: string | undefined;
  /** What runs when Redis is found emptied (the opt-outs' write-back); and the look under way, if any. */
  private readonly emptiedListeners: Array<(since: number) => Promise<void>> = [];
  private looking: Promise<void> | undefined;

  private constructor(
    readonly connection: RedisConnection,
    readonly prefix: string,
    /** host:port of Redis, for messages (no password). */
    readonly where: string,
    private readonly log: Log,
    private readonly stateKey: Buffer | undefined,
    private readonly inspectOnly: boolean,
  ) {
    const k = (this.keys = keys(prefix));
    this.dials = new RedisDialLedger(connection, k, this.undo);
    this.caps = new RedisCapLedger(connection, k, this.undo);
    // In this order: a Redis that came back empty gets this replica's dials back before anything else runs
    // (claims wait for it), then the undo list records what failed while it was away.
    connection.onReady(() => {
      const work = this.lookAtEpoch(false).then(() => this.undo.drain());
      this.dials.hold(work.catch(() => undefined));
    });
    connection.onReady(() => void this.checkEviction());
    connection.onReady(() => void this.offerSecrets());
    this.once = new RedisOnceMarks(connection, k);
    this.approvals = new RedisApprovals(connection, k);
    this.rates = new RedisRateCounter(connection, k);
    this.optOuts = new RedisOptOuts(connection, k, {
      seen: () => this.seenEpoch,
      look: () => this.lookAtEpoch(false),
      changed: () => void this.lookAtEpoch(true),
    });
    this.toRead = new RedisCallsToRead(connection, k);
    this.epoch = {
      check: () => this.lookAtEpoch(true),
      onEmptied: (listener) => void this.emptiedListeners.push(listener),
    };
    this.owners = new RedisCallOwners(connection, k);
    this.holds = new RedisHolds(connection, k);
  }

  /** A person's caps: the caps' keys and scripts under `person:<hash of the subject>:` (keys.ts). */
  personCaps(person: string): RedisCapLedger {
    let ledger = this.byPerson.get(person);
    if (!ledger) {
      const hash = createHash("sha256").update(person, "utf8").digest("hex").slice(0, 32);
      // A bounded memo: the ledger is a small object, remade when needed.
      if (this.byPerson.size >= 10_000) this.byPerson.clear();
      this.byPerson.set(
        person,
        (ledger = new RedisCapLedger(this.connection, keys(`${this.prefix}person:${hash}:`), this.undo)),
      );
    }
    return ledger;
  }

  /**
   * Connects, waiting at most the connect timeout. A Redis that is down at start does not stop the server:
   * the client keeps trying in the background and the deciding methods throw until it answers.
   */
  /**
   * The dials the audit log holds (createSafety sets it when there is a log): written back to the caps' counts
   * when Redis came back empty, so a restart of Redis forgets no per-number count the log remembers.
   */
  logged: (() => { dials: ReadonlyArray<{ at: number; to: string }>; now: number }) | undefined = undefined;

  /** `inspectOnly` (doctor): writes nothing on its own (no epoch), only what a caller asks. */
  static async open(settings: RedisSettings, log: Log, stateKey?: Buffer, inspectOnly = false): Promise<RedisStore> {
    const connection = new RedisConnection(settings, log);
    const store = new RedisStore(connection, settings.prefix, settings.where, log, stateKey, inspectOnly);
    if (!(await connection.whenReady(settings.connectTimeoutMs))) {
      log(
        `outbound-calls-mcp: guard state: Redis at ${settings.where} is not reachable yet; dials are refused until it is`,
      );
    }
    return store;
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
      const written = await this.dials.restore(Date.now());
      // The caps' counts (and the law's per-number limits, over up to 31 days) from the audit log, when there is one.
      try {
        const logged = this.logged?.();
        const counted = logged ? await this.caps.restore(logged.dials, logged.now) : 0;
        if (counted > 0)
          this.log(
            `outbound-calls-mcp: guard state: wrote back ${counted} logged dial(s) to the caps' counts from the audit log`,
          );
      } catch (error) {
        this.log(
          `outbound-calls-mcp: guard state: the caps' counts could not be written back from the audit log (${error instanceof Error ? error.message : String(error)})`,
        );
      }
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
