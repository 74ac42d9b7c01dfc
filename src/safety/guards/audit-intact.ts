/** Every dial is refused while the audit log holds damaged lines without numbers: the caps cannot be known. */
import type { SafetyServices } from "../dial-attempt.js";
import type { Guard } from "../guard.js";
import { SafetyRefusal } from "../refusals.js";

export function auditIntactGuard(s: SafetyServices): Guard {
  return {
    name: "audit log intact",
    check() {
      if (s.auditDamage) throw new SafetyRefusal("audit_log_damaged", s.auditDamage);
    },
  };
}
