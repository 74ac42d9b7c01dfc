/**
 * Calling hours (OUTBOUND_CALLS_CALLING_HOURS) in each callee's local time: checked before a person is asked and again
 * after the yes (a person may take minutes). The rows' local times go into what the person reads.
 */
import type { DialAttempt, SafetyServices } from "../dial-attempt.js";
import type { Guard } from "../guard.js";
import { checkRowsCallingHours } from "../hours-guard.js";

export function hoursGuard(s: SafetyServices): Guard {
  const { callingHours } = s.settings;
  const check = (attempt: DialAttempt) => checkRowsCallingHours(callingHours, attempt.rows, s.clock.now());
  return {
    name: "calling hours",
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
