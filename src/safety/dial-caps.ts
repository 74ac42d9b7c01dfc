/**
 * Caps on dialing: dials in any hour (batch rows counted) and dials to one
 * number in any 24 hours. Sliding windows in memory; rebuilt from the audit log
 * at start when there is one. A check and its reservation happen in the same
 * synchronous step, so concurrent tool calls cannot slip past a cap together.
 */
import { whenText } from "./time-text.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface CapLimits {
  /** undefined = no cap. */
  perHour: number | undefined;
  perNumberPerDay: number | undefined;
}

interface Dial {
  at: number;
  to: string;
  /** Set while the dial is reserved but not yet known to be placed. */
  reservation?: number;
}

export type CapRefusal =
  | { rule: "dials_per_hour"; reason: string }
  | { rule: "dials_per_number_per_day"; rows: Array<{ index: number; reason: string }> };

export class DialCaps {
  private dials: Dial[] = [];
  private nextReservation = 1;

  constructor(private readonly limits: CapLimits) {}

  /** Past dials (from the audit log), oldest first or not. */
  load(past: Array<{ at: number; to: string }>): void {
    this.dials.push(...past.map((d) => ({ at: d.at, to: d.to })));
    this.dials.sort((a, b) => a.at - b.at);
  }

  /** Why these dials may not go now, or undefined. `numbers` are the rows' E.164 numbers in order. */
  check(numbers: readonly string[], now: number): CapRefusal | undefined {
    this.prune(now);
    const { perHour, perNumberPerDay } = this.limits;
    if (perHour !== undefined) {
      const recent = this.dials.filter((d) => d.at > now - HOUR).map((d) => d.at);
      if (recent.length + numbers.length > perHour) {
        const what = numbers.length === 1 ? "this dial" : `these ${numbers.length} dials`;
        if (numbers.length > perHour) {
          return {
            rule: "dials_per_hour",
            reason: `${what} are more than OUTBOUND_CALLS_MAX_DIALS_PER_HOUR=${perHour} allows in an hour; split the batch into batches of at most ${perHour} rows`,
          };
        }
        const mustAge = recent.length + numbers.length - perHour;
        const at = (recent[mustAge - 1] ?? now) + HOUR;
        return {
          rule: "dials_per_hour",
          reason: `${recent.length} dial${recent.length === 1 ? "" : "s"} in the last hour; the cap OUTBOUND_CALLS_MAX_DIALS_PER_HOUR=${perHour} leaves room for ${Math.max(0, perHour - recent.length)}, and ${what} may go at ${whenText(at, now)}`,
        };
      }
    }
    if (perNumberPerDay !== undefined) {
      const rows: Array<{ index: number; reason: string }> = [];
      const wanted = new Map<string, number[]>();
      numbers.forEach((to, index) => wanted.set(to, [...(wanted.get(to) ?? []), index]));
      for (const [to, indexes] of wanted) {
        const past = this.dials.filter((d) => d.to === to && d.at > now - DAY).map((d) => d.at);
        if (past.length + indexes.length <= perNumberPerDay) continue;
        const mustAge = past.length + indexes.length - perNumberPerDay;
        const reason =
          indexes.length > perNumberPerDay
            ? `${to} appears ${indexes.length} times, more than OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY=${perNumberPerDay} allows in 24 hours`
            : `${to} was dialed ${past.length} time${past.length === 1 ? "" : "s"} in the last 24 hours (cap OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY=${perNumberPerDay}); it may be dialed again at ${whenText((past[mustAge - 1] ?? now) + DAY, now)}`;
        for (const index of indexes) rows.push({ index, reason });
      }
      if (rows.length > 0) return { rule: "dials_per_number_per_day", rows: rows.sort((a, b) => a.index - b.index) };
    }
    return undefined;
  }

  /** Counts these dials now; `release` takes them back if nothing was dialed. Call right after a passing `check`. */
  reserve(numbers: readonly string[], now: number): { commit(): void; release(): void } {
    const id = this.nextReservation++;
    for (const to of numbers) this.dials.push({ at: now, to, reservation: id });
    return {
      commit: () => {
        for (const d of this.dials) if (d.reservation === id) delete d.reservation;
      },
      release: () => {
        this.dials = this.dials.filter((d) => d.reservation !== id);
      },
    };
  }

  private prune(now: number): void {
    // Entries stamped in the future (a restart with a clock set back) still count: the safe direction.
    if (this.dials.length > 0 && this.dials[0]!.at <= now - DAY) this.dials = this.dials.filter((d) => d.at > now - DAY);
  }
}
