/**
 * Answers that welcome the calls are not requests, in every language: the calls said not to bother ("the calls don't
 * bother me", "ça me dérange pas", "die Anrufe stören mich nicht"), while "don't bother me" and its kin stay requests;
 * a yes to the agent's "may we keep calling?" is the rules' word, not the learned reader's; and in Chinese, cancelling
 * the call reminders ("取消电话提醒") is a removal, "别取消" a no to it; in Japanese, "携帯のほうに電話していただけると"
 * asks for calls.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import { useLearnedModel } from "../../../src/guards/opt-outs/reader/learned.js";
import { answerRecord, rulesStatus, YES_TO_ALL } from "../../opt-out-eval/reading.js";

afterEach(() => useLearnedModel(undefined));

const rules = (said: string, agent?: string) => rulesStatus(answerRecord(said, agent));

describe("the calls said not to bother", () => {
  it("welcome them, in every language that says it so", () => {
    for (const said of [
      "Yes, the calls don't bother me at all.",
      "Oui oui, ça me dérange pas pantoute, continuez.",
      "Sim, não me incomoda nada.",
      "Sì, non mi disturba affatto.",
      "Ja, die Anrufe stören mich nicht.",
      "Tak, nie przeszkadza mi to.",
    ]) {
      expect(rules(said), said).toBe("none");
    }
  });

  it("while the requests worded alike stay heard", () => {
    for (const said of [
      "Please don't bother me again.",
      "It doesn't bother me, but stop calling.",
      "Ça ne me dérange pas, mais ne m'appelez plus.",
      "Não me incomodem mais.",
      "Non mi disturbate più.",
      "Stören Sie mich nicht mehr.",
      "Nie przeszkadzajcie mi więcej.",
    ]) {
      expect(rules(said), said).toBe("asked");
    }
  });
});

describe("a yes to the agent's 'may we keep calling?'", () => {
  it("is the rules' word: the learned reader is not asked about it", () => {
    useLearnedModel(YES_TO_ALL);
    const keep = (agent: string, said: string) => readOptOut(answerRecord(said, agent)).status;
    expect(keep("今後もお電話でご案内させていただいてもよろしいでしょうか？", "はい、かまいませんよ。")).toBe("none");
    expect(keep("May we keep calling you with reminders?", "Yes, that's fine.")).toBe("none");
    // A no to the same question is still a request, and a line after another question is still the model's.
    expect(keep("May we keep calling you with reminders?", "No.")).toBe("asked");
    expect(keep("Do you have a minute?", "Yes, that's fine.")).toBe("possible");
  });
});

describe("cancelling the call reminders, in Chinese", () => {
  it("is a removal, offered or asked for; 'don't cancel' keeps them", () => {
    expect(rules("请取消电话提醒。")).toBe("asked");
    expect(rules("好，取消吧。", "要不要帮您取消电话提醒？")).toBe("asked");
    expect(rules("不不不，别取消，我就靠这个提醒，不然老是忘。", "要不要帮您取消电话提醒？")).toBe("none");
  });
});

describe("calls asked for on another phone, in Japanese", () => {
  it("welcome them: the learned reader is not asked about the line", () => {
    useLearnedModel(YES_TO_ALL);
    expect(readOptOut(answerRecord("携帯のほうに電話していただけると助かります。")).status).toBe("none");
    expect(readOptOut(answerRecord("携帯に電話しないでください。")).status).toBe("asked");
  });
});
