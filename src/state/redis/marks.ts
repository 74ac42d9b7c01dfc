/** One-time marks and the per-client rate counter on Redis: one script each (small-scripts.ts). */
import { createHash } from "node:crypto";
import type { OnceMarks, RateCounter, Take } from "../store.js";
import type { RedisConnection, ScriptedConnection } from "./connection.js";
import { takeRate, useOnce } from "./small-scripts.js";
import type { Keys } from "./keys.js";
import { array, int } from "./records.js";

export class RedisOnceMarks implements OnceMarks {
  private readonly redis: ScriptedConnection<{ useOnce: typeof useOnce }>;

  constructor(
    connection: RedisConnection,
    private readonly keys: Keys,
  ) {
    this.redis = connection.scripted({ useOnce });
  }

  async use(id: string, now: number, ttlMs: number): Promise<boolean> {
    const ttl = Math.max(1, Math.ceil(ttlMs));
    const reply = await this.redis.run("a one-time mark", (c) =>
      c.useOnce([this.keys.once(id)], [String(now), String(now + ttlMs), String(ttl)]),
    );
    return reply === 1;
  }

  async seen(id: string, now: number): Promise<boolean> {
    // The value is the mark's expiry (small-scripts.ts): the caller's clock decides, as in use().
    const until = await this.redis.run("a one-time mark lookup", (c) => c.get(this.keys.once(id)));
    return until !== null && Number(until) > now;
  }
}

/** Client names come from requests (an address, a label): long ones are hashed so a key stays small. */
export function clientKeyPart(client: string): string {
  return client.length <= 100 ? client : `sha256:${createHash("sha256").update(client).digest("hex")}`;
}

export class RedisRateCounter implements RateCounter {
  private readonly redis: ScriptedConnection<{ takeRate: typeof takeRate }>;

  constructor(
    connection: RedisConnection,
    private readonly keys: Keys,
  ) {
    this.redis = connection.scripted({ takeRate });
  }

  take(client: string, n: number, max: number, windowMs: number, now: number): Promise<Take> {
    const args = [String(n), String(max), String(windowMs), String(now)];
    return this.redis.run("the rate limit", async (c) => {
      const [ok, retry] = array(await c.takeRate([this.keys.rate(clientKeyPart(client))], args), "rate reply");
      return int(ok, "rate reply") === 1 ? { ok: true } : { ok: false, retryAfterSeconds: int(retry, "rate reply") };
    });
  }
}
