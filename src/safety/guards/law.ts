/**
 * The law of the place called (src/safety/compliance/): the calling hours, days, holidays and date-bounded bans of
 * each number's place for OUTBOUND_CALLS_CALL_PURPOSE, checked before a person is asked and again after the yes. Its
 * per-number limits are counted with the caps (guards/caps.ts), which run after it. The audit line names the rules
 * that apply to the numbers, each with its source's tier (`law_rules`), whatever the outcome; a rule a consent record
 * lifted is in it too, as the record is.
 */
import { checkLawOfThePlace } from "../compliance/law-guard.js";
import { rulesForRows } from "../compliance/law-places.js";
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
      const n = s.law.rules.length;
      const official =
        s.law.provenance === "official"
          ? `${PROVENANCE_VARIABLE}=official: rules read in no official text are off`
          : "";
      if (n === 0) {
        attempt.checks.push(
          `law of the place called: no rule applies to ${s.law.purpose} calls${official ? ` (${official})` : ""}`,
        );
        return;
      }
      // A dry run names the rules these numbers meet, with their tiers and sources, so the person sees what was checked.
      const met = rules.map((r) => `${r.id} (${r.source.tier}: ${r.source.cite})`);
      const these = met.length > 0 ? `these numbers meet ${met.join(", ")}` : "none applies to these numbers";
      attempt.checks.push(
        `law of the place called: ${s.law.purpose}, allowed now (${n} rule${n === 1 ? "" : "s"} in force${official ? `; ${official}` : ""}; ${these})${waived.map((w) => `; ${w}`).join("")}`,
      );
    },
    async commit(attempt) {
      const { waived } = await check(attempt);
      if (waived.length > 0) attempt.trail.add({ law_exceptions: waived });
    },
  };
}
