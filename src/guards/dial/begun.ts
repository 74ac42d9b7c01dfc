/**
 * What a guard's `begin` started for one attempt (guard.ts), kept for its `check` to read. A begun request that fails
 * while an earlier guard refuses is never read: it must not become an unhandled rejection, so one is attached here.
 */
import type { DialAttempt } from "./attempt.js";

export class Begun<T> {
  private readonly work = new WeakMap<DialAttempt, Promise<T>>();

  /** Keeps `work` for the attempt's check; returns it. */
  start(attempt: DialAttempt, work: Promise<T>): Promise<T> {
    work.catch(() => undefined);
    this.work.set(attempt, work);
    return work;
  }

  /** The work begun for this attempt, once (undefined when none was). */
  take(attempt: DialAttempt): Promise<T> | undefined {
    const work = this.work.get(attempt);
    this.work.delete(attempt);
    return work;
  }
}
