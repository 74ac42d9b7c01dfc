/**
 * The dial caps (OUTBOUND_CALLS_MAX_DIALS_PER_HOUR, …_PER_NUMBER_PER_DAY) with the law's per-number limits: checked
 * before a person is asked, then checked and counted in one atomic step of the store after the yes, under the
 * claim's reservation (taken back if nothing is sent). A claim taken over from a dead owner may be counted already.
 */
import type { CapLimits } from "./state/store.js";
import { refuseOverCap } from "./refusals.js";
import { lawLimits, refuseOverLawLimit } from "../law/frequency.js";
import type { DialAttempt } from "../dial/attempt.js";
import type { Guard } from "../dial/guard.js";
import type { GuardOf, SafetyServices } from "../services.js";

export function capsGuard(s: SafetyServices): Guard {
  const { store, clock } = s;
  const limits = (attempt: DialAttempt): CapLimits => {
    const perNumberLaw = lawLimits(s.law, attempt.rows);
    return {
      perHour: s.settings.maxDialsPerHour,
      perNumberPerDay: s.settings.maxDialsPerNumberPerDay,
      ...(perNumberLaw ? { perNumberLaw } : {}),
    };
  };
  return {
    async check(attempt) {
      const caps = limits(attempt);
      // No cap and no law limit: no verdict to ask Redis for; the reservation after the yes still counts the dial.
      if (unlimited(caps)) {
        if (attempt.dryRun) attempt.checks.push("caps: within the dials-per-hour and per-number limits");
        return;
      }
      const verdict = await store.caps.check([...attempt.numbers], clock.now(), caps, attempt.claim?.countedAs);
      refuseOverLawLimit(verdict, attempt.numbers, s.law, clock.now());
      refuseOverCap(verdict, attempt.numbers, caps, clock.now());
      if (attempt.dryRun) attempt.checks.push("caps: within the dials-per-hour and per-number limits");
    },
    async commit(attempt) {
      const claim = attempt.claim;
      if (!claim) return;
      const caps = limits(attempt);
      const id = claim.reservation;
      const verdict = await store.caps.reserve(id, [...attempt.numbers], clock.now(), caps, claim.countedAs);
      if (verdict.ok) attempt.hold(() => store.caps.release(id).catch(() => undefined));
      refuseOverLawLimit(verdict, attempt.numbers, s.law, clock.now());
      refuseOverCap(verdict, attempt.numbers, caps, clock.now());
    },
  };
}

const unlimited = (c: CapLimits) =>
  c.perHour === undefined && c.perNumberPerDay === undefined && c.perNumberLaw === undefined;

export const caps: GuardOf = {
  name: "caps",
  folder: "caps",
  docs: {
    refuses:
      "more dials than a cap allows (`dials_per_hour`, `dials_per_number_per_day`, and the law's per-number limits)",
    default: "60 dials an hour, 3 a number a day",
    setWith: "`OUTBOUND_CALLS_MAX_DIALS_PER_HOUR`, `OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY`",
  },
  build: (s) => capsGuard(s),
};
