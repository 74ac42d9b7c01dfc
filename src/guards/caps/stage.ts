/**
 * A cap ledger's part in a dial (the account's caps, and a person's): asked in the first round trip, with the claim,
 * and read by the check. When nobody decides between the check and the commit (attempt.attended false: unattended, or
 * a dry run's token) the dial is checked and counted at once, under the claim's reservation id, and held from the
 * moment it is asked for (a refusal by any guard gives it back); otherwise it is only checked then, and counted after
 * the yes (commit).
 */
import type { CapLedger, CapLimits, CapVerdict } from "./state/store.js";
import type { DialAttempt } from "../dial/attempt.js";
import { Begun } from "../dial/begun.js";
import type { Clock } from "../dial/clock.js";

export class CapStage {
  private readonly begun = new Begun<{ verdict: CapVerdict; id?: string }>();
  private readonly reserved = new WeakSet<DialAttempt>();

  constructor(private readonly clock: Clock) {}

  /** Asks the ledger now (a dry run asks nothing here); `check`: a verdict is wanted even when not counting. */
  begin(attempt: DialAttempt, ledger: CapLedger, limits: CapLimits, check: boolean): void {
    if (attempt.dryRun) return;
    const id = attempt.claim?.reservation ?? attempt.reservationId;
    if (!attempt.attended && id !== undefined) {
      const counted = this.reserve(attempt, ledger, id, limits, attempt.claim?.countedAs);
      this.begun.start(
        attempt,
        counted.then((verdict) => ({ verdict, id })),
      );
    } else if (check) {
      const verdict = ledger.check([...attempt.numbers], this.clock.now(), limits, attempt.claim?.countedAs);
      this.begun.start(
        attempt,
        verdict.then((v) => ({ verdict: v })),
      );
    }
  }

  /** The verdict begun for this dial, once; undefined when none was begun. */
  async verdict(attempt: DialAttempt, ledger: CapLedger, limits: CapLimits): Promise<CapVerdict | undefined> {
    const early = this.begun.take(attempt);
    if (!early) return undefined;
    let { verdict, id } = await early;
    // A dead owner's claim taken over (known only now): its reservation may count this dial already.
    const countedAs = attempt.claim?.countedAs;
    if (id !== undefined) {
      if (countedAs !== undefined) {
        if (verdict.ok) await ledger.release(id);
        verdict = await this.reserve(attempt, ledger, id, limits, countedAs);
      }
      this.reserved.add(attempt);
    } else if (countedAs !== undefined) {
      verdict = await ledger.check([...attempt.numbers], this.clock.now(), limits, countedAs);
    }
    return verdict;
  }

  /** After the yes: counts the dial under its claim's reservation, unless it was counted at once (undefined then). */
  commit(attempt: DialAttempt, ledger: CapLedger, limits: CapLimits): Promise<CapVerdict> | undefined {
    const claim = attempt.claim;
    if (!claim || this.reserved.has(attempt)) return undefined;
    return this.reserve(attempt, ledger, claim.reservation, limits, claim.countedAs);
  }

  /** Checks and counts under `id`, held at once: taken back if nothing is sent. */
  private reserve(
    attempt: DialAttempt,
    ledger: CapLedger,
    id: string,
    limits: CapLimits,
    countedAs: string | undefined,
  ): Promise<CapVerdict> {
    const verdict = ledger.reserve(id, [...attempt.numbers], this.clock.now(), limits, countedAs);
    attempt.hold(async () => {
      if ((await verdict.catch(() => undefined))?.ok) await ledger.release(id).catch(() => undefined);
    });
    return verdict;
  }
}
