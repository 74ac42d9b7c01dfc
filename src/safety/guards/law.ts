/**
 * The law of the place called (src/safety/compliance/): the calling hours, days and holidays of each number's place
 * for OUTBOUND_CALLS_CALL_PURPOSE, checked before a person is asked and again after the yes. Its per-number limits
 * are counted with the caps (guards/caps.ts). A rule a consent record lifted is in the audit line, as the record is.
 */
import { checkLawOfThePlace } from "../compliance/law-guard.js";
import { rulesForRows } from "../compliance/law-places.js";
import type { DialAttempt, SafetyServices } from "../dial-attempt.js";
import type { Guard } from "../guard.js";

export function lawGuard(s: SafetyServices): Guard {
  const check = (attempt: DialAttempt) =>
    checkLawOfThePlace(s.law, attempt.rows, s.clock.now(), {
      batch: attempt.tool === "submit_batch",
      consent: s.consent,
    });
  return {
    name: "law of the place called",
    async check(attempt) {
      const waived = await check(attempt);
      if (!attempt.dryRun) return;
      const n = s.law.rules.length;
      if (n === 0) {
        attempt.checks.push(`law of the place called: no rule applies to ${s.law.purpose} calls`);
        return;
      }
      // A dry run names the rules these numbers meet, with their sources, so the person sees what was checked.
      const met = rulesForRows(s.law, attempt.rows).map((r) => `${r.id} (${r.source.cite})`);
      const these = met.length > 0 ? `these numbers meet ${met.join(", ")}` : "none applies to these numbers";
      attempt.checks.push(
        `law of the place called: ${s.law.purpose}, allowed now (${n} rule${n === 1 ? "" : "s"} in force; ${these})${waived.map((w) => `; ${w}`).join("")}`,
      );
    },
    async commit(attempt) {
      const waived = await check(attempt);
      if (waived.length > 0) attempt.trail.add({ law_exceptions: waived });
    },
  };
}
