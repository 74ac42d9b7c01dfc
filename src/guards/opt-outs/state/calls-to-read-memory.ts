/**
 * The placed calls waiting to be read for an opt-out, in process memory (one
 * process: the lease only keeps two ticks of the same watch apart).
 */
import type { CallsToRead, CallToRead } from "./store.js";

export class MemoryCallsToRead implements CallsToRead {
  private readonly calls = new Map<string, { call: CallToRead; dueAt: number }>();

  async add(calls: readonly CallToRead[], dueAt: number, max: number): Promise<boolean> {
    const fresh = calls.filter((c) => !this.calls.has(c.callId));
    if (this.calls.size + fresh.length > max) return false;
    for (const call of fresh) this.calls.set(call.callId, { call: { ...call }, dueAt });
    return true;
  }

  async take(now: number, max: number, leaseMs: number): Promise<CallToRead[]> {
    const due = [...this.calls.values()]
      .filter((w) => w.dueAt <= now)
      .sort((a, b) => a.dueAt - b.dueAt)
      .slice(0, max);
    for (const w of due) w.dueAt = now + leaseMs;
    return due.map((w) => ({ ...w.call }));
  }

  async ofNumbers(numbers: readonly string[], max: number): Promise<CallToRead[]> {
    const wanted = new Set(numbers);
    return [...this.calls.values()]
      .filter((w) => w.call.dialNumbers.some((n) => wanted.has(n)))
      .slice(0, max)
      .map((w) => ({ ...w.call }));
  }

  async later(callId: string, dueAt: number): Promise<void> {
    const w = this.calls.get(callId);
    if (w) w.dueAt = dueAt;
  }

  async done(callId: string): Promise<void> {
    this.calls.delete(callId);
  }

  async size(): Promise<number> {
    return this.calls.size;
  }
}
