/**
 * Someone else's words read out from a message or passed on to another party, in every language: the building
 * manager's order to the residents ("O síndico mandou: moradores, parem de ligar…"), the teacher's note in the school
 * group ("टीचर ने लिखा है कि…", "teacher ne likha hai ki…"), a neighbour's "tell your son not to call me" ("قولي لابنك
 * ما يتصلش بيا"), a son's text told by hearsay ("もう電話してこないで、だって") and said to be meant for him ("息子宛て").
 * The callee's own requests in the same words stay heard. And calls between others ("the other lawn company kept
 * ringing him") are no complaint of the callee's.
 */
import { describe, expect, it } from "vitest";
import { answerRecord, rulesStatus } from "../../opt-out-eval/reading.js";

const rules = (said: string) => rulesStatus(answerRecord(said));

describe("someone else's words read out", () => {
  it("are not the callee's request", () => {
    for (const said of [
      "Peraí, é o grupo da escola. A diretora mandou: pais, parem de ligar pra secretaria depois das seis. Enfim, pode continuar.",
      "एक मिनट, ऑफिस के ग्रुप में मैनेजर ने लिखा है कि लोग रात दस बजे के बाद फ़ोन करना बंद करें।",
      "Ek minute, society group mein secretary ne likha hai ki log raat ko call karna band karein.",
      "استنى، جارتنا بعتت رسالة بتقول: قولي لجوزك ما يتصلش بيا تاني بالليل.",
      "あ、娘からメッセージが…もう電話してこないで、会議中だから、だって。すみません、娘宛てのことで。",
    ]) {
      expect(rules(said), said).toBe("none");
    }
  });

  it("while the callee's own words stay heard", () => {
    for (const said of [
      "Parem de ligar pra mim, por favor.",
      "मुझे फ़ोन करना बंद करें।",
      "Mujhe call karna band karein.",
      "ما تتصلش بيا تاني.",
      "もう電話してこないでください。",
    ]) {
      expect(rules(said), said).toBe("asked");
    }
  });
});

describe("calls between others", () => {
  it("another party calling someone else is no complaint of the callee's", () => {
    expect(rules("My neighbour Phil, the other lawn company kept ringing him all week.")).toBe("none");
    expect(rules("The other company kept ringing him all week.")).toBe("none");
  });

  it("while calls to the callee, or by this caller, stay a weak cue", () => {
    expect(rules("You keep ringing him every day, he is ninety.")).toBe("possible");
    expect(rules("Those people keep calling me every day.")).toBe("possible");
  });
});
