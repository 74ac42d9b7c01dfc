/**
 * How many get_calls may wait (wait_seconds) at once: per client and per
 * process. A wait holds a request open for up to 600 s and polls the service
 * all along, so without a bound a client could keep hundreds polling. Over
 * stdio the one client is "local"; over --http a client is its address (as
 * for the rate limit). Counts live in process memory: the process bound is a
 * property of the process; a client spread over replicas gets its share on each.
 */
import { UserInputError } from "../validation/errors.js";

export interface WaitLimits {
  perClient: number;
  perProcess: number;
}

export class TooManyWaitsError extends UserInputError {
  constructor(message: string) {
    super(message, "wait_seconds", "waits");
  }
}

const ADVICE =
  "Call get_call without wait_seconds to read the call now, or wait again once one of the other waits has answered.";

export class WaitSlots {
  private total = 0;
  private readonly byClient = new Map<string, number>();

  constructor(private readonly limits: WaitLimits) {}

  /** Takes a slot for `client`, or throws TooManyWaitsError; the function returned gives it back (once). */
  take(client: string): () => void {
    const mine = this.byClient.get(client) ?? 0;
    if (mine >= this.limits.perClient) {
      throw new TooManyWaitsError(
        `Not waiting: at most ${this.limits.perClient} waiting get_calls at once per client (OUTBOUND_CALLS_MAX_WAITS_PER_CLIENT), and ${mine} of yours are waiting. ${ADVICE}`,
      );
    }
    if (this.total >= this.limits.perProcess) {
      throw new TooManyWaitsError(
        `Not waiting: at most ${this.limits.perProcess} waiting get_calls at once on this server (OUTBOUND_CALLS_MAX_WAITS), and all are in use. ${ADVICE}`,
      );
    }
    this.total++;
    this.byClient.set(client, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left <= 0) this.byClient.delete(client);
      else this.byClient.set(client, left);
    };
  }

  /** Waits in progress (for tests). */
  get inUse(): number {
    return this.total;
  }
}
