/** One-time marks and the per-client rate counter on Redis: one script each (small-scripts.ts). */
import { createHash } from "node:crypto";
import type { OnceMarks, RateCounter, Take } from "../store.js";
import type { RedisConnection } from "./connection.js";
import type { Keys } from "./keys.js";
import { array, int } from "./records.js";

export class RedisOnceMarks implements OnceMarks {
  constructor(
    private readonly redis: RedisConnection,
    private readonly keys: Keys,
  ) {}

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
  constructor(
    private readonly redis: RedisConnection,
    private readonly keys: Keys,
  ) {}

  take(client: string, n: number, max: number, windowMs: number, now: number): Promise<Take> {
    const args = [String(n), String(max), String(windowMs), String(now)];
    return this.redis.run("the rate limit", async (c) => {
      const [ok, retry] = array(await c.takeRate([this.keys.rate(clientKeyPart(client))], args), "rate reply");
      return int(ok, "rate reply") === 1 ? { ok: true } : { ok: false, retryAfterSeconds: int(retry, "rate reply") };
    });
  }
}
