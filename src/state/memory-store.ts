/**
 * The shared part of the guard store in process memory (store.ts SharedStore): secrets, one-time marks,
 * approvals and the rate limit. The guard store in memory (src/guards/store/memory.ts) adds the guards' slices.
 * Its state dies with the process.
 */
import { randomBytes } from "node:crypto";
import { MemoryApprovals } from "./memory-approvals.js";
import type { OnceMarks, RateCounter, SharedStore, StoreEpoch, Take } from "./store.js";

class MemoryOnceMarks implements OnceMarks {
  private readonly used = new Map<string, number>();

  async use(id: string, now: number, ttlMs: number): Promise<boolean> {
    for (const [key, until] of this.used) if (until <= now) this.used.delete(key);
    if (this.used.has(id)) return false;
    this.used.set(id, now + ttlMs);
    return true;
  }

  async seen(id: string, now: number): Promise<boolean> {
    return (this.used.get(id) ?? -Infinity) > now;
  }
}

/** Fixed windows per client ("60 per 60 s"); one small entry per client seen in the current window. */
export class MemoryRateCounter implements RateCounter {
  private readonly windows = new Map<string, { start: number; count: number; windowMs: number }>();
  private lastSweep = 0;

  async take(client: string, n: number, max: number, windowMs: number, now: number): Promise<Take> {
    if (now - this.lastSweep >= windowMs) {
      this.lastSweep = now;
      for (const [key, w] of this.windows) if (now - w.start >= w.windowMs) this.windows.delete(key);
    }
    let window = this.windows.get(client);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0, windowMs };
      this.windows.set(client, window);
    }
    if (window.count + n > max)
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
    window.count += n;
    return { ok: true };
  }

  /** Clients currently tracked (tests). */
  get size(): number {
    return this.windows.size;
  }
}

export class MemorySharedStore implements SharedStore {
  readonly kind = "memory" as const;
  readonly once = new MemoryOnceMarks();
  readonly approvals = new MemoryApprovals();
  readonly rates = new MemoryRateCounter();
  /** Memory is never emptied while the process lives. */
  readonly epoch: StoreEpoch = { check: async () => undefined, onEmptied: () => undefined };
  private readonly secrets = new Map<string, Buffer>();

  async secret(name: string): Promise<Buffer> {
    let value = this.secrets.get(name);
    if (!value) this.secrets.set(name, (value = randomBytes(32)));
    return value;
  }

  async close(): Promise<void> {
    // Nothing to release: the state goes with the process.
  }
}
