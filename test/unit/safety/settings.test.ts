/** The guards' variables: safe defaults, clear messages naming the variable, never the value; the test clock only for a loopback upstream. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/env.js";
import { ConfigurationError } from "../../../src/config/errors.js";

const base = { OUTBOUND_CALLS_API_KEY: "sk_test_settings_1234", OUTBOUND_CALLS_BASE_URL: "https://app.example.com" };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });

describe("defaults: every guard on", () => {
  it("has the safe defaults", () => {
    const s = load({}).safety;
    expect(s).toMatchObject({
      confirm: "person",
      approvalWaitMs: 50_000,
      approvalTtlMs: 600_000,
      dedupeWindowMs: 600_000,
      doNotCallFile: undefined,
      defaultCountry: undefined,
      callingHours: { startMin: 480, endMin: 1260, text: "08:00-21:00" },
      maxDialsPerHour: 60,
      maxDialsPerNumberPerDay: 3,
      readOnly: false,
      auditLog: undefined,
      testNow: undefined,
    });
    const c = load({});
    expect([...c.blockedTypes].sort()).toEqual([
      "PAGER",
      "PERSONAL_NUMBER",
      "PREMIUM_RATE",
      "SHARED_COST",
      "UAN",
      "VOICEMAIL",
    ]);
  });
});

describe("values", () => {
  it("reads each variable", () => {
    const s = load({
      OUTBOUND_CALLS_CONFIRM: "Token",
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "20",
      OUTBOUND_CALLS_APPROVAL_TTL_S: "120",
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
      OUTBOUND_CALLS_DO_NOT_CALL_FILE: " /etc/dnc.txt ",
      OUTBOUND_CALLS_DEFAULT_COUNTRY: "gb",
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "off",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "5",
      OUTBOUND_CALLS_READ_ONLY: "TRUE",
      OUTBOUND_CALLS_AUDIT_LOG: "/var/log/calls.jsonl",
    }).safety;
    expect(s).toMatchObject({
      confirm: "token",
      approvalWaitMs: 20_000,
      approvalTtlMs: 120_000,
      dedupeWindowMs: 0,
      doNotCallFile: "/etc/dnc.txt",
      defaultCountry: "GB",
      callingHours: undefined,
      maxDialsPerHour: undefined,
      maxDialsPerNumberPerDay: 5,
      readOnly: true,
      auditLog: "/var/log/calls.jsonl",
    });
  });

  it.each([
    ["OUTBOUND_CALLS_CONFIRM", "sometimes", "OUTBOUND_CALLS_CONFIRM must be person (the default), token or never"],
    [
      "OUTBOUND_CALLS_CONFIRM",
      "auto",
      "OUTBOUND_CALLS_CONFIRM=auto was removed: it dialed without asking anyone when the client could not ask",
    ],
    ["OUTBOUND_CALLS_CONFIRM", "ALWAYS", "OUTBOUND_CALLS_CONFIRM=always was renamed token"],
    [
      "OUTBOUND_CALLS_APPROVAL_WAIT_S",
      "0",
      "OUTBOUND_CALLS_APPROVAL_WAIT_S must be a whole number of seconds from 1 to 3600",
    ],
    [
      "OUTBOUND_CALLS_APPROVAL_TTL_S",
      "1.5",
      "OUTBOUND_CALLS_APPROVAL_TTL_S must be a whole number of seconds from 1 to 86400",
    ],
    ["OUTBOUND_CALLS_DEDUPE_WINDOW_S", "-5", "OUTBOUND_CALLS_DEDUPE_WINDOW_S must be a whole number of seconds"],
    ["OUTBOUND_CALLS_DEDUPE_WINDOW_S", "100000", "OUTBOUND_CALLS_DEDUPE_WINDOW_S must be a whole number of seconds"],
    [
      "OUTBOUND_CALLS_DEFAULT_COUNTRY",
      "USA",
      "OUTBOUND_CALLS_DEFAULT_COUNTRY must be an ISO 3166 two-letter country code",
    ],
    ["OUTBOUND_CALLS_CALLING_HOURS", "8am-9pm", "OUTBOUND_CALLS_CALLING_HOURS must be HH:MM-HH:MM"],
    ["OUTBOUND_CALLS_CALLING_HOURS", "09:00-09:00", "OUTBOUND_CALLS_CALLING_HOURS must be HH:MM-HH:MM"],
    [
      "OUTBOUND_CALLS_MAX_DIALS_PER_HOUR",
      "0",
      "OUTBOUND_CALLS_MAX_DIALS_PER_HOUR must be a whole number from 1 to 100000, or off",
    ],
    [
      "OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY",
      "2.5",
      "OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY must be a whole number from 1 to 1000, or off",
    ],
    ["OUTBOUND_CALLS_READ_ONLY", "maybe", "OUTBOUND_CALLS_READ_ONLY must be true, false, 1 or 0"],
    ["OUTBOUND_CALLS_TEST_NOW", "tomorrow", "OUTBOUND_CALLS_TEST_NOW (tests only) must be a UTC date-time"],
    [
      "OUTBOUND_CALLS_TEST_LEASE_MS",
      "99",
      "OUTBOUND_CALLS_TEST_LEASE_MS (tests only) must be a whole number of milliseconds from 100 to 60000",
    ],
    [
      "OUTBOUND_CALLS_TEST_LEASE_MS",
      "2s",
      "OUTBOUND_CALLS_TEST_LEASE_MS (tests only) must be a whole number of milliseconds from 100 to 60000",
    ],
  ])("%s=%j stops the start naming the variable, not echoing the value", (name, value, message) => {
    let error: unknown;
    try {
      load({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain(`"${value}"`);
  });
});

describe("OUTBOUND_CALLS_READ_ONLY", () => {
  it.each([
    ["true", true],
    ["1", true],
    ["TRUE", true],
    ["false", false],
    ["0", false],
    ["", false],
  ])("%j -> %s", (value, expected) => {
    expect(load({ OUTBOUND_CALLS_READ_ONLY: value }).safety.readOnly).toBe(expected);
  });
});

describe("OUTBOUND_CALLS_TEST_LEASE_MS", () => {
  it("is refused with a real (non-loopback) service: a live dial is never handed to another replica early", () => {
    expect(() => load({ OUTBOUND_CALLS_TEST_LEASE_MS: "2000" })).toThrow(
      "OUTBOUND_CALLS_TEST_LEASE_MS is for tests only and is honoured only with a loopback OUTBOUND_CALLS_BASE_URL",
    );
  });

  it("is honoured with a loopback service; unset, the lease is the default", () => {
    expect(
      loadConfig({ ...base, OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1:4010", OUTBOUND_CALLS_TEST_LEASE_MS: "2000" })
        .safety.testLeaseMs,
    ).toBe(2000);
    expect(
      loadConfig({ ...base, OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1:4010" }).safety.testLeaseMs,
    ).toBeUndefined();
  });
});

describe("OUTBOUND_CALLS_TEST_NOW", () => {
  it("is refused with a real (non-loopback) service, so it can never move calling hours in production", () => {
    expect(() => load({ OUTBOUND_CALLS_TEST_NOW: "2026-11-21T15:00:00Z" })).toThrow(
      "OUTBOUND_CALLS_TEST_NOW is for tests only and is honoured only with a loopback OUTBOUND_CALLS_BASE_URL",
    );
  });

  it.each(["http://127.0.0.1:4010", "http://localhost:4010", "http://[::1]:4010"])("is honoured with %s", (url) => {
    expect(
      loadConfig({ ...base, OUTBOUND_CALLS_BASE_URL: url, OUTBOUND_CALLS_TEST_NOW: "2026-11-21T15:00:00Z" }).safety
        .testNow,
    ).toBe(Date.parse("2026-11-21T15:00:00Z"));
  });
});
