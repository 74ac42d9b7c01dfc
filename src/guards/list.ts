/**
 * The guards of a dial, in the one order they run: the kernel (src/guards/dial/kernel.ts) walks them phase by phase.
 * docs/architecture.md's table of guards and the README's safety table are generated from this list (npm run docs).
 * A new guard is a folder of its own and one entry here.
 */
import type { Guard } from "./dial/guard.js";
import { approval } from "./approval/guard.js";
import { auditLog } from "./audit-log/guard.js";
import { caps } from "./caps/guard.js";
import { consentRecords } from "./consent/guard.js";
import { consentLaw } from "./consent-law/guard.js";
import { dedupe } from "./dedupe/guard.js";
import { doNotCall } from "./do-not-call/guard.js";
import { hours } from "./hours/guard.js";
import { law } from "./law/guard.js";
import { optOuts } from "./opt-outs/guard.js";
import { perPerson } from "./per-person/guard.js";
import type { GuardCall, GuardOf, SafetyServices } from "./services.js";

export const GUARDS: readonly GuardOf[] = [
  doNotCall,
  auditLog,
  optOuts,
  consentRecords,
  dedupe,
  hours,
  law,
  consentLaw,
  caps,
  perPerson,
  approval,
];

/** The guards of one tool call, in the list's order: those with a part in it. */
export function guardsFor(s: SafetyServices, call: GuardCall): Guard[] {
  return GUARDS.flatMap((module) => module.build(s, call) ?? []);
}
