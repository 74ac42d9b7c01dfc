import { describe, expect, it, vi } from "vitest";
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

  it("decodes a base64 or hex run only when its bytes could spell the key: ids and snake_case words are read, not decoded", () => {
    const decode = vi.spyOn(Buffer, "from");
    try {
      const plain = [
        "call_dcu8vczhk8j0kqtdj1ok",
        "appointment_confirmed",
        "https://recordings.example/call_dcu8vczhk8j0kqtdj1ok.mp3",
        "0123456789abcdef0123456789",
      ];
      for (const text of plain) expect(r.redact(text)).toBe(text);
      expect(decode).not.toHaveBeenCalled();
      // The key itself, encoded, is still decoded and found.
      expect(r.redact(`id ${Buffer.from(`x${KEY}`).toString("base64url")} end`)).toBe(`id ${REDACTED} end`);
      expect(decode).toHaveBeenCalled();
    } finally {
      decode.mockRestore();
    }
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

describe("encoded echoes of the key (issue 12, item 5)", () => {
  const KEY2 = "sk_test_CANARY_7f3a9c2e5d1b";
  const r2 = new Redactor([KEY2]);
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  const b64url = (s: string) => Buffer.from(s).toString("base64url");
  const hex = (s: string) => Buffer.from(s).toString("hex");
  const everyChar = (s: string, fmt: (code: number) => string) => [...s].map((c) => fmt(c.charCodeAt(0))).join("");
  const half = Math.floor(KEY2.length / 2);
  it.each([
    ["base64", b64(KEY2)],
    ["base64 of a sentence holding it", b64(`Authorization: Bearer ${KEY2}`)],
    ["base64 without padding, url-safe", b64url(`key=${KEY2}`)],
    ["base64, starting inside a block", b64(`xy${KEY2}`).slice(3)],
    ["hex", hex(KEY2)],
    ["HEX upper case", hex(KEY2).toUpperCase()],
    ["percent-encoded underscores (%5F)", KEY2.replace(/_/g, "%5F")],
    ["percent-encoded underscores (%5f)", KEY2.replace(/_/g, "%5f")],
    ["every character percent-encoded", everyChar(KEY2, (c) => `%${c.toString(16).padStart(2, "0")}`)],
    ["JSON-escaped underscores (\\u005f)", KEY2.replace(/_/g, "\\u005f")],
    ["every character JSON-escaped", everyChar(KEY2, (c) => `\\u${c.toString(16).padStart(4, "0")}`)],
    ["JavaScript hex escapes", everyChar(KEY2, (c) => `\\x${c.toString(16).padStart(2, "0")}`)],
    ["HTML numeric entities", everyChar(KEY2, (c) => `&#${c};`)],
    ["HTML entities for the underscores only", KEY2.replace(/_/g, "&#95;")],
    ["HTML hex entities for the underscores only", KEY2.replace(/_/g, "&#x5F;")],
    ["base64 of the percent-encoded key", b64(encodeURIComponent(KEY2).replace(/_/g, "%5F"))],
    ["its first half alone", KEY2.slice(0, half)],
    ["its second half alone", KEY2.slice(half)],
    ["a long run from its middle, upper-cased", KEY2.slice(4, 18).toUpperCase()],
    ["base64 of a long substring", b64(KEY2.slice(3, 20))],
  ])("%s", (_name, echoed) => {
    const out = r2.redact(`the service said: ${echoed} (end)`);
    expect(out).toContain(REDACTED);
    expect(out).toContain("the service said:");
    expect(out).toContain("(end)");
    expect(out.toLowerCase()).not.toContain(echoed.toLowerCase());
  });

  it("the key split across two fields of one answer is removed from each", () => {
    const body = { a: `first ${KEY2.slice(0, 14)}`, b: `${KEY2.slice(14)} second` };
    expect(r2.redact(body.a)).toBe(`first ${REDACTED}`);
    expect(r2.redact(body.b)).toBe(`${REDACTED} second`);
  });

  it.each([
    ["a short run of the key (9 characters) is not the key", KEY2.slice(0, 9)],
    ["ordinary words and ids", "call_8f2k3abcdef completed in 42 s by agent_1"],
    ["a URL", "https://rec.example/recordings/2026/11/23/abcdef0123.mp3"],
    ["base64 of other text", b64("hello world, this is a recording")],
  ])("leaves text alone: %s", (_name, text) => {
    expect(r2.redact(text)).toBe(text);
  });
});
