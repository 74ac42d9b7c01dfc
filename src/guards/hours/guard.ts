/**
 * Calling hours (OUTBOUND_CALLS_CALLING_HOURS) in each callee's local time: checked before a person is asked and again
 * after the yes (a person may take minutes). The rows' local times go into what the person reads.
 */
import type { DialAttempt } from "../dial/attempt.js";
import type { Guard } from "../dial/guard.js";
import { checkRowsCallingHours } from "./rows.js";
import type { GuardOf, SafetyServices } from "../services.js";

export function hoursGuard(s: SafetyServices): Guard {
  const { callingHours } = s.settings;
  const check = (attempt: DialAttempt) => checkRowsCallingHours(callingHours, attempt.rows, s.clock.now());
  return {
    check(attempt) {
      attempt.localTimes = check(attempt);
      if (attempt.dryRun)
        attempt.checks.push(
          callingHours ? `calling hours: inside ${callingHours.text} local time` : "calling hours: off",
        );
    },
    commit(attempt) {
      check(attempt);
    },
  };
}

export const hours: GuardOf = {
  name: "calling hours",
  folder: "hours",
  docs: {
    refuses: "a number outside the calling hours in any zone it may ring in (`calling_hours`)",
    default: "08:00–21:00 in the callee's local time",
    setWith: "`OUTBOUND_CALLS_CALLING_HOURS`",
  },
  build: (s) => hoursGuard(s),
};
