/**
 * The approvals desk: opens an approval for one exact request (requestKey), with
 * a one-time secret whose hash alone is stored; lets the page decide it (with
 * the secret, or as a logged-in approver); waits for the decision; consumes an
 * approval for the one dial it allows. All state goes through ApprovalStore, so
 * a decision taken on one replica is seen by a tool call waiting on another
 * (polled), and at once in the same process (woken).
 */
import type { ApprovalRecord, ApprovalStore } from "../state/store.js";
import type { ConsentRequest, ConsentView, ConsentVia } from "./channel.js";
import { storedViewSchema } from "./view-schema.js";
import { hashSecret, ID_PATTERN, newId, newSecret, SECRET_PATTERN, secretMatches } from "./secrets.js";

/** How the page reached the person; kept with the view so a repeat of the call reports the same channel. */
export type PageVia = Exclude<ConsentVia, "client_form" | "client_input">;
export type StoredView = ConsentView & { via: PageVia };

export type WaitEnd = "approved" | "declined" | "expired" | "used" | "gone" | "timeout" | "aborted";

/** How often a waiting tool call looks at the store (another replica may have decided). */
const POLL_MS = 500;

export interface ApprovalDeskOptions {
  approvals: ApprovalStore;
  /** The guards' clock (epoch ms). */
  now: () => number;
  /** How long an approval may be decided and then used. */
  ttlMs: number;
}

export class ApprovalDesk {
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(private readonly options: ApprovalDeskOptions) {}

  now(): number {
    return this.options.now();
  }

  get ttlMs(): number {
    return this.options.ttlMs;
  }

  /** A new pending approval for exactly this request; the secret is returned once and never stored. */
  async open(request: ConsentRequest, via: PageVia): Promise<{ record: ApprovalRecord; secret: string }> {
    const secret = newSecret();
    const now = this.now();
    const view: StoredView = { ...request.view, via };
    const record: ApprovalRecord = {
      id: newId(),
      requestKey: request.requestKey,
      tool: request.view.tool,
      secretHash: hashSecret(secret),
      view: { ...view },
      createdAt: now,
      expiresAt: now + this.options.ttlMs,
      status: "pending",
    };
    await this.options.approvals.create(record);
    return { record, secret };
  }

  findOpen(requestKey: string): Promise<ApprovalRecord | undefined> {
    return this.options.approvals.findOpen(requestKey, this.now());
  }

  /** The record, if `id` has the shape of ours (anything else is not looked up). */
  async get(id: string): Promise<ApprovalRecord | undefined> {
    return ID_PATTERN.test(id) ? this.options.approvals.get(id) : undefined;
  }

  /** The record if `secret` is its link's secret; undefined for any wrong id or secret alike. */
  async withSecret(id: string, secret: string): Promise<ApprovalRecord | undefined> {
    if (!SECRET_PATTERN.test(secret)) return undefined;
    const record = await this.get(id);
    return record && secretMatches(secret, record.secretHash) ? record : undefined;
  }

  listPending(limit: number): Promise<ApprovalRecord[]> {
    return this.options.approvals.listPending(this.now(), limit);
  }

  /** pending -> approved/declined, once. */
  async decide(id: string, decision: "approved" | "declined", by: string): Promise<boolean> {
    const done = await this.options.approvals.decide(id, decision, by, this.now());
    if (done) this.wake(id);
    return done;
  }

  /** approved -> used: the one dial this approval allows. */
  consume(id: string): Promise<boolean> {
    return this.options.approvals.consume(id, this.now());
  }

  /** The status a reader must see now: pending or approved past its time is expired. */
  statusOf(record: ApprovalRecord): ApprovalRecord["status"] {
    const open = record.status === "pending" || record.status === "approved";
    return open && record.expiresAt <= this.now() ? "expired" : record.status;
  }

  /**
   * Waits until the approval is decided, expires, or `waitMs` passes; `tick` is called about every
   * `tickMs` with the time waited (for progress notifications).
   */
  async wait(id: string, options: { waitMs: number; signal: AbortSignal; tickMs: number; tick: (waitedMs: number) => Promise<void> }): Promise<WaitEnd> {
    const started = Date.now();
    let nextTick = 0;
    for (;;) {
      const record = await this.options.approvals.get(id);
      if (!record) return "gone";
      const status = this.statusOf(record);
      if (status !== "pending") return status === "approved" || status === "declined" || status === "expired" || status === "used" ? status : "gone";
      const waited = Date.now() - started;
      if (options.signal.aborted) return "aborted";
      if (waited >= options.waitMs) return "timeout";
      if (waited >= nextTick) {
        await options.tick(waited);
        nextTick = waited + options.tickMs;
      }
      const untilExpiry = Math.max(0, record.expiresAt - this.now());
      await this.sleep(id, Math.min(POLL_MS, options.waitMs - waited, untilExpiry + 1, Math.max(1, nextTick - waited)), options.signal);
    }
  }

  private sleep(id: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      let set = this.waiters.get(id);
      if (!set) this.waiters.set(id, (set = new Set()));
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        set.delete(done);
        if (set.size === 0) this.waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener("abort", done, { once: true });
      set.add(done);
    });
  }

  private wake(id: string): void {
    for (const done of [...(this.waiters.get(id) ?? [])]) done();
  }
}

/** The view stored with an approval, as the page renders it; undefined if the store gave back something else. */
export function storedView(record: ApprovalRecord): StoredView | undefined {
  const parsed = storedViewSchema.safeParse(record.view);
  return parsed.success ? parsed.data : undefined;
}
