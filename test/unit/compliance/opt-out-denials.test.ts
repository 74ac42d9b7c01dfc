/**
 * Denials and keeps read in every language: "I don't want you to think I meant stop calling", "es ist nicht so, dass
 * ich keine Anrufe will", a yes to the calls after a weak cue ("rufen Sie ruhig weiter an", "bitte anrufen"), the
 * agent's "I've noted that you still want calls" (no confirmation of a removal), a no to "may we keep calling you?"
 * asked in Hindi with "आगे भी", and "外さないでください" (a yes to the calls the learned reader does not overrule).
 */
import { afterEach, describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import { useLearnedModel } from "../../../src/guards/opt-outs/reader/learned.js";
import { callRecord, rulesStatus, YES_TO_ALL } from "../../opt-out-eval/reading.js";

afterEach(() => useLearnedModel(undefined));

const record = callRecord;
const rules = (lines: Array<[string, string]>) => rulesStatus(callRecord(lines));
const AGENT = "Hi, this is Sam from Brightside. Do you have a minute?";

describe("a request denied as meant", () => {
  it("is not made, in several languages", () => {
    expect(
      rules([
        ["agent", AGENT],
        ["user", "I don't want you to think I meant stop calling. I didn't."],
      ]),
    ).toBe("none");
    expect(
      rules([
        ["agent", AGENT],
        ["user", "No quiero que piense que dije que no me llamen más."],
      ]),
    ).toBe("none");
    expect(
      rules([
        ["agent", AGENT],
        ["user", "Nein. Es ist nicht so, dass ich keine Anrufe will. Rufen Sie ruhig weiter an."],
      ]),
    ).toBe("none");
  });

  it("a weak cue followed by a yes to the calls is undone", () => {
    expect(
      rules([
        ["agent", AGENT],
        ["user", "Gut. Klingel geht nicht, bitte anrufen."],
      ]),
    ).toBe("none");
  });

  it("the callee's own request is heard", () => {
    expect(
      rules([
        ["agent", AGENT],
        ["user", "I meant it: stop calling me."],
      ]),
    ).toBe("asked");
    expect(
      rules([
        ["agent", AGENT],
        ["user", "Es ist mir ernst, rufen Sie mich nicht mehr an."],
      ]),
    ).toBe("asked");
  });
});

describe("the agent's word that the calls go on", () => {
  it("is no confirmation of a removal", () => {
    const lines: Array<[string, string]> = [
      ["agent", "Hi Frank, this is the Maplewood Clinic assistant, about your follow-up."],
      ["user", "Oh right. What is it?"],
      ["agent", "No problem at all, I've noted that you still want calls."],
      ["user", "Good. What did the results say?"],
      ["agent", "The doctor would like to see you Monday."],
      ["user", "Monday's fine."],
      ["agent", "We'll call Sunday to remind you."],
      ["user", "Great."],
    ];
    expect(rules(lines)).toBe("none");
  });
});

describe("a no to 'may we keep calling you?' in Hindi", () => {
  it("is a request", () => {
    expect(
      rules([
        ["agent", "क्या हम आगे भी आपको ऑफ़र के बारे में कॉल कर सकते हैं?"],
        ["user", "नहीं, बिल्कुल नहीं।"],
      ]),
    ).toBe("asked");
  });
});

describe("'don't remove me' in Japanese", () => {
  it("is a yes to the calls, which the learned reader does not overrule", () => {
    useLearnedModel(YES_TO_ALL);
    const read = readOptOut(
      record([
        ["assistant", "お薬の受け取りリマインドのお電話、停止しましょうか。"],
        ["user", "いえいえ、外さないでください。"],
      ]),
    );
    expect(read.status).toBe("none");
  });
});
