/**
 * The environment variables of the safety guards, as zod fields that config.ts
 * merges into its one schema over process.env. Each has a safe default; each
 * message names the variable and never echoes a value.
 */
import * as z from "zod";
import { phoneLib } from "../phone/lib.js";
import { parseSwitch } from "./switch.js";
import type { VariableDocs, WithDefault } from "./variables.js";
import { parseCallingWindow, type CallingWindow } from "./calling-window.js";

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

/** OUTBOUND_CALLS_REQUIRE_CONSENT, as the guards read it (true is `always`, false is `off`). */
export type ConsentRequirement = "law" | "always" | "off";

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
  /** This process's journal of opt-outs (src/config/opt-out-journal.ts); undefined: off. */
  optOutJournal: string | undefined;
  /** Tests only: the clock starts at this instant (epoch ms) and runs on. */
  testNow: number | undefined;
  /** Tests only: the lease of an unsettled dial claim (ms), instead of 60 s (guards/dedupe/ledger.ts). */
  testLeaseMs: number | undefined;
}

/**
 * The variables of safetyEnvShape below, as --help and docs/configuration.md describe them
 * (src/config/variables.ts). A default here is the one the schema applies.
 */
export const safetyVariables = {
  OUTBOUND_CALLS_CONFIRM: {
    group: "safety",
    default: "person",
    summary:
      "who says yes to a dial: person (the client's dialog or link, else the approval page), token (the model's dry-run token; weaker), never (unattended dialing)",
    description:
      "Who says yes to a dial: `person` (the client's dialog or link, else the approval page), `token` (the model's dry-run token; weaker), `never` (unattended). `auto` and `always` are refused at start with what to set instead. See [approval.md](approval.md).",
  },
  OUTBOUND_CALLS_APPROVAL_WAIT_S: {
    group: "safety",
    // Under the 60 s request timeout of clients that do not extend it on progress (the SDK's default).
    default: "50",
    summary: 'how long a tool call waits for the person\'s decision before answering "pending"',
    description:
      'How long a tool call waits for the person\'s decision before it answers "pending" (a repeat of the call picks the decision up).',
  },
  OUTBOUND_CALLS_APPROVAL_TTL_S: {
    group: "safety",
    default: "600",
    summary: "how long an approval can be decided, then used once",
    description: "How long an approval can be decided, and then used once.",
  },
  OUTBOUND_CALLS_DEDUPE_WINDOW_S: {
    group: "safety",
    default: "600",
    summary:
      "within this many seconds an identical dial is not dialed again, and another dial to the same number is refused unless repeat_dial is true; 0 = off",
    description:
      "Seconds in which an identical dial returns the first one instead of dialing again, and another dial to the same number is refused unless the request sets `repeat_dial: true`; `0` = off.",
  },
  OUTBOUND_CALLS_DO_NOT_CALL_FILE: {
    group: "safety",
    summary: "file of numbers never to dial, one a line, any format; a bad line stops the start",
    description: "File of numbers never dialed, one a line, any format; a line that cannot be read stops the start.",
  },
  OUTBOUND_CALLS_DEFAULT_COUNTRY: {
    group: "safety",
    example: "US",
    summary: "ISO 3166 code for do-not-call lines written without +",
    description: "ISO 3166 code for do-not-call lines without `+` (and for suggesting fixes).",
  },
  OUTBOUND_CALLS_CALLING_HOURS: {
    group: "safety",
    default: "08:00-21:00",
    summary: "HH:MM-HH:MM in the callee's local time, or off; unset in the sandbox: off",
    description: "Window in the callee's local time, `HH:MM-HH:MM`, or `off`. In the sandbox, unset means `off`.",
  },
  OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: {
    group: "safety",
    default: "60",
    summary: "dials in any hour, batch rows counted, or off",
    description: "Dials in any hour, batch rows counted, or `off`.",
  },
  OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON: {
    group: "safety",
    default: "off",
    summary: "with OAuth: dials one person may place in any hour, batch rows counted, or off",
    description:
      "With OAuth (`--http`): dials one person (the access token's `sub`) may place in any hour, batch rows counted, or `off`. Counted as the dials-per-hour cap is, in the guard store, on every replica; it applies beside `OUTBOUND_CALLS_MAX_DIALS_PER_HOUR`.",
  },
  OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: {
    group: "safety",
    default: "3",
    summary: "dials to one number in any 24 hours, or off",
    description: "Dials to one number in any 24 hours, or `off`.",
  },
  OUTBOUND_CALLS_READ_ONLY: {
    group: "safety",
    default: "false",
    summary: "true: register only the reading tools (also --read-only)",
    description: "`true`/`1`: only the reading tools (same as `--read-only`).",
  },
  OUTBOUND_CALLS_AUDIT_LOG: {
    group: "safety",
    summary:
      "file for one JSON line per write attempt (created 0600); without Redis, caps, dedupe and opt-outs survive restarts",
    description:
      "File for one JSON line per write attempt, and one before each POST (created 0600). Without Redis it makes the caps, the dedupe window and the opt-outs survive restarts (they are read back at start).",
  },
  OUTBOUND_CALLS_CONSENT_FILE: {
    group: "safety",
    unset: "none",
    example: "/etc/outbound-calls/consent.csv",
    summary: "the operator's consent records: number,basis,source,obtained[,expires] a line; shown before each dial",
    description:
      "The operator's consent records, one `number,basis,source,obtained[,expires]` a line ([compliance](compliance.md#consent-records)): each dialed number's basis is shown in the preview and the approval and recorded in the audit line; an opt-out revokes it. A bad line stops the start.",
  },
  OUTBOUND_CALLS_REQUIRE_CONSENT: {
    group: "safety",
    default: "law",
    example: "true",
    summary:
      "law: a record or a person's attestation where the law of the place requires consent for an AI voice; true: a record for every number too; false: off",
    description:
      "`law` (the default): where the law of the place called requires the person's prior consent for a call made by an AI voice (for `OUTBOUND_CALLS_CALL_PURPOSE`), a dial needs a live record of an accepted basis in `OUTBOUND_CALLS_CONSENT_FILE`, or the attestation of the person who approves it; a place whose law lets no consent lift the rule is refused ([compliance](compliance.md#consent-where-the-law-requires-it)). `true`: that, and every number needs a live record (rule `no_consent`). `false`: no consent check, said on stderr at every start as an accepted risk.",
  },
  OUTBOUND_CALLS_CALL_PURPOSE: {
    group: "safety",
    default: "telemarketing",
    example: "informational",
    summary: "what the calls are for, telemarketing or informational: which laws of the place called apply",
    description:
      "What the calls are for: `telemarketing` (the default: the calling hours, days, holidays and per-number limits of the law of the place called apply) or `informational` (only the rules that bind any automated call, such as California's hours for device calls, apply; `OUTBOUND_CALLS_CALLING_HOURS` still does). The default is the one whose wrong guess costs least ([compliance](compliance.md#the-law-of-the-place-called)).",
  },
  OUTBOUND_CALLS_RULES_FILE: {
    group: "safety",
    unset: "the built-in rules",
    example: "/etc/outbound-calls/rules.json",
    summary:
      "JSON file that changes, switches off or adds rules of the law of the place called; a bad file stops the start",
    description:
      "JSON file that changes, switches off or adds rules of the law of the place called ([compliance](compliance.md#changing-the-rules)). A file that cannot be read or does not match the schema stops the start, naming the field.",
  },
  OUTBOUND_CALLS_RULES_PROVENANCE: {
    group: "safety",
    default: "all",
    example: "official",
    summary:
      "which rules of the law of the place called apply by their source: all (official text, official summary, secondary) or official",
    description:
      "Which rules of the law of the place called apply, by the tier of the source each was read from ([compliance](compliance.md#the-rules-and-their-sources)): `all` (the default: official text, official summary and secondary sources; each rule only restricts, so a weaker source only delays a call) or `official` (only rules read in the law's own text). The start's log names every rule left out.",
  },
  OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW: {
    group: "safety",
    default: "60",
    example: "20",
    summary:
      "a batch may ring this long per row after it is sent: every row's place must stay open that long, 1-3600 s",
    description:
      "How long the service may take per row to ring a batch (its pacing is not documented): a `submit_batch` of N rows is allowed only if every row's place stays open, under the law of the place called, for N times this plus 30 s; otherwise it is refused, naming the rule, the place, the closing time and how many rows may go now ([compliance](compliance.md#a-batch-near-closing)).",
  },
  OUTBOUND_CALLS_OPT_OUT_POLL_S: {
    group: "safety",
    default: "15",
    example: "5",
    summary: "how often placed calls are read for an opt-out until they end, 1-60 s",
    description:
      "How often each call this server placed is read until it ends, to find a person who said stop ([compliance](compliance.md#opt-outs)); 15 s keeps an opt-out within about a minute of the call's end.",
  },
  OUTBOUND_CALLS_TEST_NOW: {
    group: "safety",
    example: "2026-11-21T15:00:00Z",
    summary: "tests only: start the clock at this UTC time; only with a loopback base URL",
    description:
      "Tests only: start the guards' clock at this UTC time; accepted only with a loopback base URL or `--sandbox`.",
  },
  OUTBOUND_CALLS_TEST_LEASE_MS: {
    group: "safety",
    unset: "60000",
    summary: "tests only: the lease of a dial claim in ms; only with a loopback base URL",
    description:
      "Tests only: the lease of an unsettled dial claim, 100–60000 ms (see [a replica that dies](replicas.md#a-replica-that-dies-between-claiming-and-sending)); accepted only with a loopback base URL or `--sandbox`.",
  },
} as const satisfies VariableDocs;

type Defaulted = WithDefault<typeof safetyVariables>;

/** The default of a variable above, as its parser reads it. */
const fallback = (name: Defaulted): string => safetyVariables[name].default;

const custom = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};

const blank = (raw: string | undefined): raw is undefined => raw === undefined || raw.trim() === "";

/** A whole number, or "off" (undefined). */
const capVar = (name: Defaulted, max: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): number | undefined => {
      const text = (blank(raw) ? fallback(name) : raw).trim().toLowerCase();
      if (text === "off") return undefined;
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < 1 || n > max)
        return custom(ctx, `${name} must be a whole number from 1 to ${max}, or off`);
      return n;
    });

/** Whole seconds in [min, max], as milliseconds. */
const secondsVar = (name: Defaulted, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): number => {
      const text = (blank(raw) ? fallback(name) : raw).trim();
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < min || n > max)
        return custom(ctx, `${name} must be a whole number of seconds from ${min} to ${max}`);
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
      const mode = (blank(raw) ? fallback("OUTBOUND_CALLS_CONFIRM") : raw).trim().toLowerCase();
      if (mode === "person" || mode === "token" || mode === "never") return mode;
      const retired = RETIRED_MODES[mode];
      if (retired) return custom(ctx, retired);
      return custom(ctx, "OUTBOUND_CALLS_CONFIRM must be person (the default), token or never");
    }),
  OUTBOUND_CALLS_APPROVAL_WAIT_S: secondsVar("OUTBOUND_CALLS_APPROVAL_WAIT_S", 1, 3_600),
  OUTBOUND_CALLS_APPROVAL_TTL_S: secondsVar("OUTBOUND_CALLS_APPROVAL_TTL_S", 1, 86_400),
  OUTBOUND_CALLS_DEDUPE_WINDOW_S: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = (blank(raw) ? fallback("OUTBOUND_CALLS_DEDUPE_WINDOW_S") : raw).trim();
      const n = Number(text);
      if (!/^\d+$/.test(text) || n > 86_400)
        return custom(ctx, "OUTBOUND_CALLS_DEDUPE_WINDOW_S must be a whole number of seconds from 0 (off) to 86400");
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
      const text = blank(raw) ? fallback("OUTBOUND_CALLS_CALLING_HOURS") : raw;
      if (text.trim().toLowerCase() === "off") return undefined;
      const window = parseCallingWindow(text);
      if (!window)
        return custom(
          ctx,
          'OUTBOUND_CALLS_CALLING_HOURS must be HH:MM-HH:MM in the callee\'s local time (e.g. 08:00-21:00), or "off"',
        );
      return window;
    }),
  OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: capVar("OUTBOUND_CALLS_MAX_DIALS_PER_HOUR", 100_000),
  OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: capVar("OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY", 1_000),
  OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON: capVar("OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON", 100_000),
  OUTBOUND_CALLS_READ_ONLY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = parseSwitch(blank(raw) ? fallback("OUTBOUND_CALLS_READ_ONLY") : raw);
      if (typeof value === "boolean") return value;
      return custom(ctx, "OUTBOUND_CALLS_READ_ONLY must be true, false, 1 or 0");
    }),
  OUTBOUND_CALLS_AUDIT_LOG: pathVar,
  OUTBOUND_CALLS_CONSENT_FILE: pathVar,
  OUTBOUND_CALLS_REQUIRE_CONSENT: z
    .string()
    .optional()
    .transform((raw, ctx): ConsentRequirement => {
      const text = (blank(raw) ? fallback("OUTBOUND_CALLS_REQUIRE_CONSENT") : raw).trim().toLowerCase();
      if (text === "law") return "law";
      const value = parseSwitch(text);
      if (value === true) return "always";
      if (value === false) return "off";
      return custom(ctx, "OUTBOUND_CALLS_REQUIRE_CONSENT must be law (the default), true, false, 1 or 0");
    }),
  OUTBOUND_CALLS_CALL_PURPOSE: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = (blank(raw) ? fallback("OUTBOUND_CALLS_CALL_PURPOSE") : raw).trim().toLowerCase();
      if (text === "telemarketing" || text === "informational") return text;
      return custom(ctx, "OUTBOUND_CALLS_CALL_PURPOSE must be telemarketing or informational");
    }),
  OUTBOUND_CALLS_RULES_FILE: pathVar,
  OUTBOUND_CALLS_RULES_PROVENANCE: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = (blank(raw) ? fallback("OUTBOUND_CALLS_RULES_PROVENANCE") : raw).trim().toLowerCase();
      if (text === "all" || text === "official") return text;
      return custom(ctx, "OUTBOUND_CALLS_RULES_PROVENANCE must be all (the default) or official");
    }),
  // Reads every placed call until final; 15 s keeps an opt-out within about a minute of the call's end.
  OUTBOUND_CALLS_OPT_OUT_POLL_S: secondsVar("OUTBOUND_CALLS_OPT_OUT_POLL_S", 1, 60),
  // The service's pacing of a batch is undocumented: 60 s a row assumes a slow one (docs/compliance.md).
  OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW: secondsVar("OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW", 1, 3_600),
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
        return custom(
          ctx,
          "OUTBOUND_CALLS_TEST_LEASE_MS (tests only) must be a whole number of milliseconds from 100 to 60000",
        );
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
export function safetySettings(
  env: SafetyEnv,
  baseUrlIsLoopback: boolean,
): Omit<SafetySettings, "optOutJournal"> | { error: string } {
  if (env.OUTBOUND_CALLS_REQUIRE_CONSENT === "always" && env.OUTBOUND_CALLS_CONSENT_FILE === undefined) {
    return {
      error:
        "OUTBOUND_CALLS_REQUIRE_CONSENT is true but OUTBOUND_CALLS_CONSENT_FILE is not set: every dial would be refused; set the file, or set law (the default) or false",
    };
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
