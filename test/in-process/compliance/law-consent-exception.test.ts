/**
 * A rule's own consent exception through the real MCP server in-process: Virginia's window (Code of Va.
 * § 59.1-511) does not bind a call "unless the telephone solicitor has obtained the prior consent of the called
 * person". The operator's rules file lists which bases of the consent file are that consent; a number with a live
 * record of one is let through at 21:30, and the dry run and the audit line say which rule it was exempt from. The federal windows
 * have exceptions of their own, which the operator lifts apart: switched off here to see Virginia's alone.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { useInProcess } from "../../helpers/in-process.js";
import { textOf } from "../../helpers/server-process.js";
import { auditLines, GUARDS_OFF, tempDir } from "../../helpers/guards.js";

const fx = useInProcess();
const dir = tempDir("law-consent");
const consent = join(dir, "consent.csv");
writeFileSync(
  consent,
  [
    "number,basis,source,obtained",
    "+17035550123,prior_express_written_consent,web-form-2026-01,2026-01-10",
    "+17035550124,ebr,purchase-2026-05,2026-05-02",
    "",
  ].join("\n"),
);
const rules = join(dir, "rules.json");
writeFileSync(
  rules,
  JSON.stringify({
    rules: [
      { id: "us_fcc_hours", enabled: false },
      { id: "us_tsr_hours", enabled: false },
      { id: "us_va_hours", consent_bases: ["prior_express_written_consent"] },
    ],
  }),
);
// Monday 2026-11-23 21:30 in Virginia (EST).
const NOW = "2026-11-24T02:30:00Z";
const env = {
  ...GUARDS_OFF,
  OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
  OUTBOUND_CALLS_RULES_PROVENANCE: "all",
  OUTBOUND_CALLS_CONSENT_FILE: consent,
  OUTBOUND_CALLS_RULES_FILE: rules,
};

it("a live record of a listed basis lets the call through Virginia's window; the dry run and the audit line say why", async () => {
  const audit = join(tempDir("law-consent-audit"), "audit.jsonl");
  const s = await fx.start({ env: { ...env, OUTBOUND_CALLS_AUDIT_LOG: audit }, now: NOW });
  const dry = await s.call("create_call", { to: "+17035550123", agent_id: "agt_1", dry_run: true });
  expect(dry.isError, textOf(dry)).toBeFalsy();
  expect(textOf(dry)).toContain(
    "rule us_va_hours does not apply, by its consent exception, to +1 703 555 0123 (prior_express_written_consent, obtained 2026-01-10)",
  );
  const dial = await s.call("create_call", { to: "+17035550123", agent_id: "agt_1" });
  expect(dial.isError, textOf(dial)).toBeFalsy();
  expect(fx.service.posts()).toHaveLength(1);
  expect(auditLines(audit).at(-1)).toMatchObject({
    decision: "dialed",
    law_exceptions: [
      "rule us_va_hours does not apply, by its consent exception, to +1 703 555 0123 (prior_express_written_consent, obtained 2026-01-10)",
    ],
  });
});

it("a record of a basis the operator did not list is not consent under the rule: refused, nothing sent", async () => {
  const s = await fx.start({ env, now: NOW });
  const dial = await s.call("create_call", { to: "+17035550124", agent_id: "agt_1" });
  expect(dial.isError).toBe(true);
  expect(textOf(dial)).toContain("rule us_va_hours, Virginia, US");
  expect(fx.service.posts()).toHaveLength(0);
});
