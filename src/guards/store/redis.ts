/**
 * The guard store on Redis, for several replicas acting as one server (OUTBOUND_CALLS_REDIS_URL): the shared part
 * (src/state/redis-store.ts: the connection, secrets, marks, approvals, the epoch) and each guard's slice. The
 * connection is opened with the scripts of every slice (src/state/redis/scripts.ts gathers them); when Redis came
 * back empty, the dials this replica knows of and the caps' counts the audit log holds are written back.
 *
 * This module loads node-redis: import it only when the URL is set (open.ts does, with a dynamic import), so a
 * stdio start never pays for the client.
 */
import { createHash } from "node:crypto";
import type { RedisSettings } from "../../config/redis.js";
import { RedisSharedStore } from "../../state/redis-store.js";
import { RedisCapLedger } from "../caps/state/redis.js";
import { CAP_SCRIPTS } from "../caps/state/scripts.js";
import { RedisConnection, type Log } from "../../state/redis/connection.js";
import { RedisDialLedger } from "../dial/state/redis.js";
import { DIAL_SCRIPTS } from "../dial/state/scripts.js";
import { keys } from "../../state/redis/keys.js";
import { RedisOptOuts } from "../opt-outs/state/redis.js";
import { OPT_OUT_LIST_SCRIPTS } from "../opt-outs/state/scripts.js";
import { RedisCallOwners } from "../per-person/state/redis.js";
import { RedisCallsToRead } from "../opt-outs/state/calls-to-read-redis.js";
import { CALLS_TO_READ_SCRIPTS } from "../opt-outs/state/calls-to-read-scripts.js";
import { HOLD_SCRIPTS, RedisHolds } from "../consent-law/state/redis.js";
import { gatherScripts, SHARED_SCRIPTS } from "../../state/redis/scripts.js";
import { SliceShelf, type RedisSlice, type StateSlice } from "./slice.js";
import type { GuardStore } from "./store.js";

/** The scripts of every slice, handed to the connection when it opens. */
const SCRIPTS = gatherScripts([
  SHARED_SCRIPTS,
  DIAL_SCRIPTS,
  CAP_SCRIPTS,
  OPT_OUT_LIST_SCRIPTS,
  CALLS_TO_READ_SCRIPTS,
  HOLD_SCRIPTS,
]);

export class RedisStore extends RedisSharedStore implements GuardStore {
  readonly dials: RedisDialLedger;
  readonly caps: RedisCapLedger;
  readonly optOuts: RedisOptOuts;
  readonly toRead: RedisCallsToRead;
  readonly owners: RedisCallOwners;
  readonly holds: RedisHolds;
  private readonly byPerson = new Map<string, RedisCapLedger>();
  /** The guards' own slices (slice.ts): those handed to open(), each made on first ask. */
  private readonly slices = new SliceShelf((slice) => {
    const side = this.sliceSides.get(slice);
    if (!side) throw new Error(`the state slice ${slice.name} was not handed to the Redis store when it opened`);
    return side.open(this.connection, `${this.prefix}${slice.name}:`) as never;
  });

  private constructor(
    private readonly sliceSides: ReadonlyMap<StateSlice<unknown>, RedisSlice<unknown>>,
    connection: RedisConnection,
    prefix: string,
    where: string,
    log: Log,
    stateKey: Buffer | undefined,
    inspectOnly: boolean,
  ) {
    super(connection, prefix, where, log, stateKey, inspectOnly);
    const k = this.keys;
    this.dials = new RedisDialLedger(connection, k, this.undo);
    this.caps = new RedisCapLedger(connection, k, this.undo);
    this.optOuts = new RedisOptOuts(connection, k, this.epochWatch());
    this.toRead = new RedisCallsToRead(connection, k);
    this.owners = new RedisCallOwners(connection, k);
    this.holds = new RedisHolds(connection, k);
  }

  slice<T>(slice: StateSlice<T>): T {
    return this.slices.get(slice);
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
   * The dials the audit log holds (createSafety sets it when there is a log): written back to the caps' counts
   * when Redis came back empty, so a restart of Redis forgets no per-number count the log remembers.
   */
  logged: (() => { dials: ReadonlyArray<{ at: number; to: string }>; now: number }) | undefined = undefined;

  /**
   * Connects, waiting at most the connect timeout. A Redis that is down at start does not stop the server:
   * the client keeps trying in the background and the deciding methods throw until it answers.
   * `inspectOnly` (doctor): writes nothing on its own (no epoch), only what a caller asks. `slices`: the guards' own
   * slices (open.ts hands those of the listed guards); their scripts are loaded with the store's.
   */
  static async open(
    settings: RedisSettings,
    log: Log,
    stateKey?: Buffer,
    inspectOnly = false,
    slices: ReadonlyArray<StateSlice<unknown>> = [],
  ): Promise<RedisStore> {
    const sides = new Map(await Promise.all(slices.map(async (slice) => [slice, await slice.redis()] as const)));
    const scripts = sides.size === 0 ? SCRIPTS : gatherScripts([SCRIPTS, ...[...sides.values()].map((s) => s.scripts)]);
    const connection = new RedisConnection(settings, log, scripts);
    const store = new RedisStore(sides, connection, settings.prefix, settings.where, log, stateKey, inspectOnly);
    if (!(await connection.whenReady(settings.connectTimeoutMs))) {
      log(
        `outbound-calls-mcp: guard state: Redis at ${settings.where} is not reachable yet; dials are refused until it is`,
      );
    }
    return store;
  }

  protected holdClaims(work: Promise<void>): void {
    this.dials.hold(work);
  }

  protected async writeBack(now: number): Promise<number> {
    const written = await this.dials.restore(now);
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
    return written;
  }
}
