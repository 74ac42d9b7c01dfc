/**
 * Configuration from the environment, validated once at start. Every error
 * names the variable and never echoes a value (the key must not reach a log).
 */
import * as z from "zod";
import { phoneLib } from "../phone/lib.js";
import { DEFAULT_BLOCKED_TYPES, NUMBER_TYPES, type NumberTypeName } from "../phone/types.js";
import type { BlockedPrefixes } from "../phone/blocked-prefixes.js";
import { loadBlockedPrefixes } from "./blocked-prefixes-file.js";
import { ConfigurationError } from "./errors.js";
import { safetyEnvShape, safetySettings, type SafetySettings } from "./safety.js";
import { redisEnvShape, redisSettings, type RedisSettings } from "./redis.js";
import { passkeyEnvShape, passkeySettings, type PasskeySettings } from "./passkeys.js";
import { optOutJournalEnvShape, optOutJournalPath } from "./opt-out-journal.js";
import type { VariableDocs, WithDefault } from "./variables.js";

export interface Config {
  apiKey: string;
  /** `{base_url}/api/v1`, without a trailing slash. */
  apiBaseUrl: string;
  /** The origin the key may be sent to, and nowhere else. */
  origin: string;
  timeoutMs: number;
  connectTimeoutMs: number;
  maxResponseBytes: number;
  maxBatchSize: number;
  /** ISO 3166 alpha-2 codes; undefined = any country. */
  allowedCountries: ReadonlySet<string> | undefined;
  blockedTypes: ReadonlySet<NumberTypeName>;
  /** Ranges never dialed (OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE); undefined = none. */
  blockedPrefixes: BlockedPrefixes | undefined;
  agentCacheTtlMs: number;
  /** get_calls waiting (wait_seconds) at once, per client and per process. */
  waits: { perClient: number; perProcess: number };
  /** True when the upstream is the built-in simulated service. */
  sandbox: boolean;
  /** The safety guards' settings (src/config/safety.ts). */
  safety: SafetySettings;
  /** Shared guard state for several replicas (src/config/redis.ts); undefined = in process memory. */
  redis: RedisSettings | undefined;
  /** Whether an approval needs a passkey, and where passkeys are kept without Redis (src/config/passkeys.ts). */
  passkeys: PasskeySettings;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The variables of the schema below, as --help and docs/configuration.md describe them (src/config/variables.ts).
 * A default here is the one the schema applies.
 */
export const serviceVariables = {
  OUTBOUND_CALLS_API_KEY: {
    group: "service",
    required: "yes (not with `--sandbox`)",
    summary: "required (not with --sandbox): the service's API key; sent only to the base URL",
    description:
      "The API key from the service's developer section. Sent as `Authorization: Bearer …` to the base URL only.",
  },
  OUTBOUND_CALLS_BASE_URL: {
    group: "service",
    required: "yes (not with `--sandbox`)",
    example: "https://app.example.com",
    summary: "required (not with --sandbox): the account's application host, https unless loopback",
    description:
      "Your account's application host. The server appends `/api/v1`. `https` is required unless the host is loopback (`127.0.0.1`, `localhost`, `[::1]`).",
  },
  OUTBOUND_CALLS_TIMEOUT_MS: {
    group: "service",
    default: "15000",
    summary: "total deadline of one tool call, retries included",
    description:
      "Total deadline of one tool call, retries and waits included (1000–600000). A `get_call` with `wait_seconds` is the exception: this is then the deadline of each poll, and the wait is bounded by `wait_seconds`.",
  },
  OUTBOUND_CALLS_ALLOWED_COUNTRIES: {
    group: "service",
    unset: "any",
    example: "US,CA",
    summary: "ISO 3166 codes that may be dialed",
    description:
      "ISO 3166 codes that may be dialed, comma-separated. Checked on the number's country, not its `+1` prefix (so `+1 268` Antigua is not the US).",
  },
  OUTBOUND_CALLS_BLOCKED_TYPES: {
    group: "service",
    default: DEFAULT_BLOCKED_TYPES.join(","),
    summary: 'number types refused, or "none"',
    description:
      "Number types refused (libphonenumber types: `PREMIUM_RATE`, `SHARED_COST`, `TOLL_FREE`, `VOIP`, `PERSONAL_NUMBER`, `PAGER`, `UAN`, `VOICEMAIL`, `FIXED_LINE`, `MOBILE`, `FIXED_LINE_OR_MOBILE`), or `none`. UK 03 numbers count as fixed lines; a `FIXED_LINE_OR_MOBILE` number (every US and Canadian one) is refused when `MOBILE` or `FIXED_LINE` is blocked. Why each: [number-policy.md](number-policy.md).",
  },
  OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE: {
    group: "service",
    summary: "file of international prefixes never dialed (e.g. high-risk ranges), one a line",
    description:
      "File of international prefixes never dialed (`+53`, `+371 6`), one a line, e.g. your carrier's high-risk ranges for revenue-share fraud; off unless set; a bad line stops the start. See [number-policy.md](number-policy.md).",
  },
  OUTBOUND_CALLS_MAX_BATCH_SIZE: {
    group: "service",
    default: "1000",
    summary: "most rows in one submit_batch",
    description: "Most rows in one `submit_batch`.",
  },
  OUTBOUND_CALLS_MAX_WAITS_PER_CLIENT: {
    group: "service",
    default: "4",
    summary: "get_calls waiting (wait_seconds) at once per client",
    description:
      "Most `get_call`s waiting (`wait_seconds`) at once for one client (over `--http`, one address; over stdio, the one client); one more is refused at once with what to do instead.",
  },
  OUTBOUND_CALLS_MAX_WAITS: {
    group: "service",
    default: "64",
    summary: "get_calls waiting at once in the process, all clients",
    description: "Most `get_call`s waiting at once in the whole process, all clients together.",
  },
  OUTBOUND_CALLS_MAX_RESPONSE_BYTES: {
    group: "service",
    default: "1048576",
    summary: "largest answer read from the service",
    description: "Largest answer read from the service; a larger one is cut off and reported as a fault.",
  },
} as const satisfies VariableDocs;

const intVar = (name: WithDefault<typeof serviceVariables>, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === "") return Number(serviceVariables[name].default);
      const n = /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${name} must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const listVar = (raw: string | undefined): string[] =>
  (raw ?? "")
    .split(",")
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s.length > 0);

const envSchema = z.object({
  OUTBOUND_CALLS_API_KEY: z
    .string({ error: "OUTBOUND_CALLS_API_KEY is required: the API key from the service's developer section" })
    .transform((raw, ctx) => {
      const key = raw.trim();
      if (key.length === 0) {
        ctx.addIssue({
          code: "custom",
          message: "OUTBOUND_CALLS_API_KEY is required: the API key from the service's developer section",
        });
        return z.NEVER;
      }
      if (/[\s\u0000-\u001f\u007f]/.test(key)) {
        ctx.addIssue({
          code: "custom",
          message: "OUTBOUND_CALLS_API_KEY contains white space or control characters; paste the key alone",
        });
        return z.NEVER;
      }
      return key;
    }),
  OUTBOUND_CALLS_BASE_URL: z
    .string({
      error: "OUTBOUND_CALLS_BASE_URL is required: your account's application host, e.g. https://app.example.com",
    })
    .transform((raw, ctx) => {
      let url: URL;
      try {
        url = new URL(raw.trim());
      } catch {
        ctx.addIssue({
          code: "custom",
          message: "OUTBOUND_CALLS_BASE_URL is not a URL; expected e.g. https://app.example.com",
        });
        return z.NEVER;
      }
      if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
        ctx.addIssue({
          code: "custom",
          message:
            "OUTBOUND_CALLS_BASE_URL must use https (plain http is allowed only for a loopback host such as 127.0.0.1), so the key never travels in clear text",
        });
        return z.NEVER;
      }
      if (url.username || url.password || url.search || url.hash) {
        ctx.addIssue({
          code: "custom",
          message: "OUTBOUND_CALLS_BASE_URL must not carry credentials, a query or a fragment",
        });
        return z.NEVER;
      }
      // The server appends /api/v1; accept a URL that already ends with it.
      const path = url.pathname.replace(/\/+$/, "").replace(/\/api\/v1$/, "");
      return { origin: url.origin, apiBaseUrl: `${url.origin}${path}/api/v1` };
    }),
  OUTBOUND_CALLS_TIMEOUT_MS: intVar("OUTBOUND_CALLS_TIMEOUT_MS", 1_000, 600_000),
  OUTBOUND_CALLS_MAX_BATCH_SIZE: intVar("OUTBOUND_CALLS_MAX_BATCH_SIZE", 1, 100_000),
  OUTBOUND_CALLS_MAX_RESPONSE_BYTES: intVar("OUTBOUND_CALLS_MAX_RESPONSE_BYTES", 1_024, 64 * 1024 * 1024),
  OUTBOUND_CALLS_MAX_WAITS_PER_CLIENT: intVar("OUTBOUND_CALLS_MAX_WAITS_PER_CLIENT", 1, 10_000),
  OUTBOUND_CALLS_MAX_WAITS: intVar("OUTBOUND_CALLS_MAX_WAITS", 1, 100_000),
  OUTBOUND_CALLS_ALLOWED_COUNTRIES: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const codes = listVar(raw);
      if (codes.length === 0) return undefined;
      // The phone metadata is loaded only when this variable is set (src/phone/lib.ts).
      const { isSupportedCountry } = phoneLib();
      const bad = codes.filter((c) => !/^[A-Z]{2}$/.test(c) || !isSupportedCountry(c));
      if (bad.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `OUTBOUND_CALLS_ALLOWED_COUNTRIES must be ISO 3166 two-letter codes separated by commas (e.g. US,CA,GB); not understood: ${bad.join(", ")}`,
        });
        return z.NEVER;
      }
      return new Set(codes);
    }),
  OUTBOUND_CALLS_BLOCKED_TYPES: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      // Unset or blank (as MCP client configs often write an empty value) keeps the default: never fail open.
      if (raw === undefined || raw.trim() === "") return new Set<NumberTypeName>(DEFAULT_BLOCKED_TYPES);
      const types = listVar(raw);
      if (types.length === 1 && types[0] === "NONE") return new Set<NumberTypeName>();
      const bad = types.filter((t) => !(NUMBER_TYPES as readonly string[]).includes(t));
      if (bad.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `OUTBOUND_CALLS_BLOCKED_TYPES takes number types separated by commas (${NUMBER_TYPES.join(", ")}) or "none"; not understood: ${bad.join(", ")}`,
        });
        return z.NEVER;
      }
      return new Set(types as NumberTypeName[]);
    }),
  OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE: z
    .string()
    .optional()
    .transform((raw) => (raw === undefined || raw.trim() === "" ? undefined : raw.trim())),
  ...safetyEnvShape,
  ...optOutJournalEnvShape,
  ...redisEnvShape,
  ...passkeyEnvShape,
});

export interface ConfigOverrides {
  sandbox?: boolean;
}

/**
 * Some messages quote the values they did not understand (upper-cased); if the key
 * was pasted into the wrong variable it would be quoted too. Remove it, in any case.
 */
function withoutKey(message: string, rawKey: string | undefined): string {
  const parts = (rawKey ?? "").split(/\s+/).filter((p) => p.length >= 4);
  let out = message;
  for (const part of parts.sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), "[redacted]");
  }
  return out;
}

/** Reads and validates the environment; throws ConfigurationError naming every variable that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv, overrides: ConfigOverrides = {}): Config {
  // Parsed once per process: zod's compiled fast path for objects (generated code, compiled on the object's first
  // parse) would cost more to build than it saves, about 2 ms of every start (docs/performance.md).
  const parsed = envSchema.safeParse(env, { jitless: true });
  if (!parsed.success) {
    // Every problem at once (a person fixing a client's config should not need one run per variable).
    // Our own messages start with the variable name; zod's generic ones get it prefixed.
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? "");
      const text = issue.message.startsWith("OUTBOUND_CALLS_") ? issue.message : `${variable}: ${issue.message}`;
      return withoutKey(text, env.OUTBOUND_CALLS_API_KEY);
    });
    throw new ConfigurationError(problems.length > 0 ? problems : ["invalid configuration"]);
  }
  const e = parsed.data;
  const allowedCountries = e.OUTBOUND_CALLS_ALLOWED_COUNTRIES;
  const settings = safetySettings(e, isLoopbackHost(new URL(e.OUTBOUND_CALLS_BASE_URL.origin).hostname));
  if ("error" in settings) throw new ConfigurationError(settings.error);
  // The sandbox's first try works at any hour: there, calling hours are off unless OUTBOUND_CALLS_CALLING_HOURS is
  // set (set it, e.g. to 08:00-21:00, to try the guard). Live, unset means 08:00-21:00.
  const sandboxHoursOff = overrides.sandbox === true && !env.OUTBOUND_CALLS_CALLING_HOURS?.trim();
  const safety = {
    ...settings,
    ...(sandboxHoursOff ? { callingHours: undefined } : {}),
    // The sandbox's calls reach nobody: an opt-out heard on one must not refuse a real dial later, so the sandbox keeps
    // no journal unless one is named.
    optOutJournal:
      overrides.sandbox === true && e.OUTBOUND_CALLS_OPT_OUT_JOURNAL === undefined
        ? undefined
        : optOutJournalPath(e.OUTBOUND_CALLS_OPT_OUT_JOURNAL, env),
  };
  const passkeys = passkeySettings(e, env);
  if (passkeys.required && safety.confirm !== "person") {
    // A passkey guards a person's yes; under token or never no person says yes, so the setting would promise nothing.
    throw new ConfigurationError(
      `OUTBOUND_CALLS_APPROVAL_PASSKEY=required needs OUTBOUND_CALLS_CONFIRM=person (the default), not ${safety.confirm}: only a person's approval can carry a passkey`,
    );
  }
  return {
    apiKey: e.OUTBOUND_CALLS_API_KEY,
    apiBaseUrl: e.OUTBOUND_CALLS_BASE_URL.apiBaseUrl,
    origin: e.OUTBOUND_CALLS_BASE_URL.origin,
    timeoutMs: e.OUTBOUND_CALLS_TIMEOUT_MS,
    // Connecting is quick or broken: give it a small share of the deadline.
    connectTimeoutMs: Math.min(5_000, Math.max(500, Math.floor(e.OUTBOUND_CALLS_TIMEOUT_MS / 3))),
    maxResponseBytes: e.OUTBOUND_CALLS_MAX_RESPONSE_BYTES,
    maxBatchSize: e.OUTBOUND_CALLS_MAX_BATCH_SIZE,
    allowedCountries,
    blockedTypes: e.OUTBOUND_CALLS_BLOCKED_TYPES,
    blockedPrefixes:
      e.OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE === undefined
        ? undefined
        : loadBlockedPrefixes(e.OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE),
    agentCacheTtlMs: 60_000,
    waits: { perClient: e.OUTBOUND_CALLS_MAX_WAITS_PER_CLIENT, perProcess: e.OUTBOUND_CALLS_MAX_WAITS },
    sandbox: overrides.sandbox ?? false,
    safety,
    redis: redisSettings(e),
    passkeys,
  };
}
