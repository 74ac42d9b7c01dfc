/**
 * The per-client rate limit of --http in process memory: fixed windows aligned
 * to the clock ("60 per 60 s" = at most 60 in each minute), the shape of
 * `RateCounter` in src/state/store.ts so a shared store (Redis: INCRBY on
 * `client:window`, expiring with the window) can take its place for several
 * replicas. Memory is one small entry per client seen in the current window;
 * older ones are swept.
 */
import type { RateCounter, Take } from "../state/store.js";

export type { Take };

export class MemoryRateCounter implements RateCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  /** Counts `n` requests for `client`, or refuses all of them if they do not fit in its current window. */
  take(client: string, n: number, max: number, windowMs: number, now: number): Promise<Take> {
    this.sweep(now, windowMs);
    const start = now - (now % windowMs);
    const key = `${windowMs}:${client}`;
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count + n > max) {
      return Promise.resolve({ ok: false, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) });
    }
    window.count += n;
    return Promise.resolve({ ok: true });
  }

  /** Clients currently tracked (for tests). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number, windowMs: number): void {
    if (now - this.lastSweep < windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      const length = Number(key.slice(0, key.indexOf(":")));
      if (now >= window.start + length) this.windows.delete(key);
    }
  }
}
