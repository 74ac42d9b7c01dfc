/**
 * No duplicate dials: the same dial (same tool, normalized numbers, agents and
 * fields) repeated within OUTBOUND_CALLS_DEDUPE_WINDOW_S returns the first
 * answer instead of dialing again, and identical calls that arrive while the
 * first is still under way wait for it and share its fate. Remembered are dials
 * that were placed or whose outcome is unknown; a dial that was not placed
 * (refused by the service, declined, never sent) is forgotten at once, so a
 * corrected retry goes through. Only the answer's small summary is kept, and
 * only for the window.
 */
import { createHash } from "node:crypto";
import type { NormalizedCall } from "../validation/call-row.js";

export type Settled<R> =
  | { kind: "placed"; at: number; value: R; callIds: string[] }
  | { kind: "unknown"; at: number; message: string }
  /** The first attempt placed nothing; waiters answer with the same error. */
  | { kind: "not_placed"; error: unknown };

interface Entry<R> {
  startedAt: number;
  settled?: Settled<R>;
  done: Promise<Settled<R>>;
}

export type Claim<R> =
  | { kind: "first"; settle(outcome: Settled<R>): void }
  | { kind: "repeat"; startedAt: number; outcome: Promise<Settled<R>> };

/** A stable text for a value: object keys sorted at every depth. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The identity of a dial: its tool and normalized rows (a batch's rows in any order). */
export function dialKey(tool: string, rows: readonly NormalizedCall[]): string {
  const parts = rows.map(canonicalJson);
  if (rows.length > 1) parts.sort();
  return createHash("sha256").update(`${tool}\n${parts.join("\n")}`).digest("hex");
}

export class DialMemory<R> {
  private readonly entries = new Map<string, Entry<R>>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  get enabled(): boolean {
    return this.windowMs > 0;
  }

  /** What is known about a dial, without claiming it (for dry runs). */
  peek(key: string): { startedAt: number; settled?: Settled<R> } | undefined {
    this.prune();
    return this.entries.get(key);
  }

  /**
   * The first caller of a key gets `first` and must settle it exactly once;
   * later callers within the window get `repeat` and the first one's outcome.
   */
  claim(key: string): Claim<R> {
    if (!this.enabled) return { kind: "first", settle: () => undefined };
    this.prune();
    const existing = this.entries.get(key);
    if (existing) return { kind: "repeat", startedAt: existing.startedAt, outcome: existing.done };
    let resolve!: (outcome: Settled<R>) => void;
    const entry: Entry<R> = { startedAt: this.now(), done: new Promise((r) => (resolve = r)) };
    this.entries.set(key, entry);
    let settledOnce = false;
    return {
      kind: "first",
      settle: (outcome) => {
        if (settledOnce) return;
        settledOnce = true;
        if (outcome.kind === "not_placed") this.entries.delete(key);
        else entry.settled = outcome;
        resolve(outcome);
      },
    };
  }

  private prune(): void {
    const oldest = this.now() - this.windowMs;
    for (const [key, entry] of this.entries) {
      if (entry.settled && entry.settled.kind !== "not_placed" && entry.settled.at <= oldest) this.entries.delete(key);
    }
  }
}
