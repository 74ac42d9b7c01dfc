/**
 * Pending approvals in process memory. Each transition (decide, consume) is
 * one synchronous step, so an approval is decided once and used once. Records
 * are forgotten a while after they expire.
 */
import type { ApprovalRecord, ApprovalStore } from "./store.js";

/** Decided or used approvals are kept this long past their expiry, so a late reader sees what happened. */
const KEEP_AFTER_EXPIRY_MS = 10 * 60_000;

export class MemoryApprovals implements ApprovalStore {
  private readonly records = new Map<string, ApprovalRecord>();

  async create(record: ApprovalRecord): Promise<void> {
    this.prune(record.createdAt);
    this.records.set(record.id, structuredClone(record));
  }

  async get(id: string): Promise<ApprovalRecord | undefined> {
    const record = this.records.get(id);
    return record ? structuredClone(record) : undefined;
  }

  async findOpen(requestKey: string, now: number): Promise<ApprovalRecord | undefined> {
    let newest: ApprovalRecord | undefined;
    for (const r of this.records.values()) {
      if (r.requestKey !== requestKey || r.expiresAt <= now || (r.status !== "pending" && r.status !== "approved")) continue;
      if (!newest || r.createdAt > newest.createdAt) newest = r;
    }
    return newest ? structuredClone(newest) : undefined;
  }

  async listPending(now: number, limit: number): Promise<ApprovalRecord[]> {
    this.prune(now);
    return [...this.records.values()]
      .filter((r) => r.status === "pending" && r.expiresAt > now)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit)
      .map((r) => structuredClone(r));
  }

  async decide(id: string, decision: "approved" | "declined", by: string, now: number): Promise<boolean> {
    const r = this.records.get(id);
    if (!r || r.status !== "pending" || r.expiresAt <= now) return false;
    r.status = decision;
    r.decidedAt = now;
    r.decidedBy = by;
    return true;
  }

  async consume(id: string, now: number): Promise<boolean> {
    const r = this.records.get(id);
    if (!r || r.status !== "approved" || r.expiresAt <= now) return false;
    r.status = "used";
    return true;
  }

  private prune(now: number): void {
    for (const [id, r] of this.records) if (r.expiresAt + KEEP_AFTER_EXPIRY_MS <= now) this.records.delete(id);
  }
}
