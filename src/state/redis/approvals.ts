/** Pending approvals on Redis: each transition is one script (approval-scripts.ts), so decided once, used once. */
import {
  APPROVAL_BOUNDS_PER_CLIENT,
  ApprovalBoundError,
  type ApprovalRecord,
  type ApprovalStore,
  type InboxPage,
  type InboxQuery,
} from "../store.js";
import { APPROVAL_FIELDS, APPROVAL_SCRIPTS } from "./approval-scripts.js";
import type { RedisConnection, ScriptedConnection } from "./connection.js";
import type { Keys } from "./keys.js";
import { clientKeyPart } from "./marks.js";
import { approvalRecord, inboxPage } from "./records.js";

/** Kept this long past expiry so a late reader sees what happened (the same as memory-approvals.ts). */
const KEEP_AFTER_EXPIRY_MS = 10 * 60_000;

export class RedisApprovals implements ApprovalStore {
  private readonly redis: ScriptedConnection<typeof APPROVAL_SCRIPTS>;

  constructor(
    connection: RedisConnection,
    private readonly keys: Keys,
    private readonly perClient: { count: number; bytes: number } = APPROVAL_BOUNDS_PER_CLIENT,
  ) {
    this.redis = connection.scripted(APPROVAL_SCRIPTS);
  }

  async create(record: ApprovalRecord): Promise<void> {
    // The light record goes beside the full one (`lite`), so the inbox never loads `rec`.
    const { status, decidedAt, decidedBy, decisionSeal, summary, ...fixed } = record;
    // A key under the prefix even without a client: every key of a script must land in the prefix's one slot.
    const client = this.keys.approvalsOfClient(clientKeyPart(record.client ?? ""));
    const keys = [
      this.keys.approval(record.id),
      this.keys.approvalsOf(record.requestKey),
      this.keys.pending(),
      this.keys.pendingByExpiry(),
      client,
    ];
    const args = [
      JSON.stringify(fixed),
      status,
      decidedAt === undefined ? "" : String(decidedAt),
      decidedBy ?? "",
      String(record.createdAt),
      String(record.expiresAt),
      record.id,
      String(KEEP_AFTER_EXPIRY_MS),
      decisionSeal ?? "",
      // The same measure as memory-approvals.ts: the view as JSON, in bytes.
      String(Buffer.byteLength(JSON.stringify(record.view) ?? "", "utf8")),
      String(this.perClient.count),
      String(this.perClient.bytes),
      this.keys.prefix,
      record.client === undefined ? "" : "1",
      summary === undefined ? "" : JSON.stringify(summary),
    ];
    const reply = await this.redis.run("the creation of an approval", (c) => c.createApproval(keys, args));
    if (reply === "count" || reply === "bytes") throw new ApprovalBoundError(reply, record.client ?? "");
  }

  get(id: string): Promise<ApprovalRecord | undefined> {
    return this.redis.run("an approval lookup", async (c) => {
      const values = await c.hmGet(this.keys.approval(id), [...APPROVAL_FIELDS]);
      return values[0] === null || values[0] === undefined ? undefined : approvalRecord(values.map((v) => v ?? ""));
    });
  }

  findOpen(requestKey: string, now: number): Promise<ApprovalRecord | undefined> {
    return this.redis.run("an approval lookup", async (c) => {
      const reply = await c.findOpenApproval([this.keys.approvalsOf(requestKey)], [this.keys.prefix, String(now)]);
      return reply === null ? undefined : approvalRecord(reply);
    });
  }

  listPending(now: number, query: InboxQuery): Promise<InboxPage> {
    const after = query.after;
    const args = [
      this.keys.prefix,
      String(now),
      query.order,
      String(Math.max(0, Math.floor(query.size))),
      after ? String(after.createdAt) : "",
      after ? after.id : "",
    ];
    return this.redis.run("a page of pending approvals", async (c) =>
      inboxPage(await c.listPendingApprovals([this.keys.pending(), this.keys.pendingByExpiry()], args)),
    );
  }

  async decide(
    id: string,
    decision: "approved" | "declined",
    by: string,
    now: number,
    seal?: string,
    attested?: string,
  ): Promise<boolean> {
    const keys = [this.keys.approval(id), this.keys.pending(), this.keys.pendingByExpiry()];
    return (
      (await this.redis.run("an approval decision", (c) =>
        c.decideApproval(keys, [decision, by, String(now), id, seal ?? "", attested ?? ""]),
      )) === 1
    );
  }

  async consume(id: string, now: number): Promise<boolean> {
    return (
      (await this.redis.run("the use of an approval", (c) =>
        c.consumeApproval([this.keys.approval(id)], [String(now)]),
      )) === 1
    );
  }
}
