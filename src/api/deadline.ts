/**
 * One total deadline per tool call, retries and waits included. Every upstream
 * request of a tool call shares its signal, so a hanging or dripping service is
 * cut off by the deadline, not by undici's 300 s defaults.
 */
import { setTimeout as delay } from "node:timers/promises";

export interface Deadline {
  readonly signal: AbortSignal;
  /** Epoch ms at which the tool call gives up. */
  readonly at: number;
  readonly totalMs: number;
  remaining(): number;
  /** True when the deadline (not a cancellation by the client) ended the call. */
  expired(): boolean;
}

export function startDeadline(ms: number, parent?: AbortSignal): Deadline {
  const at = Date.now() + ms;
  const timeout = AbortSignal.timeout(ms);
  const signal = parent ? AbortSignal.any([parent, timeout]) : timeout;
  return {
    signal,
    at,
    totalMs: ms,
    remaining: () => Math.max(0, at - Date.now()),
    expired: () => timeout.aborted,
  };
}

/** Sleeps, or rejects as soon as the signal aborts. */
export async function sleep(ms: number, signal: AbortSignal): Promise<void> {
  await delay(ms, undefined, { signal });
}
