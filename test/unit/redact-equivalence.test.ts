/**
 * The Redactor's speed-ups (it runs on every string of every service answer)
 * change nothing it removes: on generated texts full of echoes of the secret
 * (whole, cut to any length around the shortest run it counts, upper-cased, in
 * every covered encoding at every alignment, glued to words and ids), it
 * answers exactly what the implementation before them answers
 * (test/helpers/redact-reference.ts).
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { Redactor } from "../../src/text/redact.js";
import { ReferenceRedactor } from "../helpers/redact-reference.js";

const SECRET_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.";
const secretArb = fc.string({ unit: fc.constantFrom(...SECRET_CHARS), minLength: 4, maxLength: 48 });

const percent = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
const encodings: ((s: string, prefix: string) => string)[] = [
  (s) => s,
  (s) => s.toUpperCase(),
  (s, p) => Buffer.from(p + s).toString("base64"),
  (s, p) => Buffer.from(p + s).toString("base64").slice(p.length % 4),
  (s, p) => Buffer.from(p + s).toString("base64url"),
  (s, p) => Buffer.from(p + s).toString("hex").slice(p.length % 2),
  (s) => Buffer.from(s).toString("hex").toUpperCase(),
  (s) => s.replace(/_/g, "%5F"),
  percent,
  (s) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
  (s) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join(""),
  (s) => Buffer.from(percent(s)).toString("base64"),
  (s) => `Bearer ${s}`,
];

/** A piece of text: a word, an id-like run, or an echo of part of the secret in some encoding. */
const pieceArb = (secret: string) =>
  fc.oneof(
    fc.constantFrom("the", "call", "completed", "appointment_confirmed", "2026-11-23T15:45:37.121Z", "https://rec.example/a/b.mp3", "%", "&", "\\", "&#", "=="),
    fc.string({ unit: fc.constantFrom(..."abcdef0123456789ABCDEF+/_-=%&#;\\"), maxLength: 40 }),
    fc.record({
      start: fc.nat(secret.length),
      length: fc.integer({ min: 6, max: 48 }),
      encoding: fc.nat(encodings.length - 1),
      prefix: fc.string({ unit: fc.constantFrom(..."xyz_ 9"), maxLength: 5 }),
    }).map(({ start, length, encoding, prefix }) => encodings[encoding]!(secret.slice(start, start + length), prefix)),
  );

const caseArb = secretArb.chain((secret) =>
  fc.record({
    secrets: fc.constant([secret]),
    text: fc.array(fc.tuple(pieceArb(secret), fc.constantFrom("", " ", "\n", "/", "=", '"', "x")), { maxLength: 8 }).map((parts) => parts.map(([p, sep]) => p + sep).join("")),
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
    fc.property(caseArb, fc.string({ unit: fc.constantFrom(...SECRET_CHARS), minLength: 4, maxLength: 9 }), ({ secrets, text }, short) => {
      const both = [...secrets, short];
      const withShort = `${text} ${Buffer.from(`zz${short}`).toString("base64")} ${text.slice(0, 20)}`;
      expect(new Redactor(both).redact(withShort)).toBe(new ReferenceRedactor(both).redact(withShort));
    }),
    { numRuns: 2_000 },
  );
});
