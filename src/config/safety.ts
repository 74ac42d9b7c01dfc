/**
 * The variables of the guards that are not a person's yes (config/approval.ts), the law and consent
 * (config/law.ts), opt-outs (config/opt-outs.ts), passkeys or tests (config/test-hooks.ts), and the settings all of
 * them make for the guards. Each has a safe default; each message names the variable and never echoes a value.
 */
import { phoneLib } from "../phone/lib.js";
import { parseCallingWindow, type CallingWindow } from "./calling-window.js";
import type { ConfirmMode, approvalVariables } from "./approval.js";
import type { ConsentRequirement, lawVariables } from "./law.js";
import type { optOutVariables } from "./opt-outs.js";
import { capOrOff, onOff, optional, text, withDefault } from "./parsers.js";
import { testHookRefusal, type testVariables } from "./test-hooks.js";
import { declareVariables, type Parsed } from "./variables.js";

export type { ConfirmMode } from "./approval.js";
export type { ConsentRequirement } from "./law.js";

export interface SafetySettings {
  confirm: ConfirmMode;
  /** How long a tool call waits for a person's decision before answering "pending" (ms). */
  approvalWaitMs: number;
  /** How long an approval may be decided, and then used, after it was asked for (ms). */
  approvalTtlMs: number;
  /** 0 = no deduplication. */
  dedupeWindowMs: number;
  doNotCallFile: string | undefined;
  /** ISO 3166 code for do-not-call lines written without +, and for suggesting fixes. */
  defaultCountry: string | undefined;
  /** undefined = calling hours off. */
  callingHours: CallingWindow | undefined;
  maxDialsPerHour: number | undefined;
  maxDialsPerNumberPerDay: number | undefined;
  /** With OAuth: dials one person may place in any hour (undefined = no such cap). */
  maxDialsPerHourPerPerson: number | undefined;
  readOnly: boolean;
  auditLog: string | undefined;
  /** The operator's consent records (src/guards/consent/file.ts). */
  consentFile: string | undefined;
  /**
   * Where a dial needs prior consent: `law` where the law of the place called requires it for an AI voice (a record,
   * or a person's attestation in the approval), `always` that and a record for every number, `off` never.
   */
  requireConsent: ConsentRequirement;
  /** What the calls are for: which rules of the law of the place called apply (src/guards/law/rules.ts). */
  callPurpose: "telemarketing" | "informational";
  /** The operator's changes to those rules (src/config/rules-file.ts). */
  rulesFile: string | undefined;
  /** Which of those rules apply by the tier of their source: all, or only those read in the law's own text. */
  rulesProvenance: "all" | "official";
  /** How long each row of a batch may take to ring (ms): every row's place must stay open that long per row. */
  batchSpanPerRowMs: number;
  /** How often the opt-out watch reads the placed calls (ms): src/guards/opt-outs/watch.ts. */
  optOutPollMs: number;
  /** This process's journal of opt-outs (src/config/opt-outs.ts); undefined: off. */
  optOutJournal: string | undefined;
  /** Tests and dry runs only: the clock starts at this instant (epoch ms) and runs on (config/test-hooks.ts). */
  testNow: number | undefined;
  /** Tests only: the lease of an unsettled dial claim (ms), instead of 60 s (guards/dedupe/ledger.ts). */
  testLeaseMs: number | undefined;
}

export const safetyVariables = declareVariables({
  OUTBOUND_CALLS_DEDUPE_WINDOW_S: {
    group: "safety",
    default: "600",
    summary:
      "within this many seconds an identical dial is not dialed again, and another dial to the same number is refused unless repeat_dial is true; 0 = off",
    description:
      "Seconds in which an identical dial returns the first one instead of dialing again, and another dial to the same number is refused unless the request sets `repeat_dial: true`; `0` = off.",
    parse: withDefault((raw, fail) => {
      const value = raw.trim();
      const n = Number(value);
      if (!/^\d+$/.test(value) || n > 86_400)
        return fail("OUTBOUND_CALLS_DEDUPE_WINDOW_S must be a whole number of seconds from 0 (off) to 86400");
      return n * 1000;
    }),
  },
  OUTBOUND_CALLS_DO_NOT_CALL_FILE: {
    group: "safety",
    summary: "file of numbers never to dial, one a line, any format; a bad line stops the start",
    description: "File of numbers never dialed, one a line, any format; a line that cannot be read stops the start.",
    parse: text,
  },
  OUTBOUND_CALLS_DEFAULT_COUNTRY: {
    group: "safety",
    example: "US",
    summary: "ISO 3166 code for do-not-call lines written without +",
    description: "ISO 3166 code for do-not-call lines without `+` (and for suggesting fixes).",
    parse: optional((raw, fail) => {
      const code = raw.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(code) || !phoneLib().isSupportedCountry(code)) {
        return fail("OUTBOUND_CALLS_DEFAULT_COUNTRY must be an ISO 3166 two-letter country code, e.g. US or GB");
      }
      return code;
    }),
  },
  OUTBOUND_CALLS_CALLING_HOURS: {
    group: "safety",
    default: "08:00-21:00",
    summary: "HH:MM-HH:MM in the callee's local time, or off; unset in the sandbox: off",
    description: "Window in the callee's local time, `HH:MM-HH:MM`, or `off`. In the sandbox, unset means `off`.",
    parse: withDefault((raw, fail): CallingWindow | undefined => {
      if (raw.trim().toLowerCase() === "off") return undefined;
      const window = parseCallingWindow(raw);
      if (!window)
        return fail(
          'OUTBOUND_CALLS_CALLING_HOURS must be HH:MM-HH:MM in the callee\'s local time (e.g. 08:00-21:00), or "off"',
        );
      return window;
    }),
  },
  OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: {
    group: "safety",
    default: "60",
    summary: "dials in any hour, batch rows counted, or off",
    description: "Dials in any hour, batch rows counted, or `off`.",
    parse: capOrOff(100_000),
  },
  OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON: {
    group: "safety",
    default: "off",
    summary: "with OAuth: dials one person may place in any hour, batch rows counted, or off",
    description:
      "With OAuth (`--http`): dials one person (the access token's `sub`) may place in any hour, batch rows counted, or `off`. Counted as the dials-per-hour cap is, in the guard store, on every replica; it applies beside `OUTBOUND_CALLS_MAX_DIALS_PER_HOUR`.",
    parse: capOrOff(100_000),
  },
  OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: {
    group: "safety",
    default: "3",
    summary: "dials to one number in any 24 hours, or off",
    description: "Dials to one number in any 24 hours, or `off`.",
    parse: capOrOff(1_000),
  },
  OUTBOUND_CALLS_READ_ONLY: {
    group: "safety",
    default: "false",
    summary: "true: register only the reading tools (also --read-only)",
    description: "`true`/`1`: only the reading tools (same as `--read-only`).",
    parse: onOff,
  },
  OUTBOUND_CALLS_AUDIT_LOG: {
    group: "safety",
    summary:
      "file for one JSON line per write attempt (created 0600); without Redis, caps, dedupe and opt-outs survive restarts",
    description:
      "File for one JSON line per write attempt, and one before each POST (created 0600). Without Redis it makes the caps, the dedupe window and the opt-outs survive restarts (they are read back at start).",
    parse: text,
  },
});

type SafetyEnv = Parsed<
  typeof approvalVariables &
    typeof safetyVariables &
    typeof lawVariables &
    typeof optOutVariables &
    typeof testVariables
>;

/**
 * The settings from the parsed variables. A fixed clock or a short claim lease is honoured only with a loopback base
 * URL (config/test-hooks.ts).
 */
export function safetySettings(
  env: Omit<SafetyEnv, "OUTBOUND_CALLS_OPT_OUT_JOURNAL">,
  baseUrlIsLoopback: boolean,
): Omit<SafetySettings, "optOutJournal"> | { error: string } {
  if (env.OUTBOUND_CALLS_REQUIRE_CONSENT === "always" && env.OUTBOUND_CALLS_CONSENT_FILE === undefined) {
    return {
      error:
        "OUTBOUND_CALLS_REQUIRE_CONSENT is true but OUTBOUND_CALLS_CONSENT_FILE is not set: every dial would be refused; set the file, or set law (the default) or false",
    };
  }
  const refusal = testHookRefusal(env, baseUrlIsLoopback);
  if (refusal !== undefined) return { error: refusal };
  return {
    confirm: env.OUTBOUND_CALLS_CONFIRM,
    approvalWaitMs: env.OUTBOUND_CALLS_APPROVAL_WAIT_S,
    approvalTtlMs: env.OUTBOUND_CALLS_APPROVAL_TTL_S,
    dedupeWindowMs: env.OUTBOUND_CALLS_DEDUPE_WINDOW_S,
    doNotCallFile: env.OUTBOUND_CALLS_DO_NOT_CALL_FILE,
    defaultCountry: env.OUTBOUND_CALLS_DEFAULT_COUNTRY,
    callingHours: env.OUTBOUND_CALLS_CALLING_HOURS,
    maxDialsPerHour: env.OUTBOUND_CALLS_MAX_DIALS_PER_HOUR,
    maxDialsPerNumberPerDay: env.OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY,
    maxDialsPerHourPerPerson: env.OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON,
    readOnly: env.OUTBOUND_CALLS_READ_ONLY,
    auditLog: env.OUTBOUND_CALLS_AUDIT_LOG,
    optOutPollMs: env.OUTBOUND_CALLS_OPT_OUT_POLL_S,
    consentFile: env.OUTBOUND_CALLS_CONSENT_FILE,
    requireConsent: env.OUTBOUND_CALLS_REQUIRE_CONSENT,
    callPurpose: env.OUTBOUND_CALLS_CALL_PURPOSE,
    rulesFile: env.OUTBOUND_CALLS_RULES_FILE,
    rulesProvenance: env.OUTBOUND_CALLS_RULES_PROVENANCE,
    batchSpanPerRowMs: env.OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW,
    testNow: env.OUTBOUND_CALLS_TEST_NOW,
    testLeaseMs: env.OUTBOUND_CALLS_TEST_LEASE_MS,
  };
}
