/**
 * The dial caps (OUTBOUND_CALLS_MAX_DIALS_PER_HOUR, …_PER_NUMBER_PER_DAY) with the law's per-number limits: checked
 * before a person is asked, then checked and counted in one atomic step of the store after the yes, under the
 * claim's reservation (taken back if nothing is sent). A claim taken over from a dead owner may be counted already.
 * When nobody decides between the two (unattended, or a dry run's token), the dial is checked and counted at once, in
 * the first round trip (stage.ts).
 */
import type { CapLimits, CapVerdict } from "./state/store.js";
import { refuseOverCap } from "./refusals.js";
import { CapStage } from "./stage.js";
import { lawLimits, refuseOverLawLimit } from "../law/frequency.js";
import type { DialAttempt } from "../dial/attempt.js";
import type { Guard } from "../dial/guard.js";
import type { GuardOf, SafetyServices } from "../services.js";

const WITHIN = "caps: within the dials-per-hour and per-number limits";

export function capsGuard(s: SafetyServices): Guard {
  const { store, clock } = s;
  const stage = new CapStage(clock);
  const limits = (attempt: DialAttempt): CapLimits => {
    const perNumberLaw = lawLimits(s.law, attempt.rows);
    return {
      perHour: s.settings.maxDialsPerHour,
      perNumberPerDay: s.settings.maxDialsPerNumberPerDay,
      ...(perNumberLaw ? { perNumberLaw } : {}),
    };
  };
  const refuse = (attempt: DialAttempt, caps: CapLimits, verdict: CapVerdict) => {
    refuseOverLawLimit(verdict, attempt.numbers, s.law, clock.now());
    refuseOverCap(verdict, attempt.numbers, caps, clock.now());
  };
  return {
    begin(attempt) {
      const caps = limits(attempt);
      stage.begin(attempt, store.caps, caps, !unlimited(caps));
    },
    async check(attempt) {
      const caps = limits(attempt);
      const early = await stage.verdict(attempt, store.caps, caps);
      // No cap and no law limit, and nothing counted yet: no verdict to ask for; the reservation after the yes
      // counts it.
      if (early === undefined && unlimited(caps)) {
        if (attempt.dryRun) attempt.checks.push(WITHIN);
        return;
      }
      refuse(
        attempt,
        caps,
        early ?? (await store.caps.check([...attempt.numbers], clock.now(), caps, attempt.claim?.countedAs)),
      );
      if (attempt.dryRun) attempt.checks.push(WITHIN);
    },
    async commit(attempt) {
      const caps = limits(attempt);
      const counted = stage.commit(attempt, store.caps, caps);
      if (counted) refuse(attempt, caps, await counted);
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
