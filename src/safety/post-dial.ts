/**
 * The last stage of a dial: the one POST, and what its outcome means for the
 * caps, the dedupe ledger and the audit line. A POST that provably placed
 * nothing takes the caps reservation back and throws (the guard then releases
 * the claim); one whose outcome is unknown stays counted, is remembered, and is
 * looked for once; a placed one is settled so repeats get its answer.
 */
import { ApiError, OutcomeUnknownError } from "../service/errors.js";
import type { Created } from "../service/calls.js";
import type { Deadline } from "../service/deadline.js";
import type { AuditFacts } from "./audit-trail.js";
import type { DialAttempt, DialPlan, SafetyServices } from "./dial-attempt.js";
import type { DialClaim } from "./dial-claim.js";
import type { CapReservation } from "./dial-stages.js";
import { lookForCreatedCalls, takeoverFailed, unknownOutcomeMessage } from "./unknown-outcome.js";
import { ownCalls, ownedThings, recordOwner } from "./call-access.js";

export interface PostTerms {
  claim: DialClaim;
  reservation: CapReservation;
  /** The POST's deadline: the tool call's, or a fresh one after a person answered. */
  deadline: Deadline;
  /** When the POST went (the guards' clock): the ledger and the lookup start there. */
  sentAt: number;
}

export type Posted<R> =
  | { kind: "placed"; record: R; audit: AuditFacts }
  /** It may have reached someone: the error says what the lookup found; the guard throws it. */
  | { kind: "unknown"; error: OutcomeUnknownError; audit: AuditFacts };

export async function postDial<R>(
  attempt: DialAttempt,
  plan: Pick<DialPlan<R>, "send" | "summarize">,
  s: SafetyServices,
  go: PostTerms,
): Promise<Posted<R>> {
  const { claim, reservation, deadline, sentAt } = go;
  let created: Created<R>;
  try {
    created = await plan.send({ deadline, idempotencyKey: claim.idempotencyKey });
  } catch (caught) {
    // A takeover sends the dead owner's Idempotency-Key: whatever stops its own POST says nothing of that owner's,
    // which may have reached the service. A refusal is an unknown outcome; one that sent nothing gives the claim
    // back with its key (DialClaim.release), and neither says "not placed".
    const error =
      claim.takeover && caught instanceof ApiError && !(caught instanceof OutcomeUnknownError)
        ? takeoverFailed(attempt.tool, caught)
        : caught;
    if (!(error instanceof OutcomeUnknownError)) {
      await reservation.release();
      throw error;
    }
    // It stays counted and is remembered (a store that cannot be told now leaves the claim to its lease: a repeat
    // then takes it over with the same Idempotency-Key), then we look once.
    await claim.settle({ kind: "unknown", at: sentAt, message: "the request was sent but its answer was lost" });
    let lookup = await lookForCreatedCalls(s.service, deadline, {
      numbers: attempt.numbers,
      agentIds: attempt.agentIds,
      startedAt: sentAt,
    });
    if (lookup.kind === "found") {
      // Only a call created after the attempt, by a time the service gave, can be shown to be this dial's and become
      // the person's: one with no time, or from just before it, may be a dashboard's call, seen then only with
      // calls:read_all.
      const unrecorded = await recordOwner(
        s.store,
        attempt.scope.identity.person,
        ownedThings(
          lookup.calls.filter((c) => c.afterAttempt).map((c) => c.id),
          undefined,
        ),
        s.clock.now(),
      );
      if (unrecorded) s.log?.(`outbound-calls-mcp: ${attempt.tool}: ${unrecorded}`);
      // The lookup finds calls to these numbers, whoever placed them: another person's call is counted, not named.
      const own = await ownCalls(s.store, attempt.scope.identity, lookup.calls, s.clock.now());
      lookup = { kind: "found", calls: own, unshown: lookup.calls.length - own.length };
    }
    return {
      kind: "unknown",
      error: new OutcomeUnknownError(unknownOutcomeMessage(error.message, lookup, attempt.rows.length), {
        status: error.status,
        requestId: error.requestId,
      }),
      audit: lookup.kind === "found" && lookup.calls.length > 0 ? { call_ids: lookup.calls.map((c) => c.id) } : {},
    };
  }
  const { summary, callIds, batchId, campaignId } = plan.summarize(created.record);
  // With OAuth the calls are the person's: only they (and a token that may read all) see them (call-access.ts).
  // Recorded before the claim is settled, so no replica reads a placed claim whose calls have no owner yet (it would
  // refuse the same person's own repeat as another's).
  const unrecorded = await recordOwner(
    s.store,
    attempt.scope.identity.person,
    ownedThings(callIds, campaignId),
    s.clock.now(),
  );
  if (unrecorded) s.log?.(`outbound-calls-mcp: ${attempt.tool}: ${unrecorded}`);
  await claim.settle({ kind: "placed", at: sentAt, summary, callIds });
  // Each placed call is read once it ends, for a person who said stop (src/safety/compliance/opt-out-desk.ts).
  s.optOuts.watch(callIds, attempt.numbers);
  return {
    kind: "placed",
    record: created.record,
    audit: {
      decision: "dialed",
      call_ids: callIds,
      upstream_status: created.status,
      ...(created.requestId ? { request_id: created.requestId } : {}),
      ...(batchId ? { batch_id: batchId } : {}),
      ...(campaignId ? { campaign_id: campaignId } : {}),
    },
  };
}
