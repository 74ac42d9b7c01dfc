/**
 * The opt-outs on Redis, shared by every replica: `optout:<E.164>` holds the
 * entry (JSON) with no TTL (an opt-out lasts until an operator removes it), and
 * `optout:index` (a sorted set by time) lists them. Adding is one script (the
 * first entry stays); a damaged entry reads as listed (fail closed).
 */
import type { OptOutEntry, OptOutList } from "../store.js";
import type { RedisConnection } from "./connection.js";
import type { Keys } from "./keys.js";
import { array, text } from "./records.js";

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

export class RedisOptOuts implements OptOutList {
  constructor(
    private readonly redis: RedisConnection,
    private readonly keys: Keys,
  ) {}

  async add(entry: OptOutEntry): Promise<OptOutEntry> {
    const { number, ...rest } = entry;
    const reply = await this.redis.run("an opt-out", (c) =>
      c.addOptOut(
        [this.keys.optOut(number), this.keys.optOutIndex()],
        [JSON.stringify(rest), String(entry.at), number],
      ),
    );
    return readOptOut(number, text(reply, "opt-out reply"));
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

  async remove(number: string): Promise<boolean> {
    const removed = await this.redis.run("an opt-out removal", async (c) => {
      const [deleted] = await c.multi().del(this.keys.optOut(number)).zRem(this.keys.optOutIndex(), number).exec();
      return Number(deleted);
    });
    return removed === 1;
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
}
