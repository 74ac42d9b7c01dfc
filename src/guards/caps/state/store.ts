/** The caps' slice of the guard store (src/guards/store/store.ts): dials counted per hour and per number, reserved before the POST and settled after. */

export interface CapLimits {
  /** undefined = no cap. */
  perHour: number | undefined;
  perNumberPerDay: number | undefined;
  /**
   * Limits the law of the place called sets per number (src/guards/law/check.ts): at most `limit` dials
   * of the number in any `windowMs` (up to 31 days), each named by its rule `id`. Counted with the same dials.
   */
  perNumberLaw?: ReadonlyMap<string, ReadonlyArray<LawLimit>>;
}

export interface LawLimit {
  id: string;
  limit: number;
  windowMs: number;
}

/** How long the caps keep each number's dials: the longest window a law limit may have. */
export const CAP_NUMBER_RETENTION_MS = 31 * 24 * 3_600_000;

export type CapVerdict =
  | { ok: true }
  /** `recent`: dials in the last hour; `freeAt`: when enough of them age out for this request (epoch ms). */
  | { ok: false; rule: "dials_per_hour"; recent: number; freeAt: number }
  /** One entry per number over its cap: dials in the last 24 h, and when enough age out. */
  | { ok: false; rule: "dials_per_number_per_day"; numbers: Array<{ number: string; past: number; freeAt: number }> }
  /** One entry per number over a law limit: the limit's id, dials in its window, and when enough age out. */
  | { ok: false; rule: "law_frequency"; numbers: Array<{ number: string; law: string; past: number; freeAt: number }> };

/**
 * `countedAs`: the reservation a dead owner of the same dial made before it died (a takeover, see
 * ClaimResult). While it exists the dial is already counted: check() and reserve() pass without counting it
 * again, and the new reservation stands for the same rows (a later takeover may name it in turn); releasing
 * it takes nothing back (the dead owner may have sent its POST). A dial taken over counts once.
 */
export interface CapLedger {
  /** Would these dials (batch rows each count) pass the caps now? Reserves nothing. */
  check(numbers: string[], now: number, limits: CapLimits, countedAs?: string): Promise<CapVerdict>;
  /** Check and count in one atomic step; `reservationId` names the entries for release(). */
  reserve(
    reservationId: string,
    numbers: string[],
    now: number,
    limits: CapLimits,
    countedAs?: string,
  ): Promise<CapVerdict>;
  /** Takes a reservation back: nothing was dialed. */
  release(reservationId: string): Promise<void>;
}
