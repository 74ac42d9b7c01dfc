/**
 * The law of the place called (src/safety/compliance/): the calling hours, days, holidays and date-bounded bans of
 * each number's place for OUTBOUND_CALLS_CALL_PURPOSE, checked before a person is asked and again after the yes. Its
 * per-number limits are counted with the caps (guards/caps.ts), which run after it. The audit line names the rules
 * that apply to the numbers, each with its source's tier (`law_rules`), whatever the outcome; a rule a consent record
 * lifted is in it too, as the record is.
 */
import { checkLawOfThePlace, rulesForRows } from "../compliance/law-guard.js";
import { PROVENANCE_VARIABLE } from "../compliance/law-provenance.js";
import type { DialAttempt, SafetyServices } from "../dial-attempt.js";
import type { Guard } from "../guard.js";

export function lawGuard(s: SafetyServices): Guard {
  const check = (attempt: DialAttempt) => {
    const rules = rulesForRows(s.law, attempt.rows);
    // Before the check, so a refusal's line names the rule's tier beside its id (`rule`).
    if (rules.length > 0) attempt.trail.add({ law_rules: rules.map((r) => `${r.id} (${r.source.tier})`) });
    return checkLawOfThePlace(s.law, attempt.rows, s.clock.now(), {
      batch: attempt.tool === "submit_batch",
      consent: s.consent,
    }).then((waived) => ({ waived, rules }));
  };
  return {
    name: "law of the place called",
    async check(attempt) {
      const { waived, rules } = await check(attempt);
      if (!attempt.dryRun) return;
      const official =
        s.law.provenance === "official"
          ? ` (${PROVENANCE_VARIABLE}=official: rules read in no official text are off)`
          : "";
      attempt.checks.push(
        rules.length === 0
          ? `law of the place called: no rule applies to ${s.law.purpose} calls to these numbers${official}`
          : `law of the place called: ${s.law.purpose}, allowed now under ${rules.map((r) => `${r.id} (${r.source.tier})`).join(", ")}${official}${waived.map((w) => `; ${w}`).join("")}`,
      );
    },
    async commit(attempt) {
      const { waived } = await check(attempt);
      if (waived.length > 0) attempt.trail.add({ law_exceptions: waived });
    },
  };
}
