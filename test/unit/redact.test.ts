import { describe, expect, it } from "vitest";
import { REDACTED, Redactor } from "../../src/text/redact.js";
import { cap, cleanServiceText as cleanUpstreamText, stripInvisible } from "../../src/text/clean.js";

const KEY = "sk_test_CANARY_123456";

describe("Redactor.redact", () => {
  const r = new Redactor([KEY]);
  it.each([
    ["alone", KEY, REDACTED],
    ["inside a sentence", `the key ${KEY} was refused`, `the key ${REDACTED} was refused`],
    ["glued to other text", `x${KEY}y`, `x${REDACTED}y`],
    ["twice", `${KEY}/${KEY}`, `${REDACTED}/${REDACTED}`],
    ["inside JSON", JSON.stringify({ headers: { "x-api-key": KEY } }), `{"headers":{"x-api-key":"${REDACTED}"}}`],
    ["in a query string", `GET /calls?api_key=${KEY}&page=2`, `GET /calls?api_key=${REDACTED}&page=2`],
    ["echoed Authorization header", `Authorization: Bearer ${KEY}`, `Authorization: Bearer ${REDACTED}`],
    ["any bearer token", "authorization: bearer abc.def-ghi", `authorization: bearer ${REDACTED}`],
    ["bearer token in JSON", '{"auth":"Bearer tok123"}', `{"auth":"Bearer ${REDACTED}"}`],
    ["nothing to remove", "plain text", "plain text"],
  ])("%s", (_name, input, expected) => {
    expect(r.redact(input)).toBe(expected);
  });

  it("removes the longest secret whole when one contains another", () => {
    const both = new Redactor(["abcd", "abcdefgh"]);
    expect(both.redact("xx abcdefgh yy abcd")).toBe(`xx ${REDACTED} yy ${REDACTED}`);
  });

  it("ignores undefined and secrets shorter than 4 characters", () => {
    const weak = new Redactor([undefined, "", "abc"]);
    expect(weak.redact("abc abc")).toBe("abc abc");
  });

  it("leaves no part of the key behind in a long text", () => {
    const text = `${"a".repeat(1_000)}${KEY}${"b".repeat(1_000)}`;
    expect(r.redact(text)).not.toContain("CANARY");
  });
});

describe("stripInvisible", () => {
  it.each([
    ["right-to-left override", "abc\u202Edef", "abcdef"],
    ["left-to-right/right-to-left isolates", "\u2066a\u2067b\u2068c\u2069", "abc"],
    ["zero-width space, joiner, non-joiner", "a\u200Bb\u200Cc\u200Dd", "abcd"],
    ["LRM/RLM", "a\u200Eb\u200F", "ab"],
    ["Arabic letter mark", "a\u061Cb", "ab"],
    ["word joiner", "a\u2060b", "ab"],
    ["BOM", "\uFEFFab", "ab"],
    ["soft hyphen", "a\u00ADb", "ab"],
    ["C0 controls", "a\u0000b\u0007c\u001Bd", "abcd"],
    ["DEL and C1 controls", "a\u007Fb\u0085c\u009Fd", "abcd"],
    ["carriage return", "a\r\nb", "a\nb"],
    ["invisible tag characters", "a\u{E0041}\u{E0042}b", "ab"],
    ["keeps newline and tab", "a\nb\tc", "a\nb\tc"],
    ["keeps visible non-ASCII", "Zoë — 東京 😀", "Zoë — 東京 😀"],
  ])("%s", (_name, input, expected) => {
    expect(stripInvisible(input)).toBe(expected);
  });
});

describe("cap", () => {
  it.each([
    ["shorter", "abc", 5, "abc"],
    ["exactly max", "abcde", 5, "abcde"],
    ["longer", "abcdefgh", 5, "abcde… [3 more characters cut]"],
  ])("%s", (_name, text, max, expected) => {
    expect(cap(text, max)).toBe(expected);
  });
});

describe("cleanUpstreamText", () => {
  const r = new Redactor([KEY]);
  it.each([
    ["folds white space and trims", "  a \n\n b\t c  ", "a b c"],
    ["removes the key", `key=${KEY}`, `key=${REDACTED}`],
    ["removes a key split by a zero-width space", "key=sk_test_CANARY\u200B_123456", `key=${REDACTED}`],
    ["removes a key split by a bidi override", "key=sk_test_\u202ECANARY_123456", `key=${REDACTED}`],
    ["removes a key split by a control character", "key=sk_test_CANARY_\u0000123456", `key=${REDACTED}`],
  ])("%s", (_name, input, expected) => {
    expect(cleanUpstreamText(r, input)).toBe(expected);
  });

  it("caps at 300 by default and at the given size", () => {
    expect(cleanUpstreamText(r, "z".repeat(1_000))).toBe(`${"z".repeat(300)}… [700 more characters cut]`);
    expect(cleanUpstreamText(r, "z".repeat(20), 10)).toBe(`${"z".repeat(10)}… [10 more characters cut]`);
  });

  it("redacts before capping, so a key across the cap is not half-kept", () => {
    const text = `${"a".repeat(290)}${KEY}`;
    const out = cleanUpstreamText(r, text);
    expect(out).not.toContain("sk_test_CAN");
    expect(out).toContain("[redac");
  });
});
