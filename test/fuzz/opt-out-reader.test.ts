/**
 * The opt-out reader on bad input (issue 34, "Bad input"): a transcript of any shape (any JSON value, strings of any
 * script, binary, huge, deeply nested, cyclic objects, turns with unknown keys) never makes it throw, always yields a
 * status of the three, and never hides what it heard: a stop said among any garbage is still heard, a flag the service
 * set still counts, and what it could not read is said in `unreadable`.
 *
 * The seed changes per run and is printed; FUZZ_SEED=<n> replays one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readOptOut } from "../../src/guards/opt-outs/reading.js";
import { fuzzSeed, scaled } from "../helpers/fuzz-seed.js";

const SEED = fuzzSeed("test/fuzz/opt-out-reader.test.ts");
const STATUSES = ["none", "asked", "possible"];
const read = (transcript: unknown, extra: Record<string, unknown> = {}) =>
  readOptOut({ id: "c", transcript, ...extra });

/** Text of every kind: any unicode, control characters, other scripts, labels, quotes. */
const anyText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom("Agent:", "Customer: ", "[Agent]", "AI Agent: ", "Speaker 1:", "\u0000\u0001\ufffd", "«", "“", "'"),
  fc.stringMatching(/^[\u0400-\u04ff\u0e00-\u0e7f\uac00-\ud7a3 ]{0,60}$/),
);
const turnObject = fc.record(
  {
    role: fc.oneof(fc.constantFrom("agent", "user", "assistant", "customer", "Maya", ""), anyText),
    text: fc.oneof(anyText, fc.array(fc.record({ type: fc.constant("text"), text: anyText }), { maxLength: 3 })),
    [fc.sample(fc.string({ minLength: 1, maxLength: 8 }), 1)[0]!]: anyText,
  },
  { requiredKeys: [] },
);
const anyTranscript = fc.oneof(
  anyText,
  fc.array(fc.oneof(anyText, turnObject, fc.jsonValue({ maxDepth: 3 })), { maxLength: 30 }),
  fc.jsonValue({ maxDepth: 6 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(anyText, fc.array(turnObject, { maxLength: 5 }))),
);

describe("the opt-out reader on any transcript", () => {
  it("never throws and always answers one of the three statuses", () => {
    fc.assert(
      fc.property(anyTranscript, anyText, (transcript, summary) => {
        const r = read(transcript, { summary });
        expect(STATUSES).toContain(r.status);
        expect(Array.isArray(r.matches) && Array.isArray(r.unreadable)).toBe(true);
        expect(r.status === "none").toBe(r.matches.length === 0);
      }),
      { seed: SEED, numRuns: scaled(400) },
    );
  });

  it("hears a stop said among any garbage, in a string or in turns of any shape", () => {
    fc.assert(
      fc.property(
        fc.array(anyText, { maxLength: 12 }),
        fc.nat(12),
        fc.constantFrom("string", "strings", "objects", "envelope"),
        (garbage, at, shape) => {
          const stop = "Customer: please stop calling me.";
          const lines = [...garbage.map((g) => g.replace(/[\r\n\u2028\u2029\u0085]/g, " "))];
          lines.splice(Math.min(at, lines.length), 0, stop);
          const transcript =
            shape === "string"
              ? lines.join("\n")
              : shape === "strings"
                ? lines
                : shape === "objects"
                  ? lines.map((l) => ({ speaker: l === stop ? "customer" : "unknown", message: l }))
                  : { messages: lines.map((l) => ({ from: "x", content: l })) };
          expect(read(transcript).status).toBe("asked");
        },
      ),
      { seed: SEED, numRuns: scaled(300) },
    );
  });

  it("a flag the service set counts whatever the transcript holds", () => {
    fc.assert(
      fc.property(anyTranscript, (transcript) => {
        expect(read(transcript, { opt_out: true }).status).toBe("asked");
      }),
      { seed: SEED, numRuns: scaled(200) },
    );
  });
});

describe("the opt-out reader on hostile sizes and shapes", () => {
  it("reads a 5 MB transcript in bounded work, hears a stop at its end, and says what it skipped", () => {
    const big = `Agent: hello\n${"Customer: blah blah blah blah blah blah\n".repeat(130_000)}Customer: stop calling me`;
    expect(big.length).toBeGreaterThan(5_000_000);
    const r = read(big);
    expect(r.status).toBe("asked");
    expect(r.unreadable.join(" ")).toMatch(/only the first and last/);
  });

  it("reads 200,000 turns: the first and the last, the middle said to be skipped", () => {
    const turns = Array.from({ length: 200_000 }, (_, i) => ({ role: "user", text: `line ${i}` }));
    turns[199_999] = { role: "user", text: "Take me off your list." };
    const r = read(turns);
    expect(r.status).toBe("asked");
    expect(r.unreadable.join(" ")).toMatch(/were not read/);
  });

  it("survives nesting 50,000 deep and cyclic objects", () => {
    let deep: unknown = "stop calling me";
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(STATUSES).toContain(read(deep).status);
    const cyclic: Record<string, unknown> = { role: "user", text: "hello" };
    cyclic.self = cyclic;
    cyclic.turns = [cyclic, { role: "user", content: cyclic }];
    expect(STATUSES).toContain(read(cyclic).status);
    expect(STATUSES).toContain(read([cyclic, cyclic]).status);
  });

  it("says binary and unknown scripts were not read, never that nobody asked", () => {
    // Bytes decoded as UTF-8, as a service that sent a file would: mostly replacement marks.
    const binary = Buffer.from(Array.from({ length: 4_000 }, (_, i) => (i * 37) % 256)).toString("utf8");
    const r = read(`\u0000\u0001${binary}`);
    expect(r.unreadable.join(" ")).toMatch(/binary/);
    const russian = read([
      { role: "assistant", text: "Здравствуйте, это Мария из компании." },
      { role: "user", text: "Пожалуйста, больше не звоните мне." },
    ]);
    expect(russian.unreadable.join(" ")).toMatch(/script the reader does not know/);
    expect(read({ weird: { deeper: [1, 2, { say: "stop calling me" }] } }).status).toBe("asked");
    expect(read({ weird: 1 }).unreadable.join(" ")).toMatch(/unknown shape/);
  });

  it("turns with unknown keys are read whole, as the callee's", () => {
    const r = read([{ who_said: "callee", utterance_text: "please remove me from your list" }]);
    expect(r.status).toBe("asked");
    expect(r.unreadable.join(" ")).toMatch(/unknown shape/);
  });
});
