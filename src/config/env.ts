/**
 * Configuration from the environment, validated once at start. Every error
 * names the variable and never echoes a value (the key must not reach a log).
 */
import * as z from "zod";
import type { NumberTypeName } from "../phone/types.js";
import type { BlockedPrefixes } from "../phone/blocked-prefixes.js";
import { loadBlockedPrefixes } from "./blocked-prefixes-file.js";
import { ConfigurationError } from "./errors.js";
import { approvalVariables } from "./approval.js";
import { lawVariables } from "./law.js";
import { optOutModelSettings, optOutModelVariables, type OptOutModelSettings } from "./opt-out-model.js";
import { optOutJournalPath, optOutVariables } from "./opt-outs.js";
import { passkeySettings, passkeyVariables, type PasskeySettings } from "./passkeys.js";
import { redisSettings, redisVariables, type RedisSettings } from "./redis.js";
import { safetySettings, safetyVariables, type SafetySettings } from "./safety.js";
import { isLoopbackHost, serviceVariables } from "./service.js";
import { testVariables } from "./test-hooks.js";
import { shapeOf } from "./variables.js";

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
  /** The operator's model as a second reader of ended calls (src/config/opt-out-model.ts); undefined = off. */
  optOutModel?: OptOutModelSettings | undefined;
}

export { isLoopbackHost } from "./service.js";

/** Every variable loadConfig reads, in one schema; each part is declared beside its parser. */
const envSchema = z.object({
  ...shapeOf(serviceVariables),
  ...shapeOf(approvalVariables),
  ...shapeOf(safetyVariables),
  ...shapeOf(lawVariables),
  ...shapeOf(optOutVariables),
  ...shapeOf(optOutModelVariables),
  ...shapeOf(testVariables),
  ...shapeOf(redisVariables),
  ...shapeOf(passkeyVariables),
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
      // The opt-out model's key too: it is as secret as the service's.
      return withoutKey(withoutKey(text, env.OUTBOUND_CALLS_API_KEY), env.OUTBOUND_CALLS_OPT_OUT_MODEL_KEY);
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
  const optOutModel = optOutModelSettings(e);
  if (optOutModel && "error" in optOutModel) throw new ConfigurationError(optOutModel.error);
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
    optOutModel,
  };
}
