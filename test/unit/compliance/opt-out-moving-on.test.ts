/**
 * Words about someone else's calls, then the callee moving on to this call ("Anyway, what's this about?", "Bon, c'est
 * pour quoi ?", "で、ご用件は？", "你接着说") or saying they were not meant for this caller ("eso no es con ustedes",
 * "不是说你们"): the words before are not the callee's request, in every language. A request followed by the same
 * question stays heard.
 */
import { describe, expect, it } from "vitest";
import { answerRecord, rulesStatus } from "../../opt-out-eval/reading.js";

const rules = (said: string) => rulesStatus(answerRecord(said));

describe("the callee moves on to this call after someone else's words", () => {
  it("drops the words reported before it, in every language", () => {
    for (const said of [
      "My wife said to tell you to stop calling her sister. Anyway, what's this about?",
      "Mi suegra me dijo que le dijera que dejen de llamar a su hermana. Bueno, ¿qué se le ofrece?",
      "Ma blonde m'a dit de vous dire d'arrêter d'appeler sa sœur. Bon, c'est pour quoi?",
      "Meine Frau hat gesagt, ich soll Ihnen sagen, Sie sollen ihre Schwester nicht mehr anrufen. Egal, worum geht es?",
      "A minha mulher pediu para lhe dizer para parar de ligar para a irmã dela. Enfim, do que se trata?",
      "Żona kazała przekazać, żebyście przestali dzwonić do jej siostry. No, ale o co chodzi?",
      "妻が、姉に電話するのやめてって伝えといてって言ってました。で、ご用件は？",
      "मेरी पत्नी ने कहा था कि आपको बोल दूँ कि उसकी बहन को फ़ोन करना बंद करो। खैर, बताइए क्या काम है?",
      "Meri mummy ne bola tha aapko bol doon ki unki behen ko call karna band karo. Khair, bataiye kya kaam hai?",
    ]) {
      expect(rules(said), said).toBe("none");
    }
  });

  it("drops words the callee says were not meant for this caller", () => {
    expect(rules("Mi suegra dice que le digan a su banco que ya no la llamen a la casa, eso no es con ustedes.")).toBe(
      "none",
    );
    expect(rules("等一下，我女儿刚发微信说妈你别再打了我在上课，哈哈，不好意思，不是说你们。你接着说。")).toBe("none");
  });

  it("leaves the callee's own request heard", () => {
    expect(rules("Stop calling me. What's this about anyway?")).not.toBe("none");
    expect(rules("Ya no me llamen, por favor. ¿Qué se le ofrece?")).not.toBe("none");
    expect(rules("Arrêtez de m'appeler. C'est à quel sujet?")).not.toBe("none");
    expect(rules("もう電話しないでください。ご用件は？")).not.toBe("none");
    expect(rules("Żona kazała przekazać, żebyście przestali dzwonić.")).not.toBe("none");
    expect(rules("My wife said to tell you to stop calling her.")).not.toBe("none");
  });
});
