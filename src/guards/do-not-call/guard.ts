/** The operator's do-not-call list (OUTBOUND_CALLS_DO_NOT_CALL_FILE): a listed number is refused, with nothing asked. */

import { screenDoNotCall } from "./list.js";
import type { Guard } from "../dial/guard.js";
import type { GuardOf, SafetyServices } from "../services.js";

export function doNotCallGuard(s: SafetyServices): Guard {
  return {
    screen: (rows) => screenDoNotCall(s.doNotCall, rows),
    check(attempt) {
      if (attempt.dryRun) attempt.checks.push("do-not-call list: not listed");
    },
  };
}

export const doNotCall: GuardOf = {
  name: "do-not-call list",
  folder: "do-not-call",
  docs: {
    refuses: "a number on the operator's do-not-call list (`do_not_call`)",
    default: "none",
    setWith: "`OUTBOUND_CALLS_DO_NOT_CALL_FILE`",
  },
  build: (s) => doNotCallGuard(s),
};
