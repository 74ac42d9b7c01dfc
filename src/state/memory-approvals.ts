/**
 * ApprovalStore in process memory (one process: stdio, or one --http replica).
 * A record whose time ran out (expiresAt) can be neither decided nor consumed,
 * nor found open; records are dropped a while after they expire, and the count is
 * bounded in records and in bytes (a batch's view can weigh half a megabyte, and
 * over --http any client may ask for approvals), so nothing grows without limit.
 * Every method is synchronous inside,
 * so each transition (pending -> decided -> used) happens at most once.
 * On top of the global bound, each client may hold only its share of pending
 * approvals (APPROVAL_BOUNDS_PER_CLIENT): past it, its next one is refused, never
 * another client's pushed out.
 */
import { afterCursor, compareCreation } from "./inbox-order.js";
import {
  APPROVAL_BOUNDS_PER_CLIENT,
  ApprovalBoundError,
  type ApprovalRecord,
  type ApprovalStore,
  type InboxPage,
  type InboxQuery,
} from "./store.js";

/** How long an expired or finished record stays readable (a page reload still says what happened). */
const KEEP_AFTER_MS = 60 * 60_000;
/** The most records kept; the oldest go first. Far above any pending count a person could read. */
const MAX_RECORDS = 10_000;
/**
 * The most view content kept (as JSON): about 30 approvals of 60-row batches with full metadata, or 10,000 of
 * single calls. Without it one client within its rate limit could keep gigabytes (60 batches a minute, each kept
 * for the approval's lifetime and an hour after).
 */
export const MAX_APPROVAL_BYTES = 16 * 1024 * 1024;

export class MemoryApprovals implements ApprovalStore {
  private readonly records = new Map<string, ApprovalRecord>();
  /** Each record's light record (what the inbox lists), kept beside it. */
  private readonly summaries = new Map<string, Record<string, unknown>>();
  /** Each record's view, as JSON bytes, and their sum. */
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(
    private readonly maxRecords = MAX_RECORDS,
    private readonly maxBytes = MAX_APPROVAL_BYTES,
    private readonly perClient: { count: number; bytes: number } = APPROVAL_BOUNDS_PER_CLIENT,
  ) {}

  async create(record: ApprovalRecord): Promise<void> {
    if (this.records.has(record.id)) throw new Error(`approval ${record.id} exists already`);
    const size = Buffer.byteLength(JSON.stringify(record.view) ?? "", "utf8");
    if (record.status === "pending" && record.client !== undefined)
      this.checkShare(record.client, record.createdAt, size);
    this.prune(record.createdAt, size);
    const { summary, ...full } = record;
    this.records.set(record.id, full);
    if (summary) this.summaries.set(record.id, summary);
    this.sizes.set(record.id, size);
    this.bytes += size;
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

  async listPending(now: number, query: InboxQuery): Promise<InboxPage> {
    const pending = [...this.records.values()].filter((r) => r.status === "pending" && r.expiresAt > now);
    const sign = query.order === "newest" ? -1 : 1;
    const page = pending
      .filter((r) => afterCursor(r, query))
      .sort((a, b) => sign * compareCreation(a, b))
      .slice(0, Math.max(0, Math.floor(query.size)) + 1);
    const shown = page.slice(0, Math.max(0, Math.floor(query.size)));
    const last = shown.at(-1);
    return {
      entries: shown.map((r) => ({ id: r.id, createdAt: r.createdAt, summary: this.summaries.get(r.id) })),
      total: pending.length,
      ...(page.length > shown.length && last ? { next: { createdAt: last.createdAt, id: last.id } } : {}),
    };
  }

  async decide(
    id: string,
    decision: "approved" | "declined",
    by: string,
    now: number,
    seal?: string,
    attested?: string,
  ): Promise<boolean> {
    const record = this.records.get(id);
    if (!record || record.status !== "pending" || record.expiresAt <= now) return false;
    record.status = decision;
    record.decidedAt = now;
    record.decidedBy = by;
    if (seal !== undefined) record.decisionSeal = seal;
    if (attested !== undefined) record.attested = attested;
    return true;
  }

  async consume(id: string, now: number): Promise<boolean> {
    const record = this.records.get(id);
    if (!record || record.status !== "approved" || record.expiresAt <= now) return false;
    record.status = "used";
    return true;
  }

  /** Throws if `client`'s waiting approvals, with one more of `size` bytes, would pass its share. */
  private checkShare(client: string, now: number, size: number): void {
    let count = 0;
    let bytes = size;
    for (const [id, r] of this.records) {
      if (r.client !== client || r.status !== "pending" || r.expiresAt <= now) continue;
      count += 1;
      bytes += this.sizes.get(id) ?? 0;
    }
    if (count >= this.perClient.count) throw new ApprovalBoundError("count", client);
    if (bytes > this.perClient.bytes) throw new ApprovalBoundError("bytes", client);
  }

  /** Makes room for one more record of `size` bytes. */
  private prune(now: number, size: number): void {
    for (const [id, record] of this.records) {
      if (record.expiresAt + KEEP_AFTER_MS <= now) this.drop(id);
    }
    const full = () =>
      this.records.size > 0 && (this.records.size >= this.maxRecords || this.bytes + size > this.maxBytes);
    // Map keeps insertion order: the first entries are the oldest. Records nobody can use any more go first
    // (they only say what happened); then the oldest open ones (a dial waiting on one is then refused as
    // expired: nothing dialed, the person is asked again).
    for (const [id, record] of this.records) {
      if (!full()) return;
      if (record.status === "used" || record.status === "declined" || record.expiresAt <= now) this.drop(id);
    }
    for (const id of this.records.keys()) {
      if (!full()) return;
      this.drop(id);
    }
  }

  private drop(id: string): void {
    this.records.delete(id);
    this.summaries.delete(id);
    this.bytes -= this.sizes.get(id) ?? 0;
    this.sizes.delete(id);
  }
}
