/**
 * The environment variables of the safety guards, as zod fields that config.ts
 * merges into its one schema over process.env. Each has a safe default; each
 * message names the variable and never echoes a value.
 */
import { z } from "zod";
import { phoneLib } from "../phone/lib.js";
import { parseSwitch } from "../config/switch.js";
import { parseCallingWindow, type CallingWindow } from "./calling-hours.js";

/**
 * Who says yes before a dial (OUTBOUND_CALLS_CONFIRM):
 * - person (default): a person, through the client's dialog or link, or the server's approval page
 *   (browser over stdio, approvers' inbox over --http); refused where nobody can be asked.
 * - token: the client's dialog where it has one, else the model-held confirmation_token of a dry run
 *   (weaker: a manipulated model can redeem its own token).
 * - never: unattended dialing, accepted by the operator; the caps and other guards still apply.
 */
export type ConfirmMode = "person" | "token" | "never";

/** The values of earlier versions, refused with what to set instead (a silent mapping would hide a change of meaning). */
const RETIRED_MODES: Record<string, string> = {
  auto:
    "OUTBOUND_CALLS_CONFIRM=auto was removed: it dialed without asking anyone when the client could not ask. Unset it (a person approves " +
    "every dial, in the client or on the approval page), or set never to accept unattended dialing",
  always:
    "OUTBOUND_CALLS_CONFIRM=always was renamed token (the model-held confirmation token of a dry run, weaker than the default). Unset it " +
    "(a person approves every dial, in the client or on the approval page), or set token to keep the old behaviour",
};

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
  readOnly: boolean;
  auditLog: string | undefined;
  /** The operator's consent records (src/compliance/consent-file.ts). */
  consentFile: string | undefined;
  /** Refuse a dial to a number without a live consent record. */
  requireConsent: boolean;
  /** How often the opt-out watch reads the calls this process placed (ms): src/compliance/opt-out-desk.ts. */
  optOutPollMs: number;
  /** Tests only: the clock starts at this instant (epoch ms) and runs on. */
  testNow: number | undefined;
  /** Tests only: the lease of an unsettled dial claim (ms), instead of 60 s (safety/dedupe.ts). */
  testLeaseMs: number | undefined;
}

const custom = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};

const blank = (raw: string | undefined): raw is undefined => raw === undefined || raw.trim() === "";

/** A whole number, or "off" (undefined). */
const capVar = (name: string, fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): number | undefined => {
      if (blank(raw)) return fallback;
      const text = raw.trim().toLowerCase();
      if (text === "off") return undefined;
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < 1 || n > max) return custom(ctx, `${name} must be a whole number from 1 to ${max}, or off`);
      return n;
    });

/** Whole seconds in [min, max], as milliseconds. */
const secondsVar = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): number => {
      if (blank(raw)) return fallback * 1000;
      const text = raw.trim();
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < min || n > max) return custom(ctx, `${name} must be a whole number of seconds from ${min} to ${max}`);
      return n * 1000;
    });

const pathVar = z
  .string()
  .optional()
  .transform((raw) => (blank(raw) ? undefined : raw.trim()));

export const safetyEnvShape = {
  OUTBOUND_CALLS_CONFIRM: z
    .string()
    .optional()
    .transform((raw, ctx): ConfirmMode => {
      if (blank(raw)) return "person";
      const mode = raw.trim().toLowerCase();
      if (mode === "person" || mode === "token" || mode === "never") return mode;
      const retired = RETIRED_MODES[mode];
      if (retired) return custom(ctx, retired);
      return custom(ctx, "OUTBOUND_CALLS_CONFIRM must be person (the default), token or never");
    }),
  // Under the 60 s request timeout of clients that do not extend it on progress (the SDK's default).
  OUTBOUND_CALLS_APPROVAL_WAIT_S: secondsVar("OUTBOUND_CALLS_APPROVAL_WAIT_S", 50, 1, 3_600),
  OUTBOUND_CALLS_APPROVAL_TTL_S: secondsVar("OUTBOUND_CALLS_APPROVAL_TTL_S", 600, 1, 86_400),
  OUTBOUND_CALLS_DEDUPE_WINDOW_S: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (blank(raw)) return 600_000;
      const n = Number(raw.trim());
      if (!/^\d+$/.test(raw.trim()) || n > 86_400) return custom(ctx, "OUTBOUND_CALLS_DEDUPE_WINDOW_S must be a whole number of seconds from 0 (off) to 86400");
      return n * 1000;
    }),
  OUTBOUND_CALLS_DO_NOT_CALL_FILE: pathVar,
  OUTBOUND_CALLS_DEFAULT_COUNTRY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (blank(raw)) return undefined;
      const code = raw.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(code) || !phoneLib().isSupportedCountry(code)) {
        return custom(ctx, "OUTBOUND_CALLS_DEFAULT_COUNTRY must be an ISO 3166 two-letter country code, e.g. US or GB");
      }
      return code;
    }),
  OUTBOUND_CALLS_CALLING_HOURS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (blank(raw)) return parseCallingWindow("08:00-21:00");
      if (raw.trim().toLowerCase() === "off") return undefined;
      const window = parseCallingWindow(raw);
      if (!window) return custom(ctx, 'OUTBOUND_CALLS_CALLING_HOURS must be HH:MM-HH:MM in the callee\'s local time (e.g. 08:00-21:00), or "off"');
      return window;
    }),
  OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: capVar("OUTBOUND_CALLS_MAX_DIALS_PER_HOUR", 60, 100_000),
  OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: capVar("OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY", 3, 1_000),
  OUTBOUND_CALLS_READ_ONLY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = parseSwitch(raw);
      if (value === "unset") return false;
      if (typeof value === "boolean") return value;
      return custom(ctx, "OUTBOUND_CALLS_READ_ONLY must be true, false, 1 or 0");
    }),
  OUTBOUND_CALLS_AUDIT_LOG: pathVar,
  OUTBOUND_CALLS_CONSENT_FILE: pathVar,
  OUTBOUND_CALLS_REQUIRE_CONSENT: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = parseSwitch(raw);
      if (value === "unset") return false;
      if (typeof value === "boolean") return value;
      return custom(ctx, "OUTBOUND_CALLS_REQUIRE_CONSENT must be true, false, 1 or 0");
    }),
  // Reads every placed call until final; 15 s keeps an opt-out within about a minute of the call's end.
  OUTBOUND_CALLS_OPT_OUT_POLL_S: secondsVar("OUTBOUND_CALLS_OPT_OUT_POLL_S", 15, 1, 60),
  OUTBOUND_CALLS_TEST_NOW: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (blank(raw)) return undefined;
      const text = raw.trim();
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(text) || Number.isNaN(Date.parse(text))) {
        return custom(ctx, "OUTBOUND_CALLS_TEST_NOW (tests only) must be a UTC date-time such as 2026-11-21T15:00:00Z");
      }
      return Date.parse(text);
    }),
  OUTBOUND_CALLS_TEST_LEASE_MS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (blank(raw)) return undefined;
      const text = raw.trim();
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < 100 || n > 60_000) {
        return custom(ctx, "OUTBOUND_CALLS_TEST_LEASE_MS (tests only) must be a whole number of milliseconds from 100 to 60000");
      }
      return n;
    }),
};

type SafetyEnv = { [K in keyof typeof safetyEnvShape]: z.output<(typeof safetyEnvShape)[K]> };

/**
 * The settings from the parsed variables. A fixed clock or a short claim lease is
 * honoured only with a loopback base URL (a local stand-in service or --sandbox):
 * neither can move the calling-hours guard or hand a live dial to a second
 * replica early with a real service.
 */
export function safetySettings(env: SafetyEnv, baseUrlIsLoopback: boolean): SafetySettings | { error: string } {
  if (env.OUTBOUND_CALLS_REQUIRE_CONSENT && env.OUTBOUND_CALLS_CONSENT_FILE === undefined) {
    return { error: "OUTBOUND_CALLS_REQUIRE_CONSENT is on but OUTBOUND_CALLS_CONSENT_FILE is not set: every dial would be refused; set the file or turn the requirement off" };
  }
  for (const name of ["OUTBOUND_CALLS_TEST_NOW", "OUTBOUND_CALLS_TEST_LEASE_MS"] as const) {
    if (env[name] !== undefined && !baseUrlIsLoopback) {
      return {
        error: `${name} is for tests only and is honoured only with a loopback OUTBOUND_CALLS_BASE_URL (a local stand-in service) or --sandbox; unset it`,
      };
    }
  }
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
    readOnly: env.OUTBOUND_CALLS_READ_ONLY,
    auditLog: env.OUTBOUND_CALLS_AUDIT_LOG,
    optOutPollMs: env.OUTBOUND_CALLS_OPT_OUT_POLL_S,
    consentFile: env.OUTBOUND_CALLS_CONSENT_FILE,
    requireConsent: env.OUTBOUND_CALLS_REQUIRE_CONSENT,
    testNow: env.OUTBOUND_CALLS_TEST_NOW,
    testLeaseMs: env.OUTBOUND_CALLS_TEST_LEASE_MS,
  };
}
