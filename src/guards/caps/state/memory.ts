/**
 * Dial caps in process memory: dials in any hour (batch rows each count) and
 * dials to one number in any 24 hours, as sliding windows. A check and its
 * reservation happen in one synchronous step, so concurrent tool calls cannot
 * slip past a cap together. Rebuilt from the audit log at start (seed).
 */
import { flat } from "../../../state/compact.js";
import { CAP_NUMBER_RETENTION_MS, type CapLedger, type CapLimits, type CapVerdict } from "./store.js";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

interface Dial {
  at: number;
  to: string;
  reservation?: string;
}

export class MemoryCapLedger implements CapLedger {
  private dials: Dial[] = [];
  /** How long dials are kept: a day, or the longest law limit's window asked about (up to 31 days). */
  private retainMs = DAY;
  /** Reservations of a taken-over dial that count nothing themselves: the reservation whose rows they stand for. */
  private readonly standsFor = new Map<string, string>();
  /** Set at start when no cap and no law limit is in force: nothing can ask for a count, so no dial is kept. */
  private countsNothing = false;

  /**
   * No cap and no per-number limit of the law is in force in this process (they are set at start, never after):
   * every verdict is a pass, so the dials are not kept. A limit asked for later is refused (thrown): its count
   * would start from nothing.
   */
  countNothing(): void {
    this.countsNothing = true;
    this.dials = [];
    this.standsFor.clear();
  }

  /** Keeps each dial at least `ms` (a law limit's window, up to 31 days): set before seed() so nothing is trimmed early. */
  keepFor(ms: number): void {
    this.retainMs = Math.max(this.retainMs, Math.min(ms, CAP_NUMBER_RETENTION_MS));
  }

  /** Past dials (from the audit log). */
  seed(past: ReadonlyArray<{ at: number; to: string }>): void {
    if (this.countsNothing) return;
    // One push at a time: push(...past) passes every dial as an argument, past the stack at about 120,000 (a log's month).
    for (const d of past) this.dials.push({ at: d.at, to: d.to });
    this.dials.sort((a, b) => a.at - b.at);
  }

  async check(numbers: string[], now: number, limits: CapLimits, countedAs?: string): Promise<CapVerdict> {
    if (this.uncounted(limits)) return { ok: true };
    if (this.counted(countedAs) !== undefined) return { ok: true };
    return this.verdict(numbers, now, limits);
  }

  async reserve(
    reservationId: string,
    numbers: string[],
    now: number,
    limits: CapLimits,
    countedAs?: string,
  ): Promise<CapVerdict> {
    if (this.uncounted(limits)) return { ok: true };
    const rows = this.counted(countedAs);
    if (rows !== undefined) {
      this.standsFor.set(reservationId, rows);
      return { ok: true };
    }
    const verdict = this.verdict(numbers, now, limits);
    if (verdict.ok) {
      // Kept flat: a reservation is its claim's key and owner joined, a tree of pieces as built.
      const reservation = flat(reservationId);
      for (const to of numbers) this.dials.push({ at: now, to, reservation });
    }
    return verdict;
  }

  async release(reservationId: string): Promise<void> {
    // One that stands for a dead owner's rows takes nothing back: that owner may have dialed.
    if (this.standsFor.delete(reservationId)) return;
    this.dials = this.dials.filter((d) => d.reservation !== reservationId);
  }

  /** True when this ledger keeps nothing (countNothing); throws when a limit is asked of it all the same. */
  private uncounted(limits: CapLimits): boolean {
    if (!this.countsNothing) return false;
    if (limits.perHour === undefined && limits.perNumberPerDay === undefined && !limits.perNumberLaw?.size) return true;
    throw new Error("the caps were started with no limit in force, so they kept no count; a limit cannot be counted");
  }

  /** The reservation whose rows count the dial `countedAs` named, if they are still counted. */
  private counted(countedAs: string | undefined): string | undefined {
    if (countedAs === undefined) return undefined;
    const rows = this.standsFor.get(countedAs) ?? countedAs;
    return this.dials.some((d) => d.reservation === rows) ? rows : undefined;
  }

  private verdict(numbers: readonly string[], now: number, limits: CapLimits): CapVerdict {
    for (const laws of limits.perNumberLaw?.values() ?? [])
      for (const l of laws) this.retainMs = Math.max(this.retainMs, Math.min(l.windowMs, CAP_NUMBER_RETENTION_MS));
    // Entries stamped in the future (a restart with a clock set back) still count: the safe direction.
    if (this.dials.length > 0 && this.dials[0]!.at <= now - this.retainMs) {
      this.dials = this.dials.filter((d) => d.at > now - this.retainMs);
      const live = new Set(this.dials.map((d) => d.reservation));
      for (const [id, rows] of this.standsFor) if (!live.has(rows)) this.standsFor.delete(id);
    }
    if (limits.perHour !== undefined) {
      const recent = this.dials
        .filter((d) => d.at > now - HOUR)
        .map((d) => d.at)
        .sort((a, b) => a - b);
      const over = recent.length + numbers.length - limits.perHour;
      if (over > 0)
        return { ok: false, rule: "dials_per_hour", recent: recent.length, freeAt: freeAt(recent, over, HOUR, now) };
    }
    // The law's limits before the operator's per-number cap: a refusal then names the law it keeps.
    if (limits.perNumberLaw && limits.perNumberLaw.size > 0) {
      const refused: Array<{ number: string; law: string; past: number; freeAt: number }> = [];
      for (const [number, laws] of limits.perNumberLaw) {
        const count = numbers.filter((n) => n === number).length;
        if (count === 0) continue;
        for (const law of laws) {
          const since = now - Math.min(law.windowMs, CAP_NUMBER_RETENTION_MS);
          const past = this.dials
            .filter((d) => d.to === number && d.at > since)
            .map((d) => d.at)
            .sort((a, b) => a - b);
          const over = past.length + count - law.limit;
          if (over > 0) {
            refused.push({ number, law: law.id, past: past.length, freeAt: freeAt(past, over, now - since, now) });
            break;
          }
        }
      }
      if (refused.length > 0) return { ok: false, rule: "law_frequency", numbers: refused };
    }
    if (limits.perNumberPerDay !== undefined) {
      const wanted = new Map<string, number>();
      for (const to of numbers) wanted.set(to, (wanted.get(to) ?? 0) + 1);
      const refused: Array<{ number: string; past: number; freeAt: number }> = [];
      for (const [number, count] of wanted) {
        const past = this.dials
          .filter((d) => d.to === number && d.at > now - DAY)
          .map((d) => d.at)
          .sort((a, b) => a - b);
        const over = past.length + count - limits.perNumberPerDay;
        if (over > 0) refused.push({ number, past: past.length, freeAt: freeAt(past, over, DAY, now) });
      }
      if (refused.length > 0) return { ok: false, rule: "dials_per_number_per_day", numbers: refused };
    }
    return { ok: true };
  }
}

/** When `over` of the sorted past dials have aged out of the window (now, if there are not that many). */
function freeAt(sorted: readonly number[], over: number, windowMs: number, now: number): number {
  const last = sorted[Math.min(over, sorted.length) - 1];
  return last === undefined ? now : last + windowMs;
}
