/**
 * Undoing what a failed call may still have done. A call that missed its
 * deadline may yet run in Redis (it was sent; the server was only slow), so a
 * claim or a cap reservation the caller was told had failed could hold a
 * number until its lease ends, or count as a dial for a day. After such a
 * failure the store queues the inverse step (end the claim's lease at once;
 * release the reservation) and runs it now and again whenever Redis answers,
 * until it reports done or its horizon passes. The same list records, once Redis
 * answers again, the outcome of a dial that was placed while it did not (a placed
 * dial must outlive its claim's lease). Bounded: at most MAX entries.
 * The owner and reservation id of a failed call are spent: never reuse them.
 */

const MAX = 500;
const RETRY_EVERY_MS = 2_000;

interface Entry {
  /** Runs the inverse step; true when it took effect (nothing more to undo). */
  run(): Promise<boolean>;
  until: number;
}

export class UndoList {
  private entries: Entry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  /** Tries an inverse step at once (on the connection the failed call used), and queues it if not done. */
  add(run: () => Promise<boolean>, forMs: number): void {
    const entry: Entry = { run, until: Date.now() + forMs };
    void run()
      .catch(() => false)
      .then((done) => {
        if (!done) this.keep(entry);
      });
  }

  private keep(entry: Entry): void {
    this.entries.push(entry);
    if (this.entries.length > MAX) this.entries.splice(0, this.entries.length - MAX);
    if (!this.timer) {
      this.timer = setInterval(() => void this.drain(), RETRY_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Tries every queued step once, together; keeps the ones not done and not past their horizon. */
  async drain(): Promise<void> {
    if (this.running || this.entries.length === 0) return;
    this.running = true;
    try {
      const batch = this.entries.splice(0);
      const done = await Promise.all(batch.map((e) => e.run().catch(() => false)));
      const now = Date.now();
      this.entries.unshift(...batch.filter((e, i) => !done[i] && e.until > now));
      if (this.entries.length > MAX) this.entries.splice(0, this.entries.length - MAX);
    } finally {
      this.running = false;
      if (this.entries.length === 0) this.stop();
    }
  }

  get size(): number {
    return this.entries.length;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  clear(): void {
    this.entries = [];
    this.stop();
  }
}
