/**
 * The law of the place called (src/guards/law/): the calling hours, days, holidays and date-bounded bans of each
 * number's place for OUTBOUND_CALLS_CALL_PURPOSE, checked before a person is asked and again after the yes. Its
 * per-number limits are counted with the caps (guards/caps/), which run after it. The audit line names the rules that
 * apply to the numbers, each with its source's tier (`law_rules`), whatever the outcome; a rule a consent record
 * lifted is in it too, as the record is.
 */
import { checkLawOfThePlace } from "./check.js";
import { rulesForRows } from "./places.js";
import { PROVENANCE_VARIABLE } from "./provenance.js";
import type { DialAttempt } from "../dial/attempt.js";
import type { Guard } from "../dial/guard.js";
import type { GuardOf, SafetyServices } from "../services.js";

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

export const law: GuardOf = {
  name: "the law of the place called",
  folder: "law",
  docs: {
    refuses:
      "a dial the law of the place called forbids now (`law_of_the_place`): its hours, days, holidays, date-bounded bans and per-number limits, each rule with its source and its tier",
    default:
      "for `telemarketing` (the default purpose), the rules of [compliance](docs/law.md#the-law-of-the-place-called)",
    setWith: "`OUTBOUND_CALLS_CALL_PURPOSE`, `OUTBOUND_CALLS_RULES_FILE`, `OUTBOUND_CALLS_RULES_PROVENANCE`",
  },
  build: (s) => lawGuard(s),
};
