/**
 * The time source of the guards (calling hours, caps, dedupe window, token
 * expiry, audit times). Injectable so tests run at a fixed instant: a test clock
 * starts at OUTBOUND_CALLS_TEST_NOW and runs on in real time, so windows still
 * elapse as they would.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function clockStartingAt(startMs: number): Clock {
  const realStart = Date.now();
  return { now: () => startMs + (Date.now() - realStart) };
}
