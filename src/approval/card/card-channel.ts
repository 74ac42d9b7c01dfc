/**
 * A person's yes on the MCP Apps approval card. Asking opens an approval on the desk
 * (the same store, seals and single-use marks as the page) and ends the tool
 * call at once with a ticket for the card: the approval's id and its one-time
 * secret, carried in the result's `_meta`, which MCP Apps hosts hand to the
 * card and keep out of the model's context. The card decides through the
 * app-only tool (src/mcp/card-tool.ts): the secret must match a pending card
 * approval; approving then runs the original tool once more with a channel
 * bound to that approval, which approves and spends it only for the exact
 * request it was opened for. So one card places at most one dial, on any
 * replica, and a decision without the secret, with a used one, or for another
 * request places none.
 */
import type { ApprovalRecord } from "../../state/store.js";
import type { CardTicket, ApprovalChannel, ApprovalRequest, ApprovalVerdict, ApprovalView } from "../channel.js";
import { storedView, type ApprovalDesk } from "../desk.js";
import { readAttested } from "../attestation.js";

/** Who decided, as the audit log and the approvers' inbox name it. */
export const CARD_APPROVER = "the person, on the approval card";

export function ticketOf(record: ApprovalRecord, view: ApprovalView, secret?: string): CardTicket {
  return {
    approval_id: record.id,
    ...(secret ? { secret } : {}),
    expires_at: new Date(record.expiresAt).toISOString(),
    tool: view.tool,
    view,
  };
}

/** Opens the approval the card shows, and ends the tool call with the card's ticket. */
export function cardChannel(desk: ApprovalDesk): ApprovalChannel {
  return {
    async ask(request: ApprovalRequest, ctx): Promise<ApprovalVerdict> {
      const { record, secret } = await desk.open(request, "app_card", ctx.client);
      return { kind: "card", ticket: ticketOf(record, request.view, secret) };
    },
  };
}

export type CardCheck = { ok: true; record: ApprovalRecord } | { ok: false; why: string };

const NOT_PENDING: Record<string, string> = {
  approved: "it was already approved",
  used: "it was already approved and used for its one dial",
  declined: "it was declined",
  expired: "it ran out of time",
};

/**
 * A decision the card sends, checked before anything is decided: the secret must be the one of a live approval
 * opened for a card (a page link's secret decides nothing here), still pending. Every failure says nothing about
 * which part was wrong beyond what the person needs.
 */
export async function checkCardDecision(desk: ApprovalDesk, id: unknown, secret: unknown): Promise<CardCheck> {
  const record = typeof id === "string" && typeof secret === "string" ? await desk.withSecret(id, secret) : undefined;
  if (!record || storedView(record)?.via !== "app_card") {
    return {
      ok: false,
      why: "Refused: this decision does not carry the secret of a live approval card. Nothing was dialed.",
    };
  }
  const status = desk.statusOf(record);
  if (status !== "pending")
    return {
      ok: false,
      why: `Refused: this approval cannot be decided any more: ${NOT_PENDING[status] ?? status}. Nothing was dialed by this decision.`,
    };
  return { ok: true, record };
}

/**
 * The channel of an Approve on the card: bound to one approval. For the request it was opened for, it decides it
 * (pending -> approved, once, in the store) and spends it (approved -> used, once) in the same step; any other
 * request is refused and leaves the approval pending.
 */
export function approvedOnCard(desk: ApprovalDesk, record: ApprovalRecord, sent?: unknown): ApprovalChannel {
  return {
    async ask(request: ApprovalRequest): Promise<ApprovalVerdict> {
      if (request.requestKey !== record.requestKey) {
        return {
          kind: "refused",
          rule: "approval_card",
          why: "Refused: the card's decision was sent with a request other than the one the card shows. Nothing was dialed.",
        };
      }
      // The basis of consent the card asked for (attestation.ts), read against the view it was opened with.
      const asked = storedView(record)?.attest;
      const given = sent !== null && typeof sent === "object" ? (sent as Record<string, unknown>) : {};
      const attested = readAttested(asked, (field) => given[field]);
      if (!attested)
        return {
          kind: "refused",
          rule: "approval_card",
          why: "Refused: the card's Approve came without the basis of the prior consent it asks the person to attest. Nothing was decided or dialed; choose the basis on the card, or decline.",
        };
      if (!(await desk.decide(record.id, "approved", CARD_APPROVER, attested))) {
        return {
          kind: "refused",
          rule: "approval_card",
          why: "Refused: this approval was decided elsewhere or ran out of time before the card's decision arrived. Nothing was dialed by this decision.",
        };
      }
      if (!(await desk.consume(record.id)))
        return {
          kind: "declined",
          via: "app_card",
          why: "expired",
          detail: "the approval ran out of time before it could be used",
        };
      // Its one dial goes with the key derived from the approval's id, as every stored approval's does (settle.ts).
      return {
        kind: "approved",
        via: "app_card",
        approver: CARD_APPROVER,
        idempotencyKey: desk.dialKeyOf(`approval:${record.id}`),
        ...(asked?.length ? { attested } : {}),
      };
    },
  };
}

/** Decline on the card: pending -> declined, once. False when it was no longer pending. */
export function declineOnCard(desk: ApprovalDesk, record: ApprovalRecord): Promise<boolean> {
  return desk.decide(record.id, "declined", CARD_APPROVER);
}
