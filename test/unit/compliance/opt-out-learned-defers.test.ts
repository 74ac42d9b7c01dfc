/**
 * Where the rules' word decides a line, the learned reader is not asked about it: a line whose words of a request the
 * rules set aside (a name, a quotation, someone else's words, a denial of saying), a line that asks for calls with
 * nothing against them ("call me Monday") and a bare "no thanks". Tried with a model that says yes to every line, so only the rules' word
 * can keep it out; a line the rules heard nothing in is still the model's.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import { useLearnedModel } from "../../../src/guards/opt-outs/reader/learned.js";
import { answerRecord, YES_TO_ALL as yesToAll } from "../../opt-out-eval/reading.js";

afterEach(() => useLearnedModel(undefined));

const answer = (said: string) => readOptOut(answerRecord(said)).status;

describe("the learned reader defers to the rules", () => {
  it("on a line whose request the rules set aside", () => {
    useLearnedModel(yesToAll);
    expect(answer("Stop calling him Bobby, his name is Robert.")).toBe("none");
    expect(answer("My neighbour told them 'never call me again', but I'd like to hear more.")).toBe("none");
    expect(answer("I never said don't call me. Go on.")).toBe("none");
    expect(answer("Take me off the waiting list, I found another place.")).toBe("none");
  });

  it("on a line that asks for calls, with nothing against them, in several languages", () => {
    useLearnedModel(yesToAll);
    expect(answer("Sure, call me Monday.")).toBe("none");
    expect(answer("يمكنك الاتصال بي في أي وقت.")).toBe("none");
    expect(answer("好的，周一再联系我。")).toBe("none");
    expect(answer("सोमवार को फोन कर लीजिए।")).toBe("none");
  });

  it("on a line that asks to be called when something is done, or later", () => {
    useLearnedModel(yesToAll);
    expect(answer("现在不太方便，半个小时后再打吧。")).toBe("none");
    expect(answer("我这边短信收不到，打电话吧。")).toBe("none");
    expect(answer("车修好了就打给我。")).toBe("none");
    expect(answer("終わったら電話ください。")).toBe("none");
    expect(answer("काम हो जाए तो फ़ोन कर दीजिए।")).toBe("none");
    expect(answer("Kaam ho jaye toh call kar dijiye.")).toBe("none");
    expect(answer("لما يخلص اتصل فيني.")).toBe("none");
  });

  it("on a line where the callee will call back themself", () => {
    useLearnedModel(yesToAll);
    expect(answer("Kunt u de afspraak van vrijdag annuleren? Ik bel zelf terug.")).toBe("none");
    expect(answer("Bitte stornieren Sie den Freitag, ich melde mich wieder.")).toBe("none");
    expect(answer("Annulez vendredi, je vous rappellerai.")).toBe("none");
    expect(answer("Spostiamo venerdì? La richiamo io.")).toBe("none");
  });

  it("on a no to an offer to stop, on a condition, that keeps the calls", () => {
    useLearnedModel(yesToAll);
    const offer = "Wenn Sie möchten, kann ich Sie auch aus unserer Anrufliste nehmen.";
    expect(readOptOut(answerRecord("Nein, ich möchte die Anrufe weiterhin.", offer)).status).toBe("none");
    expect(readOptOut(answerRecord("Nein, rufen Sie mich nicht mehr an.", offer)).status).toBe("asked");
    expect(readOptOut(answerRecord("No, keep calling me, please.", offer)).status).toBe("none");
  });

  it("while the requests they resemble are heard", () => {
    expect(answer("不要再打给我了。")).toBe("asked");
    expect(answer("もう電話しないでください。")).toBe("asked");
    expect(answer("फ़ोन करना बंद कर दीजिए।")).toBe("asked");
    expect(answer("لا تتصل علي مرة ثانية.")).toBe("asked");
    expect(answer("Stop calling me, I'll call you back if I ever need you.")).toBe("asked");
    expect(answer("Rufen Sie mich nicht mehr an, ich melde mich selbst.")).toBe("asked");
  });

  it("on a bare 'no thanks': a refusal of the offer, not of the calls", () => {
    useLearnedModel(yesToAll);
    expect(answer("No thanks.")).toBe("none");
    expect(answer("Non merci.")).toBe("none");
    expect(answer("Nein danke.")).toBe("none");
    // A word that is "never" in German and "no" in Polish; a polite "いえ、結構です" beside "大丈夫" (no husband in it).
    expect(answer("Nie, nie, dziękuję.")).toBe("none");
    expect(answer("いいえ、結構です。大丈夫です。")).toBe("none");
  });

  it("and is still asked about the lines the rules heard nothing in", () => {
    useLearnedModel(yesToAll);
    expect(answer("Honestly this is not a good number for this kind of thing.")).toBe("possible");
    expect(answer("Call me Monday. Actually, you people call more than my mother.")).toBe("possible");
    expect(answer("No, never.")).toBe("possible");
    expect(answer("Nie, nigdy więcej.")).not.toBe("none");
  });
});
