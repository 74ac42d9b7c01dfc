import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { isLoopbackHost, loadConfig, type Config } from "../../src/config/env.js";
import { DEFAULT_BLOCKED_TYPES } from "../../src/phone/types.js";
import { ConfigurationError } from "../../src/config/errors.js";

const KEY = "sk_test_CANARY_123456";
const BASE = { OUTBOUND_CALLS_API_KEY: KEY, OUTBOUND_CALLS_BASE_URL: "https://app.example.com" };

function env(over: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...BASE };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) delete e[k];
    else e[k] = v;
  }
  return e;
}

/** Runs loadConfig expecting a ConfigurationError; returns it. */
function refusal(e: NodeJS.ProcessEnv): ConfigurationError {
  try {
    loadConfig(e);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error("loadConfig accepted the environment");
}

/** Every form in which the error could be printed must be free of any secret-looking value given. */
function expectNoSecret(error: Error, secrets: string[]): void {
  const forms = [error.message, String(error), error.stack ?? "", inspect(error, { depth: 5 }), JSON.stringify(error)];
  for (const secret of secrets) {
    for (const form of forms) expect(form.toLowerCase()).not.toContain(secret.toLowerCase());
  }
}

describe("loadConfig: defaults", () => {
  it("fills every default from the two required variables", () => {
    const { safety, passkeys, ...c } = loadConfig(env({}));
    expect(passkeys.required).toBe(false);
    expect(passkeys.file).toMatch(/outbound-calls-mcp\/passkeys\.json$/);
    // Every guard's default is tested in test/unit/safety/settings.test.ts; here, that they are merged in.
    expect(safety).toMatchObject({
      confirm: "person",
      dedupeWindowMs: 600_000,
      readOnly: false,
      callingHours: { text: "08:00-21:00" },
    });
    expect(c).toEqual<Omit<Config, "safety" | "passkeys">>({
      apiKey: KEY,
      apiBaseUrl: "https://app.example.com/api/v1",
      origin: "https://app.example.com",
      timeoutMs: 15_000,
      connectTimeoutMs: 5_000,
      maxResponseBytes: 1_048_576,
      maxBatchSize: 1_000,
      allowedCountries: undefined,
      blockedTypes: new Set(DEFAULT_BLOCKED_TYPES),
      blockedPrefixes: undefined,
      agentCacheTtlMs: 60_000,
      waits: { perClient: 4, perProcess: 64 },
      sandbox: false,
      redis: undefined,
    });
  });

  it("takes the sandbox flag from the overrides", () => {
    expect(loadConfig(env({}), { sandbox: true }).sandbox).toBe(true);
  });

  it("trims the key", () => {
    expect(loadConfig(env({ OUTBOUND_CALLS_API_KEY: `  ${KEY}\n` })).apiKey).toBe(KEY);
  });
});

describe("loadConfig: base URL", () => {
  const cases: Array<[string, string, string]> = [
    ["https://app.example.com", "https://app.example.com", "https://app.example.com/api/v1"],
    ["https://app.example.com/", "https://app.example.com", "https://app.example.com/api/v1"],
    ["https://app.example.com///", "https://app.example.com", "https://app.example.com/api/v1"],
    ["https://app.example.com/api/v1", "https://app.example.com", "https://app.example.com/api/v1"],
    ["https://app.example.com/api/v1/", "https://app.example.com", "https://app.example.com/api/v1"],
    ["https://app.example.com/tenant", "https://app.example.com", "https://app.example.com/tenant/api/v1"],
    ["https://app.example.com/tenant/api/v1/", "https://app.example.com", "https://app.example.com/tenant/api/v1"],
    ["https://app.example.com:8443", "https://app.example.com:8443", "https://app.example.com:8443/api/v1"],
    ["https://app.example.com:443/", "https://app.example.com", "https://app.example.com/api/v1"],
    ["HTTPS://APP.Example.COM", "https://app.example.com", "https://app.example.com/api/v1"],
    ["  https://app.example.com  ", "https://app.example.com", "https://app.example.com/api/v1"],
    ["http://127.0.0.1:8080", "http://127.0.0.1:8080", "http://127.0.0.1:8080/api/v1"],
    ["http://127.10.20.30", "http://127.10.20.30", "http://127.10.20.30/api/v1"],
    ["http://localhost:3000/", "http://localhost:3000", "http://localhost:3000/api/v1"],
    ["http://[::1]:9000", "http://[::1]:9000", "http://[::1]:9000/api/v1"],
  ];
  it.each(cases)("%s -> origin %s, base %s", (url, origin, apiBaseUrl) => {
    const c = loadConfig(env({ OUTBOUND_CALLS_BASE_URL: url }));
    expect(c.origin).toBe(origin);
    expect(c.apiBaseUrl).toBe(apiBaseUrl);
  });

  it.each([
    ["localhost", true],
    ["127.0.0.1", true],
    ["127.255.0.9", true],
    ["[::1]", true],
    ["::1", true],
    ["localhost.evil.example", false],
    ["127.0.0.1.nip.io", false],
    ["10.0.0.1", false],
    ["0.0.0.0", false],
    ["example.com", false],
  ])("isLoopbackHost(%s) is %s", (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe("loadConfig: numbers", () => {
  it.each([
    ["OUTBOUND_CALLS_TIMEOUT_MS", "1000", "timeoutMs", 1_000],
    ["OUTBOUND_CALLS_TIMEOUT_MS", "600000", "timeoutMs", 600_000],
    ["OUTBOUND_CALLS_TIMEOUT_MS", " 20000 ", "timeoutMs", 20_000],
    ["OUTBOUND_CALLS_TIMEOUT_MS", "", "timeoutMs", 15_000],
    ["OUTBOUND_CALLS_MAX_BATCH_SIZE", "1", "maxBatchSize", 1],
    ["OUTBOUND_CALLS_MAX_BATCH_SIZE", "100000", "maxBatchSize", 100_000],
    ["OUTBOUND_CALLS_MAX_BATCH_SIZE", "  ", "maxBatchSize", 1_000],
    ["OUTBOUND_CALLS_MAX_RESPONSE_BYTES", "1024", "maxResponseBytes", 1_024],
    ["OUTBOUND_CALLS_MAX_RESPONSE_BYTES", String(64 * 1024 * 1024), "maxResponseBytes", 64 * 1024 * 1024],
  ] as const)("%s=%j -> %s %d", (name, value, field, expected) => {
    expect(loadConfig(env({ [name]: value }))[field]).toBe(expected);
  });

  it.each([
    ["1000", 500],
    ["3000", 1_000],
    ["9000", 3_000],
    ["15000", 5_000],
    ["600000", 5_000],
  ])("connect timeout for OUTBOUND_CALLS_TIMEOUT_MS=%s is %d", (value, expected) => {
    expect(loadConfig(env({ OUTBOUND_CALLS_TIMEOUT_MS: value })).connectTimeoutMs).toBe(expected);
  });
});

describe("loadConfig: number policy", () => {
  it.each([
    ["US", ["US"]],
    ["us, ca", ["US", "CA"]],
    [" gb ,IE,", ["GB", "IE"]],
  ])("OUTBOUND_CALLS_ALLOWED_COUNTRIES=%j", (value, expected) => {
    expect([...(loadConfig(env({ OUTBOUND_CALLS_ALLOWED_COUNTRIES: value })).allowedCountries ?? [])]).toEqual(
      expected,
    );
  });

  it.each(["", "   "])("OUTBOUND_CALLS_ALLOWED_COUNTRIES=%j means any country", (value) => {
    expect(loadConfig(env({ OUTBOUND_CALLS_ALLOWED_COUNTRIES: value })).allowedCountries).toBeUndefined();
  });

  it.each([
    ["none", []],
    ["NONE", []],
    [" None ", []],
    ["toll_free", ["TOLL_FREE"]],
    ["PREMIUM_RATE, SHARED_COST, TOLL_FREE", ["PREMIUM_RATE", "SHARED_COST", "TOLL_FREE"]],
    ["VOIP,PAGER,UAN,VOICEMAIL,PERSONAL_NUMBER", ["VOIP", "PAGER", "UAN", "VOICEMAIL", "PERSONAL_NUMBER"]],
    // Blank keeps the default: an empty value in a client's config must not switch the safety off.
    ["", [...DEFAULT_BLOCKED_TYPES]],
    ["  ", [...DEFAULT_BLOCKED_TYPES]],
  ])("OUTBOUND_CALLS_BLOCKED_TYPES=%j", (value, expected) => {
    expect([...loadConfig(env({ OUTBOUND_CALLS_BLOCKED_TYPES: value })).blockedTypes].sort()).toEqual(
      [...expected].sort(),
    );
  });
});

interface Refused {
  name: string;
  env: NodeJS.ProcessEnv;
  words: string[];
}

const HTTPS_RULE = ["OUTBOUND_CALLS_BASE_URL", "https", "loopback"];
const refused: Refused[] = [
  { name: "no key", env: env({ OUTBOUND_CALLS_API_KEY: undefined }), words: ["OUTBOUND_CALLS_API_KEY", "required"] },
  { name: "empty key", env: env({ OUTBOUND_CALLS_API_KEY: "" }), words: ["OUTBOUND_CALLS_API_KEY", "required"] },
  { name: "blank key", env: env({ OUTBOUND_CALLS_API_KEY: "  \t " }), words: ["OUTBOUND_CALLS_API_KEY", "required"] },
  { name: "nothing at all", env: {}, words: ["OUTBOUND_CALLS_API_KEY", "required"] },
  {
    name: "key with a space",
    env: env({ OUTBOUND_CALLS_API_KEY: "sk_test_CANARY 123456" }),
    words: ["OUTBOUND_CALLS_API_KEY", "white space"],
  },
  {
    name: "key pasted with Bearer",
    env: env({ OUTBOUND_CALLS_API_KEY: `Bearer ${KEY}` }),
    words: ["OUTBOUND_CALLS_API_KEY", "white space"],
  },
  {
    name: "key with a newline inside",
    env: env({ OUTBOUND_CALLS_API_KEY: "sk_test_CANARY\n_123456" }),
    words: ["OUTBOUND_CALLS_API_KEY"],
  },
  {
    name: "key with a control character",
    env: env({ OUTBOUND_CALLS_API_KEY: "sk_test_CANARY\u0007_123456" }),
    words: ["OUTBOUND_CALLS_API_KEY", "control"],
  },
  {
    name: "no base URL",
    env: env({ OUTBOUND_CALLS_BASE_URL: undefined }),
    words: ["OUTBOUND_CALLS_BASE_URL", "required"],
  },
  {
    name: "base URL not a URL",
    env: env({ OUTBOUND_CALLS_BASE_URL: "app.example.com" }),
    words: ["OUTBOUND_CALLS_BASE_URL", "not a URL"],
  },
  { name: "empty base URL", env: env({ OUTBOUND_CALLS_BASE_URL: "" }), words: ["OUTBOUND_CALLS_BASE_URL"] },
  { name: "plain http", env: env({ OUTBOUND_CALLS_BASE_URL: "http://app.example.com" }), words: HTTPS_RULE },
  {
    name: "http to a private address",
    env: env({ OUTBOUND_CALLS_BASE_URL: "http://10.0.0.5:8080" }),
    words: HTTPS_RULE,
  },
  {
    name: "http to a lookalike of localhost",
    env: env({ OUTBOUND_CALLS_BASE_URL: "http://localhost.evil.example" }),
    words: HTTPS_RULE,
  },
  {
    name: "http to 127.0.0.1.nip.io",
    env: env({ OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1.nip.io" }),
    words: HTTPS_RULE,
  },
  { name: "ftp", env: env({ OUTBOUND_CALLS_BASE_URL: "ftp://app.example.com" }), words: HTTPS_RULE },
  {
    name: "credentials in the URL",
    env: env({ OUTBOUND_CALLS_BASE_URL: "https://user:pass@app.example.com" }),
    words: ["OUTBOUND_CALLS_BASE_URL", "credentials"],
  },
  {
    name: "the key as URL user",
    env: env({ OUTBOUND_CALLS_BASE_URL: `https://${KEY}@app.example.com` }),
    words: ["OUTBOUND_CALLS_BASE_URL", "credentials"],
  },
  {
    name: "the key in the query",
    env: env({ OUTBOUND_CALLS_BASE_URL: `https://app.example.com/?api_key=${KEY}` }),
    words: ["OUTBOUND_CALLS_BASE_URL", "query"],
  },
  {
    name: "a fragment",
    env: env({ OUTBOUND_CALLS_BASE_URL: `https://app.example.com/#${KEY}` }),
    words: ["OUTBOUND_CALLS_BASE_URL", "fragment"],
  },
  {
    name: "timeout too small",
    env: env({ OUTBOUND_CALLS_TIMEOUT_MS: "999" }),
    words: ["OUTBOUND_CALLS_TIMEOUT_MS", "1000 to 600000"],
  },
  {
    name: "timeout too large",
    env: env({ OUTBOUND_CALLS_TIMEOUT_MS: "600001" }),
    words: ["OUTBOUND_CALLS_TIMEOUT_MS", "whole number"],
  },
  {
    name: "timeout not a number",
    env: env({ OUTBOUND_CALLS_TIMEOUT_MS: "15s" }),
    words: ["OUTBOUND_CALLS_TIMEOUT_MS"],
  },
  {
    name: "timeout fractional",
    env: env({ OUTBOUND_CALLS_TIMEOUT_MS: "1500.5" }),
    words: ["OUTBOUND_CALLS_TIMEOUT_MS"],
  },
  { name: "timeout negative", env: env({ OUTBOUND_CALLS_TIMEOUT_MS: "-15000" }), words: ["OUTBOUND_CALLS_TIMEOUT_MS"] },
  {
    name: "batch size zero",
    env: env({ OUTBOUND_CALLS_MAX_BATCH_SIZE: "0" }),
    words: ["OUTBOUND_CALLS_MAX_BATCH_SIZE", "1 to 100000"],
  },
  {
    name: "batch size too large",
    env: env({ OUTBOUND_CALLS_MAX_BATCH_SIZE: "100001" }),
    words: ["OUTBOUND_CALLS_MAX_BATCH_SIZE"],
  },
  {
    name: "response cap too small",
    env: env({ OUTBOUND_CALLS_MAX_RESPONSE_BYTES: "1023" }),
    words: ["OUTBOUND_CALLS_MAX_RESPONSE_BYTES"],
  },
  {
    name: "response cap too large",
    env: env({ OUTBOUND_CALLS_MAX_RESPONSE_BYTES: String(64 * 1024 * 1024 + 1) }),
    words: ["OUTBOUND_CALLS_MAX_RESPONSE_BYTES"],
  },
  {
    name: "country XX",
    env: env({ OUTBOUND_CALLS_ALLOWED_COUNTRIES: "XX" }),
    words: ["OUTBOUND_CALLS_ALLOWED_COUNTRIES", "XX"],
  },
  {
    name: "country UK (not ISO 3166)",
    env: env({ OUTBOUND_CALLS_ALLOWED_COUNTRIES: "US,UK" }),
    words: ["OUTBOUND_CALLS_ALLOWED_COUNTRIES", "UK"],
  },
  {
    name: "three-letter country",
    env: env({ OUTBOUND_CALLS_ALLOWED_COUNTRIES: "USA" }),
    words: ["OUTBOUND_CALLS_ALLOWED_COUNTRIES", "USA"],
  },
  {
    name: "unknown number type",
    env: env({ OUTBOUND_CALLS_BLOCKED_TYPES: "PREMIUM" }),
    words: ["OUTBOUND_CALLS_BLOCKED_TYPES", "PREMIUM", "none"],
  },
  {
    name: "none mixed with types",
    env: env({ OUTBOUND_CALLS_BLOCKED_TYPES: "none,TOLL_FREE" }),
    words: ["OUTBOUND_CALLS_BLOCKED_TYPES", "NONE"],
  },
  // The key pasted into the wrong variable must not be echoed back, in any case.
  {
    name: "key pasted into the allowlist",
    env: env({ OUTBOUND_CALLS_ALLOWED_COUNTRIES: KEY }),
    words: ["OUTBOUND_CALLS_ALLOWED_COUNTRIES"],
  },
  {
    name: "key pasted into the blocked types",
    env: env({ OUTBOUND_CALLS_BLOCKED_TYPES: `PREMIUM_RATE,${KEY}` }),
    words: ["OUTBOUND_CALLS_BLOCKED_TYPES"],
  },
];

describe("loadConfig: refusals name the variable and never the key", () => {
  it.each(refused)("$name", (c) => {
    const error = refusal(c.env);
    expect(error.name).toBe("ConfigurationError");
    for (const w of c.words) expect(error.message.toLowerCase()).toContain(w.toLowerCase());
    expectNoSecret(error, [KEY, "CANARY_123456", "CANARY\n_123456", "CANARY 123456"]);
  });

  it("reports the key problem first when several variables are wrong", () => {
    const error = refusal({
      OUTBOUND_CALLS_API_KEY: "sk_test_CANARY 123456",
      OUTBOUND_CALLS_BASE_URL: "http://x.example",
    });
    expect(error.message).toMatch(/^OUTBOUND_CALLS_API_KEY/);
    expectNoSecret(error, ["CANARY"]);
  });

  it("quotes a value it did not understand, with the key replaced", () => {
    const error = refusal(env({ OUTBOUND_CALLS_ALLOWED_COUNTRIES: `US,${KEY.toUpperCase()}` }));
    expect(error.message).toContain("not understood: [redacted]");
    expect(refusal(env({ OUTBOUND_CALLS_ALLOWED_COUNTRIES: "US,zz" })).message).toContain("not understood: ZZ");
  });

  it("ignores unrelated variables", () => {
    expect(() => loadConfig(env({ PATH: "/usr/bin", OUTBOUND_CALLS_UNKNOWN: "x" }))).not.toThrow();
  });
});

describe("whole numbers", () => {
  it.each(["1e4", "0x3e8", "15000.0", "-1"])("refuses %s as a whole number", (raw) => {
    expect(() => loadConfig({ ...BASE, OUTBOUND_CALLS_TIMEOUT_MS: raw })).toThrow(
      /OUTBOUND_CALLS_TIMEOUT_MS must be a whole number/,
    );
  });
});

describe("the opt-out journal's default", () => {
  const base = { OUTBOUND_CALLS_API_KEY: "sk_test_journal000000000000", HOME: "/home/someone" };

  it("is in the XDG state folder for a live server, and none in the sandbox unless named", () => {
    const live = loadConfig({ ...base, OUTBOUND_CALLS_BASE_URL: "https://calls.example" });
    expect(live.safety.optOutJournal).toBe("/home/someone/.local/state/outbound-calls-mcp/opt-outs.jsonl");
    const sandbox = loadConfig({ ...base, OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1:9" }, { sandbox: true });
    expect(sandbox.safety.optOutJournal).toBeUndefined();
    const named = loadConfig(
      { ...base, OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1:9", OUTBOUND_CALLS_OPT_OUT_JOURNAL: "/tmp/j.jsonl" },
      { sandbox: true },
    );
    expect(named.safety.optOutJournal).toBe("/tmp/j.jsonl");
  });
});
