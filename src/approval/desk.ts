/**
 * The approvals desk: opens an approval for one exact request (requestKey), with
 * a one-time secret whose hash alone is stored; lets the page decide it (with
 * the secret, or as a logged-in approver); waits for the decision; consumes an
 * approval for the one dial it allows. All state goes through ApprovalStore, so
 * a decision taken on one replica is seen by a tool call waiting on another
 * (polled), and at once in the same process (woken).
 */
import type { ApprovalRecord, ApprovalStore, InboxCursor, InboxQuery } from "../state/store.js";
import { inboxSummary, readSummary, type SealedSummary } from "./inbox-summary.js";
import type { ApprovalRequest, ApprovalView, ApprovalVia } from "./channel.js";
import { ApprovalSeals } from "./seal.js";
import { attestedText, type Attested } from "./attestation.js";
import { storedViewSchema } from "./view-schema.js";
import { hashSecret, ID_PATTERN, newId, newSecret, SECRET_PATTERN, secretMatches } from "./secrets.js";

/** How the page reached the person; kept with the view so a repeat of the call reports the same channel. */
export type PageVia = Exclude<ApprovalVia, "client_form" | "client_input">;
export type StoredView = ApprovalView & { via: PageVia };

/** `forged`: the record or its decision was not written by a server (seal.ts): never honoured. */
export type WaitEnd = "approved" | "declined" | "expired" | "used" | "gone" | "forged" | "timeout" | "aborted";

/** How often a waiting tool call looks at the store (another replica may have decided). */
const POLL_MS = 500;

export interface ApprovalDeskOptions {
  approvals: ApprovalStore;
  /** The guards' clock (epoch ms). */
  now: () => number;
  /** How long an approval may be decided and then used. */
  ttlMs: number;
  /** The state key's share for approvals (state/state-key.ts), asked for on first use: seals every record and decision. */
  sealKey: () => Buffer;
  /** stderr: a record that fails its seal is reported (someone wrote to the shared state). */
  log: (line: string) => void;
}

export class ApprovalDesk {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly seals: ApprovalSeals;
  private readonly reported = new Set<string>();

  constructor(private readonly options: ApprovalDeskOptions) {
    this.seals = new ApprovalSeals(options.sealKey);
  }

  now(): number {
    return this.options.now();
  }

  get ttlMs(): number {
    return this.options.ttlMs;
  }

  /**
   * A new pending approval for exactly this request, on `client`'s share; the secret is returned once and never
   * stored.
   */
  async open(
    request: ApprovalRequest,
    via: PageVia,
    client: string,
  ): Promise<{ record: ApprovalRecord; secret: string }> {
    const secret = newSecret();
    const now = this.now();
    const view: StoredView = { ...request.view, via };
    const fixed = {
      id: newId(),
      requestKey: request.requestKey,
      tool: request.view.tool,
      secretHash: hashSecret(secret),
      view: { ...view },
      createdAt: now,
      expiresAt: now + this.options.ttlMs,
    };
    // The light record the inbox lists, sealed and stored beside the full one (inbox-summary.ts).
    const summary = inboxSummary(fixed, view, client);
    const record: ApprovalRecord = {
      ...fixed,
      status: "pending",
      seal: this.seals.ofRecord(fixed),
      client,
      summary: { ...summary, seal: this.seals.ofSummary(summary) },
    };
    // A client past its share is refused here (ApprovalBoundError): nothing is stored, nobody else's pushed out.
    await this.options.approvals.create(record);
    return { record, secret };
  }

  /**
   * The newest open approval of the request that this server sealed (a forged one is passed over). The request
   * its seal names must be this one: the store's index of a request's approvals is not sealed, and a write to it
   * can list a genuine approval of another call there, or push its unsealed expiry field.
   */
  async findOpen(requestKey: string): Promise<ApprovalRecord | undefined> {
    const record = await this.options.approvals.findOpen(requestKey, this.now());
    if (!record || !this.authentic(record, record.id)) return undefined;
    // The store judged "open" by its own, unsealed expiry field; the sealed expiresAt is the one that counts.
    if (this.statusOf(record) === "expired") return undefined;
    if (record.requestKey === requestKey) return record;
    this.report(
      record.id,
      `approval ${record.id} of another request is listed among this request's approvals in the guard state`,
    );
    return undefined;
  }

  /**
   * The record, if `id` has the shape of ours (anything else is not looked up) and its seals check out: a
   * record or decision written by anything but a server is as good as absent (reported on stderr once).
   */
  async get(id: string): Promise<ApprovalRecord | undefined> {
    if (!ID_PATTERN.test(id)) return undefined;
    const record = await this.options.approvals.get(id);
    return record && this.authentic(record, id) ? record : undefined;
  }

  /** Is the record (and its decision) one a server wrote? Reports the first failure of each id. */
  private authentic(record: ApprovalRecord, id: string): boolean {
    if (this.seals.authentic(record, id)) return true;
    this.report(id, `approval ${id} in the guard state does not carry this server's seal (status ${record.status})`);
    return false;
  }

  /** Says once per id on stderr that the shared state holds what no server wrote there. */
  private report(id: string, what: string): void {
    if (this.reported.has(id)) return;
    if (this.reported.size > 1_000) this.reported.clear();
    this.reported.add(id);
    this.options.log(
      `outbound-calls-mcp: approval: ${what}: something other than a server wrote it; it is not honoured and nothing is dialed on it. ` +
        "Check who can write to Redis.",
    );
  }

  /** The record if `secret` is its link's secret; undefined for any wrong id or secret alike. */
  async withSecret(id: string, secret: string): Promise<ApprovalRecord | undefined> {
    if (!SECRET_PATTERN.test(secret)) return undefined;
    const record = await this.get(id);
    return record && secretMatches(secret, record.secretHash) ? record : undefined;
  }

  /**
   * One page of the inbox: the light records whose seal checks out (any other is reported once and not listed).
   * Opening one (get) reads its full record and checks that record's own seals.
   */
  async listPending(
    query: InboxQuery,
  ): Promise<{ items: SealedSummary[]; next?: InboxCursor | undefined; total: number }> {
    const page = await this.options.approvals.listPending(this.now(), query);
    const items = page.entries.flatMap((entry) => {
      const summary = readSummary(entry.summary);
      if (summary && this.seals.authenticSummary(summary, entry.id)) return [summary];
      this.report(
        entry.id,
        `the inbox entry of approval ${entry.id} in the guard state does not carry this server's seal`,
      );
      return [];
    });
    return { items, next: page.next, total: page.total };
  }

  /** The Idempotency-Key of the one dial a single-use yes allows (seal.ts dialKey): `approval:<id>`, `input-state:<id>`. */
  dialKeyOf(use: string): string {
    return this.seals.dialKey(use);
  }

  /** pending -> approved/declined, once, sealed with what the approver attested (an approval only). */
  async decide(id: string, decision: "approved" | "declined", by: string, attested?: Attested): Promise<boolean> {
    const now = this.now();
    const text = decision === "approved" ? attestedText(attested) : undefined;
    const done = await this.options.approvals.decide(
      id,
      decision,
      by,
      now,
      this.seals.ofDecision(id, decision, by, now, text),
      text,
    );
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
  async wait(
    id: string,
    options: { waitMs: number; signal: AbortSignal; tickMs: number; tick: (waitedMs: number) => Promise<void> },
  ): Promise<WaitEnd> {
    const started = Date.now();
    let nextTick = 0;
    for (;;) {
      const record = await this.options.approvals.get(id);
      if (!record) return "gone";
      if (!this.authentic(record, id)) return "forged";
      const status = this.statusOf(record);
      if (status !== "pending")
        return status === "approved" || status === "declined" || status === "expired" || status === "used"
          ? status
          : "gone";
      const waited = Date.now() - started;
      if (options.signal.aborted) return "aborted";
      if (waited >= options.waitMs) return "timeout";
      if (waited >= nextTick) {
        await options.tick(waited);
        nextTick = waited + options.tickMs;
      }
      const untilExpiry = Math.max(0, record.expiresAt - this.now());
      await this.sleep(
        id,
        Math.min(POLL_MS, options.waitMs - waited, untilExpiry + 1, Math.max(1, nextTick - waited)),
        options.signal,
      );
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
  const parsed = storedViewSchema().safeParse(record.view);
  return parsed.success ? parsed.data : undefined;
}
