/**
 * The learned reader beside the rules: it only adds (a call the rules read `asked` or `possible` reads the same, one
 * they read `none` may become `possible`, never `asked`); a fault in it leaves the rules' reading and is said; a
 * transcript of any shape never makes it throw (the rules' own reading of them is tested elsewhere). Its training is deterministic, and the committed weights are a fresh
 * training's on every folder of test/opt-out-eval (npm run train:opt-outs -- --check says the same).
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { readOptOut, type OptOutStatus } from "../../../src/guards/opt-outs/reading.js";
import { readCall } from "../../../src/guards/opt-outs/reader/reader.js";
import { learnedMatch, useLearnedModel } from "../../../src/guards/opt-outs/reader/learned.js";
import type { Model } from "../../../src/guards/opt-outs/reader/learned-model.js";
import { WEIGHTS_FILE, allFolders, trainAll, trainWithThreshold } from "../../opt-out-eval/trainer.js";

afterEach(() => useLearnedModel(undefined));

const RANK: Record<OptOutStatus, number> = { none: 0, possible: 1, asked: 2 };
const rulesStatus = (record: { id: string; transcript: unknown }): OptOutStatus => {
  const { matches } = readCall(record, []);
  return matches.length === 0 ? "none" : matches[0]!.tier;
};

const LINES = [
  "Hi, this is Sam from Brightside. Shall I take you off our list?",
  "Would you like to keep getting these calls?",
  "Stop calling me.",
  "Yes please.",
  "No.",
  "I'd appreciate it if this were the last time you rang.",
  "Don't call me ma'am.",
  "My neighbour told them to stop calling him.",
  "Sure, Saturday works.",
  "Not interested.",
  "How did you get this number?",
  "[hangs up]",
  "No me llamen más.",
  "我不想再接到你们的电话。",
  "",
];
const turn = fc.record({
  role: fc.constantFrom("agent", "user", "assistant", "customer", "Maya", "Speaker 1", ""),
  text: fc.oneof(
    fc.constantFrom(...LINES),
    fc.string({ maxLength: 60 }),
    fc.string({ unit: "grapheme", maxLength: 30 }),
  ),
});

describe("the learned reader only adds", () => {
  it("for random transcripts the reading is at least the rules', the rules' matches stay, and its own is only possible", () => {
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 12 }), (turns) => {
        const record = { id: "call_1", transcript: turns };
        const rules = rulesStatus(record);
        const reading = readOptOut(record);
        expect(RANK[reading.status]).toBeGreaterThanOrEqual(RANK[rules]);
        if (rules !== "none") expect(reading.status).toBe(rules);
        for (const m of reading.matches.filter((m) => m.category === "learned")) expect(m.tier).toBe("possible");
        if (reading.matches.some((m) => m.category === "learned")) expect(rules).toBe("none");
      }),
      { numRuns: 300, seed: 34 },
    );
  });

  it("a fault in it leaves the rules' reading and says so", () => {
    useLearnedModel({ bias: 0, threshold: 0.5 } as unknown as Model);
    const ordinary = { id: "call_1", transcript: [{ role: "user", text: "Sure, Saturday works." }] };
    const read = readOptOut(ordinary);
    expect(read.status).toBe("none");
    expect(read.unreadable).toContain("transcript: the learned reader failed (TypeError)");
    expect(readOptOut({ id: "call_2", transcript: [{ role: "user", text: "Stop calling me." }] }).status).toBe("asked");
  });
});

describe("bad input never makes it throw", () => {
  const odd: unknown[] = [
    `Agent: hello\n${"Customer: blah blah blah blah blah blah blah\n".repeat(120_000)}`,
    "x".repeat(5_000_000),
    String.fromCharCode(...Array.from({ length: 65_536 }, (_, i) => i % 65_536)),
    [{ role: 7, text: { nested: ["a", 1, null] } }, null, 3, [["user", "hi"]]],
    { envelope: { deeper: { text: "stop" } } },
    Buffer.from([0, 1, 2, 255, 254]),
    42,
    [],
    "",
  ];
  it.each(odd.map((t, i) => [i, t]))("shape %i", (_, transcript) => {
    const unreadable: string[] = [];
    expect(() => learnedMatch({ id: "call_1", transcript } as never, [], unreadable)).not.toThrow();
  });
});

describe("training", () => {
  it("is deterministic: the same folders give the same file, byte for byte", () => {
    const folders = ["held-out-2", "held-out-4"];
    expect(trainAll(folders).text).toBe(trainAll(folders).text);
  });

  it("the committed weights are a fresh training's on every folder (else: npm run train:opt-outs)", () => {
    const committed = readFileSync(WEIGHTS_FILE, "utf8");
    const { threshold } = JSON.parse(committed) as { threshold: number };
    expect(committed).toBe(trainWithThreshold(allFolders(), threshold));
  });
});
