/**
 * The kernel of a dial: it walks the one list of guards (guard-list.ts), phase by phase, for a real dial and a dry run
 * alike, and names no guard.
 *   begin    every guard at once: the store requests the checks will read leave together (one round trip)
 *   check    every guard, in order; a dry run stops after it with what the guards noted
 *   (replay) an identical dial placed within the window answers this one: the guards' `replay`, then its answer
 *   approve  the yes the dial waits for
 *   commit   what may have changed while a person decided, and what the dial spends
 *   POST     the `sending` audit line first, then the one request (dial-post.ts)
 *   settle   every guard, last first, learns the outcome; then the claim is settled, beside what a guard's settle
 *            left running (attempt.finish), and the dial waits for both
 * Any throw before the POST takes back everything the guards held (the claim, the caps reservation): nothing was sent.
 */
import { OutcomeUnknownError } from "../../service/errors.js";
import type { CallingService } from "../../service/index.js";
import type { Clock } from "./clock.js";
import type { DialAttempt, DialOutcome, DialPlan } from "./attempt.js";
import { DialClaim } from "./claim.js";
import { postDial } from "./post.js";
import type { Guard } from "./guard.js";
import { auditUnwritable } from "./refusals.js";
import { unknownOutcomeMessage } from "./lookup.js";

export interface KernelDeps {
  clock: Clock;
  service: CallingService;
  /** Writes the `sending` audit line ahead of the POST; the log's error code when it could not be written. */
  writeAhead(at: number): string | undefined;
}

/** The lines every dry run starts with: the tool checked the rows and their agents before the guards. */
const ROWS_CHECKED = ["number: valid, allowed type and country", "agent: available to this key"];

export async function runDial<R>(
  guards: readonly Guard[],
  attempt: DialAttempt,
  plan: DialPlan<R>,
  k: KernelDeps,
): Promise<DialOutcome<R>> {
  try {
    if (attempt.dryRun) attempt.checks.push(...ROWS_CHECKED);
    for (const guard of guards) guard.begin?.(attempt);
    for (const guard of guards) {
      await guard.check?.(attempt);
      if (attempt.replay) return await replayed(guards, attempt);
    }
    if (attempt.dryRun) {
      await attempt.release();
      const { preview = "", issued } = attempt;
      return { kind: "dry_run", preview, checks: attempt.checks, ...(issued ? { token: issued } : {}) };
    }
    for (const guard of guards) await guard.approve?.(attempt);
    for (const guard of guards) await guard.commit?.(attempt);
    return await send(guards, attempt, plan, k);
  } catch (error) {
    await attempt.release();
    throw error;
  }
}

async function replayed(guards: readonly Guard[], attempt: DialAttempt): Promise<DialOutcome<never>> {
  const replay = attempt.replay!;
  for (const guard of guards) await guard.replay?.(attempt);
  // What the guards' begins took for a dial that is not sent (a reservation) goes back.
  await attempt.release();
  return { kind: "deduplicated", ...replay };
}

async function send<R>(
  guards: readonly Guard[],
  attempt: DialAttempt,
  plan: DialPlan<R>,
  k: KernelDeps,
): Promise<DialOutcome<R>> {
  const { approval } = attempt;
  if (!approval) throw new Error("runDial: no guard approved the dial");
  const claim = attempt.claim ?? DialClaim.unledgered(attempt.key, attempt.numbers);
  // The service's deadline does not include the time a person took to answer.
  const fresh = approval.sendWithinMs !== undefined ? attempt.scope.newDeadline(approval.sendWithinMs) : undefined;
  try {
    attempt.trail.add({ idempotency_key: claim.idempotencyKey });
    const sentAt = k.clock.now();
    // Written ahead: if this process dies while the POST is at the service, a restart reads this line as a dial.
    const unwritten = k.writeAhead(sentAt);
    if (unwritten !== undefined) throw auditUnwritable(unwritten);
    const deadline = fresh ?? attempt.scope.deadline;
    const sent = await postDial(attempt, plan, { service: k.service, claim, deadline, sentAt });
    for (const guard of [...guards].reverse()) await guard.settle?.(attempt, sent.posted);
    if ("error" in sent) {
      await attempt.finished();
      const { lookup } = sent.posted;
      if (lookup.kind === "found" && lookup.calls.length > 0)
        attempt.trail.add({ call_ids: lookup.calls.map((c) => c.id) });
      throw new OutcomeUnknownError(unknownOutcomeMessage(sent.error.message, lookup, attempt.rows.length), {
        status: sent.error.status,
        requestId: sent.error.requestId,
      });
    }
    const { summary, callIds } = sent.posted;
    // Sent with what the guards' settle left running (attempt.finish): one round trip to the store.
    await claim.settle({ kind: "placed", at: sentAt, summary, callIds });
    await attempt.finished();
    attempt.trail.add(sent.audit);
    return { kind: "dialed", record: sent.record, confirmedBy: approval.by };
  } finally {
    fresh?.dispose();
  }
}
