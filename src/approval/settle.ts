/**
 * The end of a wait on the approval page (reached through the client's link or
 * opened by the server): a decision becomes a verdict, and an approval is
 * consumed here, in the same step, so it allows exactly one dial.
 */
import type { ApprovalCallContext, ApprovalVerdict } from "./channel.js";
import type { ApprovalRecord } from "../state/store.js";
import type { ApprovalDesk, PageVia } from "./desk.js";
import { attestedOf } from "./attestation.js";

/** Progress while a person decides: often enough that clients which reset their timeout on progress keep waiting. */
export const PROGRESS_EVERY_MS = 5_000;

export async function awaitDecision(
  desk: ApprovalDesk,
  id: string,
  via: PageVia,
  ctx: ApprovalCallContext,
  /** The progress message: where the person is being asked (never the link). */
  where: string,
): Promise<ApprovalVerdict> {
  const end = await desk.wait(id, {
    waitMs: ctx.waitMs,
    signal: ctx.signal,
    tickMs: PROGRESS_EVERY_MS,
    tick: (waited) =>
      ctx.progress({
        progress: Math.round(waited / 1000),
        total: Math.round(ctx.waitMs / 1000),
        message: `Waiting for a person to approve or decline ${where}; nothing is dialed until they approve.`,
      }),
  });
  return verdictOf(desk, id, via, end);
}

async function verdictOf(
  desk: ApprovalDesk,
  id: string,
  via: PageVia,
  end: Awaited<ReturnType<ApprovalDesk["wait"]>>,
): Promise<ApprovalVerdict> {
  switch (end) {
    case "approved": {
      const record = await desk.get(id);
      if (!record) return forged(via);
      if (await desk.consume(id)) return approvedVerdict(desk, record, via);
      return {
        kind: "declined",
        via,
        why: "expired",
        detail: "the approval was used by another identical call, or ran out of time, before this one could use it",
      };
    }
    case "declined":
      return { kind: "declined", via, why: "declined" };
    case "used":
      return { kind: "declined", via, why: "expired", detail: "the approval was already used for its one dial" };
    case "forged":
      return forged(via);
    case "expired":
    case "gone":
      return { kind: "declined", via, why: "expired", detail: "nobody decided before the approval ran out of time" };
    case "timeout":
    case "aborted": {
      const record = await desk.get(id);
      return { kind: "pending", via, expiresAt: record?.expiresAt ?? desk.now() };
    }
  }
}

/**
 * The verdict of an approval just consumed: its one dial goes with the key derived from the approval's id, so a
 * replay of this approval from shared state re-sends the same key (docs/safety.md).
 */
export function approvedVerdict(
  desk: ApprovalDesk,
  record: Pick<ApprovalRecord, "id" | "decidedBy" | "attested">,
  via: PageVia,
): ApprovalVerdict {
  const attested = attestedOf(record.attested);
  return {
    kind: "approved",
    via,
    idempotencyKey: desk.dialKeyOf(`approval:${record.id}`),
    ...(record.decidedBy ? { approver: record.decidedBy } : {}),
    ...(attested ? { attested } : {}),
  };
}

/** A decision the server did not make (desk.ts `forged`): refused, nothing dialed, and no approver named. */
function forged(via: PageVia): ApprovalVerdict {
  return {
    kind: "declined",
    via,
    why: "expired",
    detail:
      "the approval's record in the shared state was changed by something other than this server, so it is not honoured",
  };
}
