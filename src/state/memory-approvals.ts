/**
 * ApprovalStore in process memory (one process: stdio, or one --http replica).
 * A record whose time ran out (expiresAt) can be neither decided nor consumed,
 * nor found open; records are dropped a while after they expire, and the count is
 * bounded, so nothing grows without limit. Every method is synchronous inside,
 * so each transition (pending -> decided -> used) happens at most once.
 */
import type { ApprovalRecord, ApprovalStore } from "./store.js";

/** How long an expired or finished record stays readable (a page reload still says what happened). */
const KEEP_AFTER_MS = 60 * 60_000;
/** The most records kept; the oldest go first. Far above any pending count a person could read. */
const MAX_RECORDS = 10_000;

export class MemoryApprovals implements ApprovalStore {
  private readonly records = new Map<string, ApprovalRecord>();

  constructor(private readonly maxRecords = MAX_RECORDS) {}

  async create(record: ApprovalRecord): Promise<void> {
    if (this.records.has(record.id)) throw new Error(`approval ${record.id} exists already`);
    this.prune(record.createdAt);
    this.records.set(record.id, { ...record });
  }

  async get(id: string): Promise<ApprovalRecord | undefined> {
    // As stored: whether its time ran out is for the reader to judge against its own clock (expiresAt).
    const record = this.records.get(id);
    return record ? { ...record } : undefined;
  }

  async findOpen(requestKey: string, now: number): Promise<ApprovalRecord | undefined> {
    let newest: ApprovalRecord | undefined;
    for (const record of this.records.values()) {
      if (record.requestKey !== requestKey || record.expiresAt <= now) continue;
      if (record.status !== "pending" && record.status !== "approved") continue;
      if (!newest || record.createdAt >= newest.createdAt) newest = record;
    }
    return newest ? { ...newest } : undefined;
  }

  async listPending(now: number, limit: number): Promise<ApprovalRecord[]> {
    return [...this.records.values()]
      .filter((r) => r.status === "pending" && r.expiresAt > now)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit)
      .map((r) => ({ ...r }));
  }

  async decide(id: string, decision: "approved" | "declined", by: string, now: number): Promise<boolean> {
    const record = this.records.get(id);
    if (!record || record.status !== "pending" || record.expiresAt <= now) return false;
    record.status = decision;
    record.decidedAt = now;
    record.decidedBy = by;
    return true;
  }

  async consume(id: string, now: number): Promise<boolean> {
    const record = this.records.get(id);
    if (!record || record.status !== "approved" || record.expiresAt <= now) return false;
    record.status = "used";
    return true;
  }

  private prune(now: number): void {
    for (const [id, record] of this.records) {
      if (record.expiresAt + KEEP_AFTER_MS <= now) this.records.delete(id);
    }
    // Map keeps insertion order: the first entries are the oldest.
    while (this.records.size >= this.maxRecords) {
      const oldest = this.records.keys().next().value;
      if (oldest === undefined) break;
      this.records.delete(oldest);
    }
  }
}
