/**
 * The guard store in process memory: today's behaviour for one process (stdio,
 * or a single --http replica). Its state dies with the process; the audit log
 * (when configured) seeds the dials and caps again at start.
 */
import { randomBytes } from "node:crypto";
import { MemoryCapLedger } from "./memory-caps.js";
import { MemoryDialLedger } from "./memory-dials.js";
import { MemoryApprovals } from "./memory-approvals.js";
import { MemoryOptOuts } from "./memory-opt-outs.js";
import { MemoryCallOwners } from "./memory-call-owners.js";
import { MemoryCallsToRead } from "./memory-calls-to-read.js";
import { MemoryHolds } from "./memory-holds.js";
import type { GuardStore, OnceMarks, RateCounter, StoreEpoch, Take } from "./store.js";

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

export class MemoryStore implements GuardStore {
  readonly kind = "memory" as const;
  readonly dials = new MemoryDialLedger();
  readonly caps = new MemoryCapLedger();
  readonly once = new MemoryOnceMarks();
  readonly approvals = new MemoryApprovals();
  readonly rates = new MemoryRateCounter();
  readonly optOuts = new MemoryOptOuts();
  readonly toRead = new MemoryCallsToRead();
  /** Memory is never emptied while the process lives. */
  readonly epoch: StoreEpoch = { check: async () => undefined, onEmptied: () => undefined };
  readonly owners = new MemoryCallOwners();
  readonly holds = new MemoryHolds();
  private readonly byPerson = new Map<string, MemoryCapLedger>();
  private readonly secrets = new Map<string, Buffer>();

  async secret(name: string): Promise<Buffer> {
    let value = this.secrets.get(name);
    if (!value) this.secrets.set(name, (value = randomBytes(32)));
    return value;
  }

  personCaps(person: string): MemoryCapLedger {
    let ledger = this.byPerson.get(person);
    if (!ledger) this.byPerson.set(person, (ledger = new MemoryCapLedger()));
    return ledger;
  }

  async close(): Promise<void> {
    // Nothing to release: the state goes with the process.
  }
}
