import { agentsForKey, type StoredAgent } from "./agents.js";
import { statusAt, type StoredCall } from "./call-record.js";
import { IdempotencyStore } from "./idempotency.js";
import { TERMINAL_STATUSES } from "./lifecycle.js";

/** Everything one API key owns. Nothing here is reachable from another key. */
export class Account {
  readonly agents: StoredAgent[];
  readonly agentsById: Map<string, StoredAgent>;
  balanceCents: number;
  /** In creation order; lists read it backwards for newest first. */
  readonly calls: StoredCall[] = [];
  readonly callsById = new Map<string, StoredCall>();
  readonly idempotency = new IdempotencyStore();
  /** Calls that were not terminal at the last look; pruned on each count so the check stays cheap. */
  private readonly open = new Set<StoredCall>();
  /** Calls created per UTC month, keyed "YYYY-MM". */
  private readonly monthly = new Map<string, number>();

  constructor(apiKey: string, agentCount: number, startingBalanceCents: number) {
    this.agents = agentsForKey(apiKey, agentCount);
    this.agentsById = new Map(this.agents.map((agent) => [agent.record.id, agent]));
    this.balanceCents = startingBalanceCents;
  }

  openCallCount(nowMs: number, speed: number | "instant"): number {
    for (const call of this.open) {
      if (TERMINAL_STATUSES.has(statusAt(call, nowMs, speed))) this.open.delete(call);
    }
    return this.open.size;
  }

  callsThisMonth(nowMs: number): number {
    return this.monthly.get(monthKey(nowMs)) ?? 0;
  }

  add(call: StoredCall, nowMs: number): void {
    this.calls.push(call);
    this.callsById.set(call.id, call);
    this.open.add(call);
    const month = monthKey(nowMs);
    this.monthly.set(month, (this.monthly.get(month) ?? 0) + 1);
    this.balanceCents -= call.costCents;
  }
}

function monthKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** Accounts are created on a key's first valid use. */
export class AccountStore {
  private readonly accounts = new Map<string, Account>();

  constructor(
    private readonly agentCount: number,
    private readonly startingBalanceCents: number,
  ) {}

  get(apiKey: string): Account {
    let account = this.accounts.get(apiKey);
    if (account === undefined) {
      account = new Account(apiKey, this.agentCount, this.startingBalanceCents);
      this.accounts.set(apiKey, account);
    }
    return account;
  }
}
