/**
 * Consent where the law requires it (OUTBOUND_CALLS_REQUIRE_CONSENT, needs.ts), and France's hold after a refusal
 * (hold.ts). Before a person is asked: a held number is refused; each row's consent
 * rules are read, a row no consent can lift is refused, and the rows with no record are the ones the approving person
 * must attest for (unattended dialing has nobody to attest, so it is refused here). After the yes: the hold again, the
 * rules again (a record may have run out meanwhile), and every row without a record must be covered by what the
 * person attested; the audit line keeps each row's rules and what met them, with the approver.
 */
import { consentNeeds, unattestedRefusal, type ConsentNeeds } from "./needs.js";
import { batchSpanMs, DEFAULT_BATCH_SPAN_PER_ROW_MS } from "../law/batch-span.js";
import { RING_MARGIN_MS } from "../law/hours.js";
import { consentAuditLines, consentCheckLine, groupsByRow, lawLines } from "../law/lines.js";
import { askHolds, refuseHeld } from "./hold.js";
import type { HoldEntry } from "./state/store.js";
import { Begun } from "../dial/begun.js";
import type { DialAttempt } from "../dial/attempt.js";
import type { Guard } from "../dial/guard.js";
import type { GuardOf, SafetyServices } from "../services.js";

export function consentLawGuard(s: SafetyServices): Guard {
  const book = s.consentLaw;
  // Unattended dialing has nobody to attest: only records let it go.
  const unattended =
    s.settings.confirm === "never"
      ? "OUTBOUND_CALLS_CONFIRM=never dials with nobody to approve, so nobody can attest it"
      : undefined;
  /** The rows' needs at `now`; a record must stay live while the dial may ring (a batch: its whole span). */
  const needsAt = (attempt: DialAttempt, now: number): ConsentNeeds => {
    const perRow = s.law.batchSpanPerRowMs ?? DEFAULT_BATCH_SPAN_PER_ROW_MS;
    const rings =
      attempt.tool === "submit_batch" ? batchSpanMs(attempt.rows.length, perRow, RING_MARGIN_MS) : RING_MARGIN_MS;
    return consentNeeds(book, s.consent, attempt.rows, now, now + rings, unattended);
  };
  const holds = new Begun<Array<HoldEntry | undefined>>();
  return {
    begin(attempt) {
      // France's hold, read with the other guards' requests (one round trip).
      const asked = askHolds(book.hold, s.store, attempt.rows, s.clock.now());
      if (asked) holds.start(attempt, asked);
    },
    async check(attempt) {
      const now = s.clock.now();
      await refuseHeld(book.hold, s.store, attempt.rows, now, holds.take(attempt));
      const needs = needsAt(attempt, now);
      attempt.attest = needs.groups;
      attempt.lawLines = lawLines(s.law, book, needs, attempt.rows, now);
      if (attempt.dryRun)
        attempt.checks.push(
          book.mode === "off"
            ? "consent where the law requires it: off (OUTBOUND_CALLS_REQUIRE_CONSENT=false)"
            : consentCheckLine(needs),
        );
    },
    async commit(attempt) {
      const now = s.clock.now();
      await refuseHeld(book.hold, s.store, attempt.rows, now);
      const asked = attempt.attest ?? [];
      const needs = needsAt(attempt, now);
      const attested = attempt.approval?.attested;
      const groupOf = groupsByRow(asked);
      // A row without a record is met only by what the person attested for its group, if the law still accepts it.
      const missing = needs.rows.filter((need) => {
        if (need.record) return false;
        const group = groupOf.get(need.index);
        const basis = group ? attested?.[group.field] : undefined;
        return basis === undefined || !need.bases.some((b) => b === basis);
      });
      if (missing.length > 0)
        throw unattestedRefusal(
          book,
          attempt.rows,
          missing,
          attempt.approval?.by === "token"
            ? "a dry run's confirmation_token carries no person's attestation"
            : "the approval carried no attestation of it by the person who approved",
        );
      if (needs.rows.length > 0)
        attempt.trail.add({
          consent_law: consentAuditLines(needs, attempt.rows, attested, attempt.approval?.approver),
        });
    },
  };
}

export const consentLaw: GuardOf = {
  name: "consent where the law requires it",
  folder: "consent-law",
  docs: {
    refuses:
      "a number whose place's law requires prior consent for an AI voice when neither a consent record nor the approving person's attestation meets it, one no consent can lift (the audit log's rule is the consent rule's id, or `consent_law` for several), and a French number held 60 days after a refusal (`fr_refusal_hold_60d`)",
    default:
      "follows the law of the place called: a record in the consent file, or the approving person attests; unattended dialing needs records",
    setWith: "`OUTBOUND_CALLS_REQUIRE_CONSENT`, `OUTBOUND_CALLS_CONSENT_FILE`",
  },
  build: (s) => consentLawGuard(s),
};
