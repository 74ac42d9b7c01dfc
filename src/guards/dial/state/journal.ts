/**
 * What this replica knows of its own dials, in its memory, for as long as Redis
 * remembers them: the claim (owner, lease, Idempotency-Key), the numbers and,
 * once settled, the outcome. A Redis that came back empty (restarted without
 * persistence, or flushed) has forgotten them; the store then writes them back
 * (restoreDial), so the identical retry finds its first dial and its key, and
 * the numbers stay held for the window, on every replica. Bounded in entries.
 */
import type { DialSummary } from "./store.js";

/** The hash fields of a dial (scripts.ts DIAL_FIELDS), as the scripts keep them. */
export interface JournalEntry {
  tool: string;
  numbers: string[];
  start: number;
  idem: string;
  owner: string;
  kind: "in_flight" | "placed" | "unknown";
  /** in_flight: until when the claim holds. */
  lease: number;
  /** placed/unknown: when it was sent. */
  at: number;
  windowMs: number;
  outcome?: { summary: DialSummary; callIds: string[] } | { message: string };
}

const MAX_ENTRIES = 10_000;

export class DialJournal {
  private readonly entries = new Map<string, JournalEntry>();

  claimed(requestKey: string, entry: JournalEntry): void {
    this.entries.delete(requestKey);
    this.entries.set(requestKey, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  renewed(requestKey: string, owner: string, leaseUntil: number): void {
    const e = this.entries.get(requestKey);
    if (e && e.owner === owner && e.kind === "in_flight") e.lease = leaseUntil;
  }

  rekeyed(requestKey: string, owner: string, idem: string): void {
    const e = this.entries.get(requestKey);
    if (e && e.owner === owner && e.kind === "in_flight") e.idem = idem;
  }

  settled(
    requestKey: string,
    owner: string,
    outcome: Pick<JournalEntry, "kind" | "at" | "windowMs" | "outcome">,
  ): void {
    const e = this.entries.get(requestKey);
    if (e && e.owner === owner) Object.assign(e, outcome);
  }

  forget(requestKey: string, owner: string): void {
    if (this.entries.get(requestKey)?.owner === owner) this.entries.delete(requestKey);
  }

  /** The dials still within their window at `now` (the rest are dropped). */
  live(now: number): Array<[string, JournalEntry]> {
    for (const [key, e] of this.entries) if (forgottenAt(e) <= now) this.entries.delete(key);
    return [...this.entries];
  }
}

/** As the scripts' forgottenAt: an unsettled claim a window past its lease, a settled dial a window past its sending. */
export function forgottenAt(e: JournalEntry): number {
  return (e.kind === "in_flight" ? e.lease : e.at) + e.windowMs;
}
