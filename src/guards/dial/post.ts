/**
 * The POST of a dial, and what its outcome is: placed (the service's record), or unknown (it may have reached
 * someone; the claim remembers it and the service is asked once what it created). A POST that provably placed
 * nothing throws its error: the kernel then takes back what the guards held.
 */
import { ApiError, OutcomeUnknownError } from "../../service/errors.js";
import type { Created } from "../../service/calls.js";
import type { Deadline } from "../../service/deadline.js";
import type { CallingService } from "../../service/index.js";
import type { DialSummary } from "./state/store.js";
import type { AuditFacts } from "./audit/trail.js";
import type { DialAttempt, DialPlan } from "./attempt.js";
import type { DialClaim } from "./claim.js";
import { lookForCreatedCalls, takeoverFailed, type LookupResult } from "./lookup.js";

/** What the POST came to, as the guards' `settle` reads it. */
export type Posted =
  | {
      kind: "placed";
      sentAt: number;
      summary: DialSummary;
      callIds: string[];
      /** The number the answer gives each of `callIds` (same order), where it gives one. */
      callTo?: Array<string | undefined>;
      batchId?: string;
      campaignId?: string;
    }
  /** It may have reached someone. `lookup`: what the service listed since; a guard may narrow it (whose calls). */
  | { kind: "unknown"; sentAt: number; lookup: LookupResult };

export type Sent<R> =
  | { posted: Posted & { kind: "placed" }; record: R; audit: AuditFacts }
  | { posted: Posted & { kind: "unknown" }; error: OutcomeUnknownError };

export interface PostTerms {
  service: CallingService;
  claim: DialClaim;
  /** The POST's deadline: the tool call's, or a fresh one after a person answered. */
  deadline: Deadline;
  /** When the POST went (the guards' clock): the ledger and the lookup start there. */
  sentAt: number;
}

export async function postDial<R>(
  attempt: DialAttempt,
  plan: Pick<DialPlan<R>, "send" | "summarize">,
  go: PostTerms,
): Promise<Sent<R>> {
  const { claim, deadline, sentAt } = go;
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
    if (!(error instanceof OutcomeUnknownError)) throw error;
    // It stays counted and is remembered (a store that cannot be told now leaves the claim to its lease: a repeat
    // then takes it over with the same Idempotency-Key), then we look once.
    attempt.keep();
    await claim.settle({ kind: "unknown", at: sentAt, message: "the request was sent but its answer was lost" });
    const lookup = await lookForCreatedCalls(go.service, deadline, {
      numbers: attempt.numbers,
      agentIds: attempt.agentIds,
      startedAt: sentAt,
    });
    return { posted: { kind: "unknown", sentAt, lookup }, error };
  }
  attempt.keep();
  const { summary, callIds, callTo, batchId, campaignId } = plan.summarize(created.record);
  return {
    posted: {
      kind: "placed",
      sentAt,
      summary,
      callIds,
      ...(callTo ? { callTo } : {}),
      ...(batchId ? { batchId } : {}),
      ...(campaignId ? { campaignId } : {}),
    },
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
