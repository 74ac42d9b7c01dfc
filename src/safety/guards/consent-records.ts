/**
 * The callee's consent records (OUTBOUND_CALLS_CONSENT_FILE): each row's record as text, for the preview, the approval
 * and the audit line; a number without a live record is refused when OUTBOUND_CALLS_REQUIRE_CONSENT is true. Without a
 * consent file: no records, no facts.
 */
import { checkConsent, consentText } from "../compliance/consent-guard.js";
import type { SafetyServices } from "../dial-attempt.js";
import type { Guard } from "../guard.js";

export function consentRecordsGuard(s: SafetyServices): Guard {
  return {
    name: "consent records",
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
