/**
 * The opt-outs on Redis, shared by every replica: `optout:<E.164>` holds the
 * entry (JSON) with no TTL (an opt-out lasts until an operator removes it),
 * `optout:index` (a sorted set by time) lists them, `optout:released:<E.164>` the
 * entry an operator took off. Each change is one script (scripts.ts); a
 * damaged entry reads as listed (fail closed). The read at dial time checks the
 * store's epoch in the same script: a Redis flushed or restarted empty is
 * noticed at the latest by the next dial.
 */
import { OptOutListIncomplete, type OptOutEntry, type OptOutList } from "./store.js";
import { StoreUnavailableError } from "../../../state/store.js";
import type { RedisConnection, ScriptedConnection } from "../../../state/redis/connection.js";
import { OPT_OUT_LIST_SCRIPTS } from "./scripts.js";
import type { Keys } from "../../../state/redis/keys.js";
import { array, text } from "../../../state/redis/records.js";

const SOURCES: ReadonlySet<string> = new Set(["call", "model", "operator"]);

/** An entry as written, or — if it cannot be read — one that still refuses the number. */
export function readOptOut(number: string, raw: string): OptOutEntry {
  try {
    const v = JSON.parse(raw) as Partial<OptOutEntry>;
    if (
      typeof v.at === "number" &&
      typeof v.evidence === "string" &&
      typeof v.source === "string" &&
      SOURCES.has(v.source)
    ) {
      return {
        number,
        at: v.at,
        source: v.source,
        evidence: v.evidence,
        ...(typeof v.callId === "string" ? { callId: v.callId } : {}),
        ...(v.tier === "possible" ? { tier: v.tier } : {}),
      };
    }
  } catch {
    // Below: listed, with what could not be read said plainly.
  }
  return {
    number,
    at: 0,
    source: "operator",
    evidence: "an opt-out entry in Redis that cannot be read (kept as listed)",
  };
}

/** What a replica knows of the epoch: the value it last saw, a first look, and what to do when a dial finds another. */
export interface EpochWatch {
  seen(): string | undefined;
  look(): Promise<void>;
  changed(): void;
}

export class RedisOptOuts implements OptOutList {
  private readonly redis: ScriptedConnection<typeof OPT_OUT_LIST_SCRIPTS>;

  constructor(
    connection: RedisConnection,
    private readonly keys: Keys,
    private readonly epoch: EpochWatch,
  ) {
    this.redis = connection.scripted(OPT_OUT_LIST_SCRIPTS);
  }

  async add(entry: OptOutEntry): Promise<OptOutEntry | undefined> {
    const { number, ...rest } = entry;
    const k = this.keys;
    const reply = await this.redis.run("an opt-out", (c) =>
      c.addOptOut(
        [k.optOut(number), k.optOutIndex(), k.optOutReleased(number)],
        [
          JSON.stringify(rest),
          String(entry.at),
          number,
          entry.tier ?? "",
          entry.source === "call" ? (entry.callId ?? "") : "",
        ],
      ),
    );
    const held = text(reply, "opt-out reply");
    return held === "" ? undefined : readOptOut(number, held);
  }

  async get(numbers: readonly string[]): Promise<Array<OptOutEntry | undefined>> {
    if (numbers.length === 0) return [];
    const values = array(
      await this.redis.run("the opt-outs", (c) => c.mGet(numbers.map((n) => this.keys.optOut(n)))),
      "opt-out list",
    );
    return numbers.map((n, i) => {
      const v = values[i];
      return v === null || v === undefined ? undefined : readOptOut(n, text(v, "opt-out entry"));
    });
  }

  async forDial(numbers: readonly string[]): Promise<Array<OptOutEntry | undefined>> {
    if (this.epoch.seen() === undefined) await this.epoch.look();
    const seen = this.epoch.seen();
    if (seen === undefined)
      throw new StoreUnavailableError("the shared guard state (Redis) has not told this replica its epoch yet");
    const reply = array(
      await this.redis.run("the opt-outs", (c) =>
        c.optOutsForDial([this.keys.epoch(), ...numbers.map((n) => this.keys.optOut(n))], [seen]),
      ),
      "opt-out list",
    );
    if (Number(reply[0]) !== 1) {
      this.epoch.changed();
      throw new OptOutListIncomplete(
        "the shared guard state (Redis) lost its data since this replica last looked (restarted empty, or flushed)",
      );
    }
    return numbers.map((n, i) => {
      const v = text(reply[i + 1], "opt-out entry");
      return v === "" ? undefined : readOptOut(n, v);
    });
  }

  async confirm(number: string): Promise<OptOutEntry | undefined> {
    const reply = await this.redis.run("an opt-out confirmation", (c) =>
      c.confirmOptOut([this.keys.optOut(number)], []),
    );
    const held = text(reply, "opt-out reply");
    return held === "" ? undefined : readOptOut(number, held);
  }

  async remove(number: string, tier?: "possible"): Promise<boolean> {
    const k = this.keys;
    const removed = await this.redis.run("an opt-out removal", (c) =>
      c.removeOptOut([k.optOut(number), k.optOutIndex(), k.optOutReleased(number)], [number, tier ?? ""]),
    );
    return Number(removed) === 1;
  }

  async list(limit: number): Promise<OptOutEntry[]> {
    const numbers = array(
      await this.redis.run("the opt-out index", (c) =>
        c.zRange(this.keys.optOutIndex(), 0, Math.max(0, limit - 1), { REV: true }),
      ),
      "opt-out index",
    ).map((n) => text(n, "opt-out index"));
    return (await this.get(numbers)).filter((e): e is OptOutEntry => e !== undefined);
  }

  async listSince(at: number, limit: number): Promise<OptOutEntry[]> {
    const numbers = array(
      await this.redis.run("the opt-out index", (c) =>
        c.zRangeByScore(this.keys.optOutIndex(), at, "+inf", { LIMIT: { offset: 0, count: Math.max(1, limit) } }),
      ),
      "opt-out index",
    ).map((n) => text(n, "opt-out index"));
    return (await this.get(numbers)).filter((e): e is OptOutEntry => e !== undefined);
  }
}
