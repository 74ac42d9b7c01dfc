/**
 * Seals on approvals, so that shared state cannot say yes for a person. An
 * approval is sealed when the desk opens it (its id, request, secret hash,
 * view and times) and again when the desk records a decision (approved or
 * declined, by whom, when). The key is the state key (state/state-key.ts): the
 * servers hold it, Redis does not. A record whose seals do not check out was
 * written by something else (a write to Redis): it is never honoured, and its
 * decision is never audited.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { keyedUuid } from "../state/state-key.js";
import type { ApprovalRecord } from "../state/store.js";
import { summaryParts, type InboxSummary, type SealedSummary } from "./inbox-summary.js";

export class ApprovalSeals {
  /** `key` is asked for on the first seal (state/state-key.ts stateKeyOnFirstUse). */
  constructor(private readonly key: () => Buffer) {}

  /** The seal of what the desk opened (fixed for the approval's life). */
  ofRecord(
    r: Pick<ApprovalRecord, "id" | "requestKey" | "tool" | "secretHash" | "view" | "createdAt" | "expiresAt">,
  ): string {
    return this.mac([
      "record",
      r.id,
      r.requestKey,
      r.tool,
      r.secretHash,
      JSON.stringify(r.view),
      String(r.createdAt),
      String(r.expiresAt),
    ]);
  }

  /** The seal of an approval's light record (inbox-summary.ts), over every field it lists. */
  ofSummary(summary: InboxSummary): string {
    return this.mac(["summary", ...summaryParts(summary)]);
  }

  /** Did a server write this light record, for approval `id`? */
  authenticSummary(summary: SealedSummary, id: string): boolean {
    return summary.id === id && same(summary.seal, this.ofSummary(summary));
  }

  /** The seal of a decision on approval `id`, with what the approver attested (attestation.ts), if anything. */
  ofDecision(id: string, decision: "approved" | "declined", by: string, at: number, attested?: string): string {
    return this.mac([
      "decision",
      id,
      decision,
      by,
      String(at),
      ...(attested !== undefined ? ["attested", attested] : []),
    ]);
  }

  /**
   * The Idempotency-Key of the one dial a single-use yes allows (`use`: "approval:<id>", "input-state:<id>"),
   * shaped as a UUID (version 8: derived, not random). The same yes always gives the same key, on every replica:
   * a yes replayed from shared state (a used approval set back to approved) re-sends the first dial's key, and the
   * service answers it with the first call instead of placing a second (docs/safety.md).
   */
  dialKey(use: string): string {
    return keyedUuid(this.key(), `dial idempotency key.${use}`);
  }

  /**
   * Did this server (or a replica with the same key) write this record and, if it is decided, its decision?
   * `id`: the id it was looked up by.
   */
  authentic(record: ApprovalRecord, id: string = record.id): boolean {
    if (record.id !== id || !same(record.seal, this.ofRecord(record))) return false;
    if (record.status === "pending" || record.status === "expired")
      return record.decisionSeal === undefined && record.decidedBy === undefined && record.attested === undefined;
    // A used approval was approved first; its decision seal is that of the approval.
    const decision = record.status === "declined" ? "declined" : "approved";
    if (record.decidedBy === undefined || record.decidedAt === undefined) return false;
    return same(
      record.decisionSeal,
      this.ofDecision(record.id, decision, record.decidedBy, record.decidedAt, record.attested),
    );
  }

  private mac(parts: string[]): string {
    const h = createHmac("sha256", this.key());
    // Length-prefixed, so no two lists of parts hash alike.
    for (const part of parts) h.update(`${Buffer.byteLength(part, "utf8")}:`).update(part, "utf8");
    return h.digest("base64url");
  }
}

function same(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
