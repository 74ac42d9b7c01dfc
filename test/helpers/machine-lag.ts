/**
 * How much a busy machine delayed this process while something ran: a timer ticks every TICK_MS and every tick
 * that came late adds its lateness. A bound on wall-clock time that proves a deadline (the tool call ended by its
 * deadline, not long after) adds this lag to its allowance: the deadline is the server's, the lag is the machine's,
 * and a test may not depend on the machine being idle. On an idle machine the lag is a few milliseconds, so the
 * bound is as tight as before; under load it grows with what the load took, not with what the server did.
 */
const TICK_MS = 10;

export interface LagProbe {
  /** Stops the probe; the milliseconds the ticks came late in all. */
  stop(): number;
}

export function lagProbe(): LagProbe {
  let lag = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lag += Math.max(0, now - last - TICK_MS);
    last = now;
  }, TICK_MS);
  return {
    stop() {
      clearInterval(timer);
      // The stretch since the last tick counts too: a stall right before the end is lag as well.
      lag += Math.max(0, performance.now() - last - TICK_MS);
      return Math.round(lag);
    },
  };
}
