/**
 * The callee's consent records (OUTBOUND_CALLS_CONSENT_FILE): each row's record as text, for the preview, the approval
 * and the audit line; a number without a live record is refused when OUTBOUND_CALLS_REQUIRE_CONSENT is true. Without a
 * consent file: no records, no facts.
 */
import { checkConsent, consentText } from "./records.js";

import type { Guard } from "../dial/guard.js";
import type { GuardOf, SafetyServices } from "../services.js";

export function consentRecordsGuard(s: SafetyServices): Guard {
  return {
    check(attempt) {
      const records = checkConsent(s.consent, attempt.rows, s.clock.now(), s.settings.requireConsent === "always").map(
        consentText,
      );
      if (s.consent.size === 0) return;
      attempt.consentRecords = records;
      attempt.trail.add({ consent: records });
    },
  };
}

export const consentRecords: GuardOf = {
  name: "consent records",
  folder: "consent",
  docs: {
    refuses: "a number without a live consent record when records are required (`no_consent`)",
    default: "none; with a file, each dial shows and logs its number's record, and can require one",
    setWith: "`OUTBOUND_CALLS_CONSENT_FILE`, `OUTBOUND_CALLS_REQUIRE_CONSENT`",
  },
  build: (s) => consentRecordsGuard(s),
};
