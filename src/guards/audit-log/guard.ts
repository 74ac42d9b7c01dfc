/** Every dial is refused while the audit log holds damaged lines without numbers: the caps cannot be known. */

import type { Guard } from "../dial/guard.js";
import { SafetyRefusal } from "../dial/refusals.js";
import type { GuardOf, SafetyServices } from "../services.js";

export function auditIntactGuard(s: SafetyServices): Guard {
  return {
    check() {
      if (s.auditDamage) throw new SafetyRefusal("audit_log_damaged", s.auditDamage);
    },
  };
}

export const auditLog: GuardOf = {
  name: "the audit log is intact",
  folder: "audit-log",
  docs: {
    refuses: "every dial while the audit log holds damaged lines in which no number can be read (`audit_log_damaged`)",
    default: "with an audit log only",
    setWith: "`OUTBOUND_CALLS_AUDIT_LOG`",
  },
  build: (s) => (s.audit ? auditIntactGuard(s) : undefined),
};
