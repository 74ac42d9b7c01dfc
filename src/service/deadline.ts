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
  /** Call when the tool call is over (server.ts does): clears the timer, which would otherwise hold the signal until it fires. Safe to call twice. */
  dispose(): void;
}

/**
 * One AbortController, a plain timer and a listener on the client's signal: a
 * few microseconds per tool call, where AbortSignal.timeout + AbortSignal.any
 * cost tens (weak references and finalizers); docs/performance.md.
 */
export function startDeadline(ms: number, parent?: AbortSignal): Deadline {
  const at = Date.now() + ms;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
  }, ms);
  // A deadline never keeps the process alive.
  timer.unref();
  const onParentAbort = () => {
    clearTimeout(timer);
    controller.abort(parent?.reason);
  };
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener("abort", onParentAbort, { once: true });
  return {
    signal: controller.signal,
    at,
    totalMs: ms,
    remaining: () => Math.max(0, at - Date.now()),
    expired: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      parent?.removeEventListener("abort", onParentAbort);
    },
  };
}

/** Sleeps, or rejects as soon as the signal aborts. */
export async function sleep(ms: number, signal: AbortSignal): Promise<void> {
  await delay(ms, undefined, { signal });
}
