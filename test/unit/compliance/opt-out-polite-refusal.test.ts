/**
 * A refusal said with thanks ("Not interested, thank you.") refuses the offer and asks nothing of the calls: the
 * labelling policy holds only a hostile "not interested". The learned reader is not asked about it (tried with a model
 * that says yes to every line); a refusal with more in it, or without the thanks, is still read.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import { useLearnedModel } from "../../../src/guards/opt-outs/reader/learned.js";
import { answerRecord, YES_TO_ALL as yesToAll } from "../../opt-out-eval/reading.js";

afterEach(() => useLearnedModel(undefined));

const answer = (said: string) =>
  readOptOut(answerRecord(said, "We have a special offer on home insurance this month. Interested?")).status;

describe("a refusal said with thanks", () => {
  it.each([
    "Not interested, thank you.",
    "No thanks, not interested.",
    "Non mi interessa, grazie.",
    "Pas intéressé, merci.",
    "No me interesa, gracias.",
    "Kein Interesse, danke.",
    "Nie jestem zainteresowany, dziękuję.",
  ])("is not held, even by a reader that says yes to every line: %s", (said) => {
    useLearnedModel(yesToAll);
    expect(answer(said)).toBe("none");
  });

  it("without the thanks, is still asked of the learned reader", () => {
    useLearnedModel(yesToAll);
    expect(answer("Not interested.")).toBe("possible");
  });

  it("with a request in it, is a request", () => {
    expect(answer("Not interested, thanks, and stop calling me.")).toBe("asked");
  });
});
