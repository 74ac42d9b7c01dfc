/**
 * The law of the place called (src/guards/law/): the calling hours, days and holidays of each number's place
 * for OUTBOUND_CALLS_CALL_PURPOSE, checked before a person is asked and again after the yes. Its per-number limits
 * are counted with the caps (guards/caps.ts). A rule a consent record lifted is in the audit line, as the record is.
 */
import { checkLawOfThePlace } from "./check.js";
import { rulesForRows } from "./places.js";
import type { DialAttempt } from "../dial/attempt.js";
import type { Guard } from "../dial/guard.js";
import type { GuardOf, SafetyServices } from "../services.js";

export function lawGuard(s: SafetyServices): Guard {
  const check = (attempt: DialAttempt) =>
    checkLawOfThePlace(s.law, attempt.rows, s.clock.now(), {
      batch: attempt.tool === "submit_batch",
      consent: s.consent,
    });
  return {
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

export const law: GuardOf = {
  name: "the law of the place called",
  folder: "law",
  docs: {
    refuses:
      "a dial the law of the place called forbids now (`law_of_the_place`): its hours, days, holidays and per-number limits, each rule with its source",
    default:
      "for `telemarketing` (the default purpose), the rules of [compliance](docs/compliance.md#the-law-of-the-place-called)",
    setWith: "`OUTBOUND_CALLS_CALL_PURPOSE`, `OUTBOUND_CALLS_RULES_FILE`",
  },
  build: (s) => lawGuard(s),
};
