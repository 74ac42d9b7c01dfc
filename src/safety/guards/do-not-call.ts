/** The operator's do-not-call list (OUTBOUND_CALLS_DO_NOT_CALL_FILE): a listed number is refused, with nothing asked. */
import type { SafetyServices } from "../dial-attempt.js";
import { screenDoNotCall } from "../do-not-call.js";
import type { Guard } from "../guard.js";

export function doNotCallGuard(s: SafetyServices): Guard {
  return {
    name: "do-not-call list",
    screen: (rows) => screenDoNotCall(s.doNotCall, rows),
    check(attempt) {
      if (attempt.dryRun) attempt.checks.push("do-not-call list: not listed");
    },
  };
}
