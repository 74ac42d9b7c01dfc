/**
 * The cleaning's speed-ups (src/text/): they change nothing it answers.
 *
 * The Redactor's speed-ups (it runs on every string of every service answer)
 * change nothing it removes: on generated texts full of echoes of the secret
 * (whole, cut to any length around the shortest run it counts, upper-cased, in
 * every covered encoding at every alignment, glued to words and ids), it
 * answers exactly what the implementation before them answers
 * (test/helpers/redact-reference.ts).
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { cleanServiceJson, cleanServiceText, oneLine, stripInvisible } from "../../src/text/clean.js";
import { Redactor } from "../../src/text/redact.js";
import { ReferenceRedactor } from "../helpers/redact-reference.js";

const SECRET_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.";
const secretArb = fc.oneof(
  fc.string({ unit: fc.constantFrom(...SECRET_CHARS), minLength: 4, maxLength: 12 }),
  fc.string({ unit: fc.constantFrom(...SECRET_CHARS), minLength: 4, maxLength: 48 }),
);

const percent = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
const encodings: ((s: string, prefix: string) => string)[] = [
  (s) => s,
  (s) => s.toUpperCase(),
  (s, p) => Buffer.from(p + s).toString("base64"),
  (s, p) =>
    Buffer.from(p + s)
      .toString("base64")
      .slice(p.length % 4),
  (s, p) => Buffer.from(p + s).toString("base64url"),
  (s, p) =>
    Buffer.from(p + s)
      .toString("hex")
      .slice(p.length % 2),
  (s) => Buffer.from(s).toString("hex").toUpperCase(),
  (s) => s.replace(/_/g, "%5F"),
  percent,
  (s) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
  (s) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join(""),
  (s) => Buffer.from(percent(s)).toString("base64"),
  // Escapes inside base64 and hex, at an alignment: a decoding is only read when its bytes could spell the secret
  // or an escape of it (src/text/redact.ts, windowBytes).
  (s, p) =>
    Buffer.from(p + [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")).toString(
      "base64url",
    ),
  (s, p) => Buffer.from(p + [...s].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join("")).toString("base64"),
  (s, p) => Buffer.from(p + s.replace(/_/g, "\\x5f").replace(/-/g, "\\u{2d}")).toString("hex"),
  (s, p) =>
    Buffer.from(p + percent(s).toUpperCase())
      .toString("hex")
      .slice(p.length % 2),
  (s) => `Bearer ${s}`,
];

/** A piece of text: a word, an id-like run, or an echo of part of the secret in some encoding. */
const pieceArb = (secret: string) =>
  fc.oneof(
    fc.constantFrom(
      "the",
      "call",
      "completed",
      "appointment_confirmed",
      "2026-11-23T15:45:37.121Z",
      "https://rec.example/a/b.mp3",
      "%",
      "&",
      "\\",
      "&#",
      "==",
    ),
    fc.string({ unit: fc.constantFrom(..."abcdef0123456789ABCDEF+/_-=%&#;\\"), maxLength: 40 }),
    fc
      .record({
        start: fc.nat(secret.length),
        length: fc.integer({ min: 6, max: 48 }),
        encoding: fc.nat(encodings.length - 1),
        prefix: fc.string({ unit: fc.constantFrom(..."xyz_ 9"), maxLength: 5 }),
      })
      .map(({ start, length, encoding, prefix }) => encodings[encoding]!(secret.slice(start, start + length), prefix)),
  );

const caseArb = secretArb.chain((secret) =>
  fc.record({
    secrets: fc.constant<string[]>([secret]),
    text: fc
      .array(fc.tuple(pieceArb(secret), fc.constantFrom("", " ", "\n", "/", "=", '"', "x")), { maxLength: 8 })
      .map((parts) => parts.map(([p, sep]) => p + sep).join("")),
  }),
);

it("removes exactly what the implementation before the speed-ups removes", () => {
  fc.assert(
    fc.property(caseArb, ({ secrets, text }) => {
      expect(new Redactor(secrets).redact(text)).toBe(new ReferenceRedactor(secrets).redact(text));
    }),
    { numRuns: 4_000 },
  );
});

it("the same with two secrets of different lengths (the shortest run is the shorter one's)", () => {
  fc.assert(
    fc.property(
      caseArb,
      fc.string({ unit: fc.constantFrom(...SECRET_CHARS), minLength: 4, maxLength: 9 }),
      fc.string({ unit: fc.constantFrom("x", "y", "_", "9"), maxLength: 6 }),
      ({ secrets, text }, short, pad) => {
        const both = [...secrets, short];
        // Short base64 runs (12 to 15 characters) at every alignment: where a short secret's windows are decoded or not.
        const withShort = `${text} ${Buffer.from(`${pad}${short}${pad}`).toString("base64")} ${Buffer.from(
          `${pad}${short}`,
        )
          .toString("base64url")
          .slice(pad.length % 4)} ${text.slice(0, 20)}`;
        expect(new Redactor(both).redact(withShort)).toBe(new ReferenceRedactor(both).redact(withShort));
      },
    ),
    { numRuns: 4_000 },
  );
});

// The definitions before the quick tests that skip them (src/text/clean.ts).
const INVISIBLE =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;
const referenceStrip = (t: string) => t.replace(/[\u2028\u2029]/g, "\n").replace(INVISIBLE, "");
const TRICKY = [
  ..."ab Z9_-",
  " ",
  "  ",
  "\t",
  "\n",
  "\r",
  "\v",
  "\f",
  "\u00a0",
  "\u1680",
  "\u2000",
  "\u200a",
  "\u200b",
  "\u2028",
  "\u2029",
  "\u202e",
  "\u202f",
  "\u205f",
  "\u3000",
  "\ufeff",
  "\u00ad",
  "\u0000",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u061c",
  "\u180e",
  "\u2066",
  "\udb40\udc41",
  "\udb40",
  "\udc41",
  "é",
];

it("stripInvisible, oneLine and the folding of white space answer what the plain replacements answer", () => {
  const r = new Redactor(["sk_test_CANARY_7f3a9c2e5d1b"]);
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...TRICKY), { maxLength: 30 }).map((a) => a.join("")),
      (text) => {
        expect(stripInvisible(text)).toBe(referenceStrip(text));
        expect(cleanServiceText(r, text, 10_000)).toBe(r.redact(referenceStrip(text)).replace(/\s+/g, " ").trim());
        expect(oneLine(text, 10_000)).toBe(referenceStrip(text).replace(/\s+/g, " ").trim());
      },
    ),
    { numRuns: 5_000 },
  );
});

it("the same at every boundary of length and alignment: base64 and hex runs around the shortest decodable size", () => {
  const secrets = [
    "-oky",
    "ab_9Z",
    "k3y_x7",
    "sk_tes_",
    "Zq9_-x2a",
    "aB3_kQ9z-",
    "sk_test_CA",
    "sk_test_CANARY_7f3a9c2e5d1b",
  ];
  for (const secret of secrets) {
    const mine = new Redactor([secret]);
    const reference = new ReferenceRedactor([secret]);
    for (let padding = 0; padding < 12; padding++) {
      for (let start = 0; start < secret.length; start++) {
        const pad = "\u001e".repeat(padding);
        const piece = secret.slice(start);
        const b64 = Buffer.from(pad + piece + pad.slice(0, 3))
          .toString("base64")
          .replace(/=+$/, "");
        const hex = Buffer.from(pad + piece).toString("hex");
        for (let cut = 0; cut < 4; cut++) {
          for (const text of [
            b64.slice(cut),
            b64.slice(cut, cut + 12),
            b64.slice(cut, cut + 15),
            hex.slice(cut),
            hex.slice(cut, cut + 16),
            hex.slice(cut, cut + 21),
          ]) {
            expect(mine.redact(`a ${text} b`), `${secret} / ${text}`).toBe(reference.redact(`a ${text} b`));
          }
        }
      }
    }
  }
});

it("cleaning the same answer again (keys and short values come from a memo) gives the same copy, also once the memo is full", () => {
  const key = "sk_test_CANARY_7f3a9c2e5d1b";
  const r = new Redactor([key]);
  const body = (i: number) => ({
    [`k${i}`]: `v${i}`,
    status: "completed",
    [`${key.slice(0, 12)}`]: key.slice(4, 16),
    "a\u200bb": " x\ty ",
    // The same text as call content keeps what a plain value loses: each kind has its own memo.
    notes: " x\ty ",
    transcript: [{ speaker: "agent", text: `line\n${key}\n` }],
    // Longer texts have a memo of their own (bounded by characters, started over when full).
    long_value: `${"word ".repeat(10)}${key} and ${i % 7}`,
    summary: `${"said ".repeat(10)}\n${key}\n${i}`,
    [`__proto__`]: { polluted: true },
  });
  // Another redactor (without this key) first: its memo is its own.
  expect(
    JSON.stringify(cleanServiceJson(JSON.parse(JSON.stringify(body(0))), new Redactor(["sk_other_key_1234"]))),
  ).toContain(key.slice(4, 16));
  const first = JSON.stringify(cleanServiceJson(JSON.parse(JSON.stringify(body(0))), r));
  // Fill the memo with thousands of other keys and values.
  for (let i = 1; i < 3_000; i++) cleanServiceJson(JSON.parse(JSON.stringify(body(i))), r);
  expect(JSON.stringify(cleanServiceJson(JSON.parse(JSON.stringify(body(0))), r))).toBe(first);
  const late = cleanServiceJson(JSON.parse(JSON.stringify(body(5_000))), r) as Record<string, unknown>;
  expect(JSON.stringify(late)).not.toContain(key.slice(4, 16));
  expect(late.k5000).toBe("v5000");
  expect(first).toContain('"ab":"x y"');
  expect(first).toContain('"notes":" x\\ty "');
  expect(first).not.toContain(key.slice(0, 12));
  expect(first).toContain('"long_value":"word word');
  expect(first).toMatch(/"summary":"said said .*\\n/);
  expect(JSON.stringify(late)).not.toContain(key.slice(4, 16));
  expect(Object.getPrototypeOf(late)).toBe(Object.prototype);
  expect(Object.hasOwn(late, "__proto__")).toBe(true);
});
