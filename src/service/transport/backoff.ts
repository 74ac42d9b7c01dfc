/** How long to wait before a retry, and what a `Retry-After` header asks for. */

/**
 * The wait before retry number `attempt` (1-based): exponential from `baseMs`, capped at 4 s,
 * with equal jitter (half fixed, half random) so clients never retry in lock-step. A
 * `Retry-After` from the service is a floor: the wait is never shorter than it.
 */
export function backoffMs(attempt: number, baseMs: number, random: () => number, retryAfterS?: number): number {
  const step = Math.min(4_000, baseMs * 2 ** (attempt - 1));
  const jittered = step / 2 + (random() * step) / 2;
  return retryAfterS !== undefined ? Math.max(retryAfterS * 1000, jittered) : jittered;
}

/** `Retry-After` as seconds (delta or HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 86_400);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
