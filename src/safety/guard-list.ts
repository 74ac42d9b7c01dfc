/**
 * The guards of a dial, in the one order they run (src/safety/dial-kernel.ts walks this list). docs/architecture.md
 * and docs/safety.md show this order; test/docs holds them equal to it.
 */
import type { ConsentSelector } from "../consent/selector.js";
import type { CallScope } from "../service/call-scope.js";
import type { SafetyServices } from "./dial-attempt.js";
import type { Guard } from "./guard.js";
import { approvalGuard } from "./guards/approval.js";
import { auditIntactGuard } from "./guards/audit-intact.js";
import { capsGuard } from "./guards/caps.js";
import { consentLawGuard } from "./guards/consent-law.js";
import { consentRecordsGuard } from "./guards/consent-records.js";
import { dedupeGuard } from "./guards/dedupe.js";
import { doNotCallGuard } from "./guards/do-not-call.js";
import { hoursGuard } from "./guards/hours.js";
import { lawGuard } from "./guards/law.js";
import { optOutGuard } from "./guards/opt-outs.js";
import { perPersonGuard } from "./guards/per-person.js";

/** The guards of one tool call: `consent` is how a person can be asked in it; a person behind it adds their rules. */
export function guardList(s: SafetyServices, consent: ConsentSelector, scope: CallScope): Guard[] {
  return [
    doNotCallGuard(s),
    auditIntactGuard(s),
    optOutGuard(s),
    consentRecordsGuard(s),
    dedupeGuard(s),
    hoursGuard(s),
    lawGuard(s),
    consentLawGuard(s),
    capsGuard(s),
    ...(scope.identity.person ? [perPersonGuard(s)] : []),
    approvalGuard(s, consent),
  ];
}
