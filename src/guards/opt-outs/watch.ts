/**
 * The watch: every placed call is read until its status is final, so an
 * opt-out is honoured even when nobody asks about the call. The calls wait in
 * the shared store (CallsToRead): any replica's tick takes those due, leased to
 * it, so a replica that dies before it reads its ended call leaves it to
 * another; and a dial to a number whose earlier call still waits reads that call
 * first, on whichever replica the dial arrives.
 *
 * The effort is bounded: every OUTBOUND_CALLS_OPT_OUT_POLL_S seconds a replica
 * reads at most PER_TICK due calls, one at a time, each under its own deadline;
 * at most MAX_WAITING calls wait at once, none read longer than MAX_WATCH_MS.
 */
import { startDeadline, type Deadline } from "../../service/deadline.js";
import type { CallsToRead, CallToRead } from "./state/store.js";

/** Calls read per poll, at most. */
const PER_TICK = 10;
/** Calls waiting at once, at most (every replica's): past it a placed call is read only when someone asks. */
const MAX_WAITING = 10_000;
/** A call not final after this long is no longer read by the watch. */
const MAX_WATCH_MS = 24 * 3_600_000;
/** One read's bound. */
const READ_MS = 10_000;
/** A call taken is another replica's to take after this long (its reader died, or gave up). */
const LEASE_MS = 2 * READ_MS;
/** Reads a dial waits for (its numbers' earlier calls, still waiting), at most. */
const MAX_READS_BEFORE_DIAL = 3;

export interface WatchDeps {
  toRead: CallsToRead;
  pollMs: number;
  /** Reads one call for an opt-out; true when its status is final (it is no longer read). */
  read(call: CallToRead, deadline: Deadline): Promise<boolean>;
  log(line: string): void;
}

export class OptOutWatch {
  private ticking = false;

  constructor(private readonly d: WatchDeps) {}

  /** The calls a dial placed, to be read from the next poll on. */
  async add(calls: readonly CallToRead[]): Promise<void> {
    if (calls.length === 0) return;
    try {
      if (!(await this.d.toRead.add(calls, Date.now() + this.d.pollMs, MAX_WAITING)))
        this.d.log(
          `outbound-calls-mcp: opt-out watch: ${MAX_WAITING} calls wait to be read already; call(s) ${calls.map((c) => c.callId).join(", ")} are read only by get_call`,
        );
    } catch (error) {
      this.d.log(
        `outbound-calls-mcp: opt-out watch: call(s) ${calls.map((c) => c.callId).join(", ")} could not be put in the guard store to be read (${error instanceof Error ? error.message : String(error)}); get_call reads them`,
      );
    }
  }

  /**
   * Waiting calls of these numbers, read now (a dial to them is about to be decided); bounded by the deadline. The
   * calls whose records name one of the numbers first, then those at its place, then those whose number is unknown.
   * Returns how many it began to read.
   */
  async readBeforeDial(numbers: readonly string[], deadline: Deadline): Promise<number> {
    let waiting: CallToRead[];
    try {
      waiting = await this.d.toRead.ofNumbers(numbers, 50);
    } catch {
      return 0; // The opt-out list itself is read from the same store: a store that cannot answer refuses there.
    }
    const wanted = new Set(numbers);
    const rank = (c: CallToRead) =>
      c.answered !== undefined
        ? wanted.has(c.answered)
          ? 0
          : 3
        : c.position !== undefined
          ? wanted.has(c.position)
            ? 1
            : 3
          : 2;
    const due = waiting
      .filter((c) => rank(c) < 3)
      .sort((a, b) => rank(a) - rank(b))
      .slice(0, MAX_READS_BEFORE_DIAL);
    let read = 0;
    for (const call of due) {
      if (deadline.remaining() < 1_000) break;
      read += 1;
      // The store is told after the dial's own next request, not waited for: the dial waits for the reading alone.
      await this.readOne(call, Math.min(READ_MS, deadline.remaining() - 500), false);
    }
    return read;
  }

  /** One poll: the calls due, taken from the shared store, read one at a time. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = Date.now();
      const due = await this.d.toRead.take(now, PER_TICK, LEASE_MS).catch(() => [] as CallToRead[]);
      for (const call of due) {
        if (now - call.since > MAX_WATCH_MS) {
          await this.d.toRead.done(call.callId).catch(() => undefined);
          this.d.log(`outbound-calls-mcp: opt-out watch: call ${call.callId} not final after 24 h; no longer read`);
          continue;
        }
        await this.readOne(call, READ_MS);
      }
    } finally {
      this.ticking = false;
    }
  }

  /** `wait`: for the store to be told it was read (else it is told in the background; untold, it is read again). */
  private async readOne(call: CallToRead, ms: number, wait = true): Promise<void> {
    const deadline = startDeadline(Math.max(500, ms));
    try {
      // Read mid-call too: a transcript so far may already hold the request.
      const told = (await this.d.read(call, deadline))
        ? this.d.toRead.done(call.callId)
        : this.d.toRead.later(call.callId, Date.now() + this.d.pollMs);
      if (wait) await told;
      else told.catch(() => undefined);
    } catch {
      // Not read now: due again when its lease ends (any replica).
    } finally {
      deadline.dispose();
    }
  }
}
