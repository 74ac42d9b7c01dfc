/**
 * OUTBOUND_CALLS_OPT_OUT_MODEL_URL is checked at start: https, or http only to loopback; with a model named; and no
 * message quotes the key.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env.js";

const base = { OUTBOUND_CALLS_API_KEY: "sk_test_123456", OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1:9" };
const KEY = "sk-model-secret-0123456789";

function problems(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("the operator's model's variables", () => {
  it("off when the URL is unset; on with https or loopback http and a model", () => {
    expect(loadConfig(base).optOutModel).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        OUTBOUND_CALLS_OPT_OUT_MODEL_URL: "https://api.example.com/v1/",
        OUTBOUND_CALLS_OPT_OUT_MODEL: "m",
        OUTBOUND_CALLS_OPT_OUT_MODEL_KEY: KEY,
      }).optOutModel,
    ).toEqual({ url: "https://api.example.com/v1", model: "m", key: KEY });
    expect(
      loadConfig({
        ...base,
        OUTBOUND_CALLS_OPT_OUT_MODEL_URL: "http://127.0.0.1:8080",
        OUTBOUND_CALLS_OPT_OUT_MODEL: "m",
      }).optOutModel?.key,
    ).toBeUndefined();
  });

  it("refuses plain http to another host, credentials in the URL, and a URL without a model, quoting no key", () => {
    const env = { OUTBOUND_CALLS_OPT_OUT_MODEL: "m", OUTBOUND_CALLS_OPT_OUT_MODEL_KEY: KEY };
    expect(problems({ ...env, OUTBOUND_CALLS_OPT_OUT_MODEL_URL: "http://api.example.com/v1" })).toContain(
      "must use https",
    );
    expect(problems({ ...env, OUTBOUND_CALLS_OPT_OUT_MODEL_URL: `https://u:${KEY}@api.example.com` })).toContain(
      "must not carry credentials",
    );
    expect(problems({ OUTBOUND_CALLS_OPT_OUT_MODEL_URL: "https://api.example.com" })).toContain(
      "without OUTBOUND_CALLS_OPT_OUT_MODEL",
    );
    expect(
      problems({ ...env, OUTBOUND_CALLS_OPT_OUT_MODEL_URL: "https://x", OUTBOUND_CALLS_OPT_OUT_MODEL_KEY: `a ${KEY}` }),
    ).not.toContain(KEY);
  });

  it("the model's key pasted into a variable that quotes what it did not understand: removed from the message", () => {
    const message = problems({ OUTBOUND_CALLS_OPT_OUT_MODEL_KEY: KEY, OUTBOUND_CALLS_BLOCKED_TYPES: KEY });
    expect(message).toContain("OUTBOUND_CALLS_BLOCKED_TYPES");
    expect(message.toUpperCase()).not.toContain(KEY.toUpperCase());
  });
});
