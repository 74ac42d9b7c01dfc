/**
 * The placed calls waiting to be read for an opt-out, in process memory (one
 * process: the lease only keeps two ticks of the same watch apart). Found by
 * number through an index and taken in time order from a queue, so neither a
 * dial nor a tick walks every call that waits.
 */
import { many, one } from "../../../state/compact.js";
import { KeysByName } from "../../../state/keys-by-name.js";
import { TimeQueue, type Queued } from "../../../state/time-queue.js";
import type { CallsToRead, CallToRead } from "./store.js";

/** A call as it waits: one flat object; `answered` and `position` share the dial's own strings when they are one. */
interface Waiting extends Queued {
  callId: string;
  answered: string | undefined;
  position: string | undefined;
  dialNumbers: string | readonly string[];
  since: number;
  dueAt: number;
  /** Its place in the order calls were added: what ties are broken by, as in a walk over them. */
  seq: number;
}

export class MemoryCallsToRead implements CallsToRead {
  private readonly calls = new Map<string, Waiting>();
  private readonly byNumber = new KeysByName();
  /** By due time, then in the order added: the order a take hands them out in. */
  private readonly queue = new TimeQueue<Waiting>(
    (w) => w.dueAt,
    (w) => w.seq,
  );
  private added = 0;

  async add(calls: readonly CallToRead[], dueAt: number, max: number): Promise<boolean> {
    const fresh = calls.filter((c) => !this.calls.has(c.callId));
    if (this.calls.size + fresh.length > max) return false;
    for (const call of fresh) {
      // The same call twice in one list: the later one stands, in the first one's place.
      const before = this.calls.get(call.callId);
      if (before) this.unindex(before);
      const numbers = [...call.dialNumbers];
      const shared = (n: string | undefined) => (n === undefined ? n : (numbers.find((d) => d === n) ?? n));
      const w: Waiting = {
        callId: call.callId,
        answered: shared(call.answered),
        position: shared(call.position),
        dialNumbers: one(numbers),
        since: call.since,
        dueAt,
        seq: before?.seq ?? this.added++,
        queueSlot: -1,
      };
      this.calls.set(w.callId, w);
      for (const n of numbers) this.byNumber.add(n, w.callId);
      this.queue.set(w);
    }
    return true;
  }

  async take(now: number, max: number, leaseMs: number): Promise<CallToRead[]> {
    // The earliest due first, ties in the order added, as a walk sorting them would give.
    const taken: Waiting[] = [];
    for (let w = this.queue.peek(); w && w.dueAt <= now && taken.length < max; w = this.queue.peek()) {
      this.queue.delete(w);
      taken.push(w);
    }
    for (const w of taken) {
      w.dueAt = now + leaseMs;
      this.queue.set(w);
    }
    return taken.map(callOf);
  }

  async ofNumbers(numbers: readonly string[], max: number): Promise<CallToRead[]> {
    const found = new Set<Waiting>();
    for (const n of numbers) for (const id of this.byNumber.get(n)) found.add(this.calls.get(id)!);
    return [...found]
      .sort((a, b) => a.seq - b.seq)
      .slice(0, max)
      .map(callOf);
  }

  async later(callId: string, dueAt: number): Promise<void> {
    const w = this.calls.get(callId);
    if (!w) return;
    w.dueAt = dueAt;
    this.queue.set(w);
  }

  async done(callId: string): Promise<void> {
    const w = this.calls.get(callId);
    if (w) this.unindex(w);
  }

  async size(): Promise<number> {
    return this.calls.size;
  }

  private unindex(w: Waiting): void {
    this.calls.delete(w.callId);
    this.queue.delete(w);
    for (const n of many(w.dialNumbers)) this.byNumber.delete(n, w.callId);
  }
}

function callOf(w: Waiting): CallToRead {
  return {
    callId: w.callId,
    ...(w.answered !== undefined ? { answered: w.answered } : {}),
    ...(w.position !== undefined ? { position: w.position } : {}),
    dialNumbers: [...many(w.dialNumbers)],
    since: w.since,
  };
}
