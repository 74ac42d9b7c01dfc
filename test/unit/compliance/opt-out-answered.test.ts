/**
 * A question told apart by its answer where the speakers are not known (a call sent as texts alone): an offer to stop
 * answered "no, don't stop" and a "shall we keep calling?" answered "yes, I never said stop" are the agent's, in every
 * language, so their words are no request of the callee's; a request answered by the agent stays heard. And denials
 * read in the answer itself: "it's not that I don't want calls" ("aisa nahi hai ki", "ऐसा नहीं है कि", "مش إني"), a
 * "no" before "keep them" in its own clause, the Portuguese "não para, não".
 */
import { describe, expect, it } from "vitest";
import { answerRecord, rulesStatus } from "../../opt-out-eval/reading.js";

/** A call sent as its texts alone, the speakers not named. */
const texts = (...lines: string[]) => rulesStatus({ id: "c", transcript: lines });
const rules = (said: string) => rulesStatus(answerRecord(said));

describe("a question told apart by its answer, the speakers not known", () => {
  it("an offer to stop answered by a no that keeps the calls is the agent's, in every language", () => {
    for (const call of [
      [
        "Good morning, the Riverside library here. Your held book is ready.",
        "Oh, great.",
        "It stays on the shelf until Friday.",
        "Friday works.",
        "Last time you said we call too often. Would you like us to stop calling?",
        "No, please keep calling, I only said twice a day was a lot.",
        "Noted, once a day then.",
        "Perfect.",
        "Bye!",
      ],
      [
        "नमस्ते, ये नगर निगम की स्वचालित कॉल है। आपका पानी का बिल बाकी है।",
        "अच्छा, हाँ, बताने के लिए धन्यवाद।",
        "क्या आप चाहेंगे कि हम ये याद दिलाने वाली कॉल बंद कर दें?",
        "नहीं बेटा, बंद मत करो। वरना भूल जाऊँगा।",
        "ठीक है, कॉल जारी रहेंगी।",
        "बिल ऑनलाइन भर सकते हैं?",
        "जी हाँ।",
        "ठीक है।",
        "धन्यवाद।",
      ],
      [
        "もしもし、ひかり幼稚園の連絡システムです。明日は遠足のため、登園時間が八時に変更になります。",
        "はい、わかりました。",
        "なお、先日このお電話についてご意見をいただきましたが、今後の連絡のお電話を停止いたしますか？",
        "いやいや、やめないでください。夜九時は遅すぎるって言っただけなんです。",
        "失礼いたしました。",
        "大丈夫です。",
        "お弁当をお持ちください。",
        "了解です。",
        "失礼いたします。",
      ],
      [
        "Oi, aqui é da academia Corpo Leve. Sua matrícula vence semana que vem!",
        "Ah, é mesmo?",
        "Sim. Quer renovar?",
        "Quero sim.",
        "Renovado! O senhor comentou que ligamos demais. Quer que a gente pare de ligar?",
        "Não, não para não. Só reclamei das três ligações no mesmo dia.",
        "Entendi.",
        "Valeu.",
        "Até mais!",
      ],
    ]) {
      expect(texts(...call), call[4]).toBe("none");
    }
  });

  it("a keep question answered by a yes that keeps the calls is the agent's", () => {
    expect(
      texts(
        "Dag, hier is Tom van de bibliotheek. Uw boek ligt klaar!",
        "Ah, fijn.",
        "Ja, vanaf morgen. Het ligt tot vrijdag klaar aan de balie.",
        "Vrijdag gaat. Hoe laat?",
        "Van tien tot vijf. Vorige keer zei ge dat we te veel belden. Moeten we u nog bellen voor uw reserveringen?",
        "Ja, toch wel. Ik heb nooit gezegd dat ge moet stoppen, alleen dat elke dag wat veel was.",
        "Genoteerd.",
        "Tot vrijdag.",
        "Dag!",
      ),
    ).toBe("none");
  });

  it("a callee's request refused in the calling side's words stays heard", () => {
    // Texts alone alternate: the callee speaks the second, fourth, sixth turn.
    const asked = (request: string, reply: string) =>
      texts("Hello, this is the pension office.", "Yes?", "Is now a good time?", request, reply, "Ugh.");
    expect(asked("Could you stop these calls?", "No, we won't stop, it is required.")).not.toBe("none");
    expect(asked("Can you stop calling me?", "No problem, I will remove you.")).not.toBe("none");
  });
});

describe("denials read in the answer", () => {
  it("'it's not that I don't want calls' denies the request, in Hindi, Hinglish and Arabic", () => {
    expect(rules("Nahi yaar, aisa nahi hai ki mujhe calls nahi chahiye, bas dar lagta hai.")).toBe("none");
    expect(rules("ऐसा नहीं है कि मुझे कॉल नहीं चाहिए, बस डर लगता है।")).toBe("none");
    expect(rules("مش إني ما بدي مكالمات، بس بخاف.")).toBe("none");
    expect(rules("Mujhe calls nahi chahiye.")).toBe("asked");
  });
});
