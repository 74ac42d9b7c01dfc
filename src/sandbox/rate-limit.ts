/** Fixed window per key: the first request opens a window; `requests` fit in it; the next must wait for its end. */
export class RateLimiter {
  private readonly windows = new Map<string, { startMs: number; count: number }>();

  constructor(private readonly limit: { requests: number; windowMs: number }) {}

  /** Counts the request, or returns the whole seconds until the window frees (for Retry-After). */
  take(key: string, nowMs: number): { ok: true } | { ok: false; retryAfterS: number } {
    let window = this.windows.get(key);
    if (window === undefined || nowMs >= window.startMs + this.limit.windowMs || nowMs < window.startMs) {
      window = { startMs: nowMs, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit.requests) {
      const waitMs = window.startMs + this.limit.windowMs - nowMs;
      return { ok: false, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    window.count += 1;
    return { ok: true };
  }
}
