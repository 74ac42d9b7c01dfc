/**
 * Tool calls per client in fixed windows ("60 per 60 s"). Memory is one small
 * entry per client seen in the current window; older ones are swept.
 */
export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts `n` calls for `client`, or refuses all of them if they do not fit in its window. */
  take(client: string, n = 1): Take {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(client);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(client, window);
    }
    if (window.count + n > this.max) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)) };
    }
    window.count += n;
    return { ok: true };
  }

  /** Clients currently tracked (for tests). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [client, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(client);
    }
  }
}
