/** Edge cases found in review of the first unit tests, each pinned by a case. */
import { describe, expect, it } from "vitest";
import { errorFromResponse, UpstreamFaultError, InvalidRequestError } from "../../src/service/errors.js";
import { normalizeCall, readPaging, readSingle } from "../../src/service/shapes.js";
import { parseArgs, UsageError } from "../../src/cli/args.js";
import { loadConfig } from "../../src/config/env.js";
import { parsePhone } from "../../src/phone/parse.js";
import { Redactor } from "../../src/text/redact.js";
import { cleanServiceJson as sanitizeUpstream } from "../../src/text/clean.js";

const redactor = new Redactor(["sk_test_SECRET_123456"]);
const policy = { blockedTypes: new Set(["PREMIUM_RATE", "SHARED_COST"] as const) };

describe("answer shapes", () => {
  it("a bare record with its own id and a data field is not an envelope", () => {
    expect(readSingle({ id: "c1", data: { note: "x" } }, "a call")).toEqual({ id: "c1", data: { note: "x" } });
  });
  it("a null status is read as missing", () => {
    expect(normalizeCall({ id: "c1", status: null })).toEqual({ id: "c1" });
  });
  it('has_more written as text "true" means more', () => {
    expect(readPaging({ meta: { has_more: "true" } }, 2, 20, 20).nextPage).toBe(3);
    expect(readPaging({ meta: { has_more: "false" } }, 2, 20, 20).nextPage).toBeNull();
  });
});

describe("sanitizeUpstream", () => {
  it("keeps a __proto__ key as plain data, never as a prototype", () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "id": "c1"}') as unknown;
    const out = sanitizeUpstream(input, redactor) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(out, "__proto__")).toBe(true);
    expect(JSON.parse(JSON.stringify(out))).toEqual({ ["__proto__"]: { polluted: true }, id: "c1" });
  });
});

describe("phone messages", () => {
  it("words around a number are a format problem, not an extension", () => {
    const r = parsePhone("Max +14155552671", policy);
    expect(r).toMatchObject({ ok: false, rule: "format" });
  });
  it("a trailing x123 is still an extension", () => {
    expect(parsePhone("+14155552671 x123", policy)).toMatchObject({ ok: false, rule: "extension" });
  });
});

describe("errors", () => {
  it("a 408 is the service timing out, not an invalid request", () => {
    const e = errorFromResponse({ status: 408, body: undefined, rawText: "", redactor });
    expect(e).toBeInstanceOf(UpstreamFaultError);
  });
  it("the service's words end with a full stop before the advice", () => {
    const e = errorFromResponse({ status: 422, body: { message: "to is malformed" }, rawText: "", redactor });
    expect(e).toBeInstanceOf(InvalidRequestError);
    expect(e.message).toContain("to is malformed. Fix the arguments");
  });
});

describe("config and argv", () => {
  const base = { OUTBOUND_CALLS_API_KEY: "sk_test_x_123456", OUTBOUND_CALLS_BASE_URL: "https://app.example.com" };
  it.each(["1e4", "0x3e8", "15000.0", "-1"])("refuses %s as a whole number", (raw) => {
    expect(() => loadConfig({ ...base, OUTBOUND_CALLS_TIMEOUT_MS: raw })).toThrow(/OUTBOUND_CALLS_TIMEOUT_MS must be a whole number/);
  });
  it("a flag is not the value of --sandbox-speed", () => {
    expect(() => parseArgs(["--sandbox", "--sandbox-speed", "--read-only"])).toThrow(UsageError);
  });
});
