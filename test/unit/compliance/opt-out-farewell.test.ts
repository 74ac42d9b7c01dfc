/**
 * A line that is only a farewell is the call's end, not a request, in every language: the learned reader is not asked
 * about it (tried with a model that says yes to every line). A farewell with more in the line is still read.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import { useLearnedModel } from "../../../src/guards/opt-outs/reader/learned.js";
import { answerRecord, YES_TO_ALL as yesToAll } from "../../opt-out-eval/reading.js";

afterEach(() => useLearnedModel(undefined));

const answer = (said: string) => readOptOut(answerRecord(said, "Will do. Goodnight.")).status;

describe("a farewell alone", () => {
  it.each([
    "Night.",
    "Bye then, thanks!",
    "Buenas noches.",
    "Tschüss.",
    "Buonanotte!",
    "晚安。",
    "おやすみなさい。",
    "مع السلامة",
  ])("is not held, even by a reader that says yes to every line: %s", (said) => {
    useLearnedModel(yesToAll);
    expect(answer(said)).toBe("none");
  });

  it("with more in the line, is still read", () => {
    useLearnedModel(yesToAll);
    expect(answer("Not interested. Goodbye.")).toBe("possible");
    useLearnedModel(undefined);
    expect(answer("Bye, and don't call me again.")).toBe("asked");
  });
});
