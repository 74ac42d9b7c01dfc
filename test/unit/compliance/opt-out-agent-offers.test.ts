/**
 * The agent's own offers are never the callee's requests: calls sent as texts alone (no labels) are read as two
 * alternating sides, the side that introduces itself and offers being the agent's; an offer made on a condition ("if
 * you'd rather we didn't call, just say so") speaks as the agent in every language; a label in Devanagari is read
 * whole; and a no to "shall we stop calling you?" keeps the calls. The callee's requests in the same calls are heard.
 */
import { describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";

const texts = (lines: string[]) => readOptOut({ id: "c", transcript: lines }, {}).status;
const call = (lines: Array<[string, string]>) =>
  readOptOut({ id: "c", transcript: lines.map(([role, text]) => ({ role, text })) }, {}).status;

describe("a call sent as texts alone", () => {
  const english = [
    "Hi, you have reached the Fernhill Vet reminder line. We will not call you again after this, it is the last reminder.",
    "Oh, hello.",
    "Bella is due for her vaccines next week.",
    "Okay, good to know.",
    "Please call us to book a time.",
    "Will do, thanks.",
    "Thank you for your time, goodbye.",
    "Bye.",
  ];

  it("the agent's word that this is the last call, on the agent's side of the call, is not the callee's request", () => {
    expect(texts(english)).toBe("none");
  });

  it("the callee's request in the same call is heard", () => {
    const asked = [
      ...english.slice(0, 3),
      "Actually yes, please stop calling me, I'll book online.",
      ...english.slice(4),
    ];
    expect(texts(asked)).not.toBe("none");
  });

  it("the same in Polish and Chinese: an offer on a condition, in the agent's turns", () => {
    expect(
      texts([
        "Dzień dobry, tu Marta, wirtualna asystentka przychodni Pod Lipami.",
        "Dzień dobry.",
        "Przypominam o wizycie w piątek o dziesiątej.",
        "Dobrze, będę.",
        "Jeśli nie chce pani już otrzymywać takich przypomnień, mogę panią wypisać.",
        "Nie trzeba, to mi pomaga.",
        "Dziękuję, do widzenia.",
        "Do widzenia.",
      ]),
    ).toBe("none");
    expect(
      texts([
        "您好，这里是康华医院的智能语音助手，提醒您后天上午十点复诊。",
        "好的。",
        "请问您能按时来吗？",
        "能。",
        "好的。如果您不想再接到这类提醒电话，可以直接告诉我。",
        "不用，继续打吧。",
        "感谢您的接听，再见。",
        "再见。",
      ]),
    ).toBe("none");
  });

  it("an agent's turn of the call that does not speak as the agent still holds a request (possible, not dropped)", () => {
    const lines = [
      "Hello, this is Omar from Brightwater Energy, calling about your meter reading.",
      "Hi.",
      "We need a reading by Friday.",
      "Okay.",
      "Stop calling me.",
      "Sure.",
      "Thank you for your time.",
      "Bye.",
    ];
    expect(texts(lines)).not.toBe("none");
  });
});

describe("the agent's offer on a condition, under a persona's name", () => {
  it("Hindi, with the callee's label in Devanagari: the persona's offer is not the callee's request", () => {
    const lines: Array<[string, string]> = [
      ["सीमा", "नमस्ते, मैं सीमा, आरोग्य लैब से। अगर आप नहीं चाहते कि हम कॉल करें तो बता दीजिए।"],
      ["ग्राहक", "नहीं, बोलिए।"],
      ["सीमा", "आपकी रिपोर्ट तैयार है, कल ले जाइए।"],
      ["ग्राहक", "ठीक है।"],
      ["सीमा", "धन्यवाद।"],
      ["ग्राहक", "नमस्ते।"],
    ];
    expect(call(lines)).toBe("none");
    expect(call([...lines.slice(0, 3), ["ग्राहक", "मुझे दोबारा कॉल मत करना।"]])).not.toBe("none");
  });
});

describe("the agent's question whether to stop, in Arabic", () => {
  const opening: Array<[string, string]> = [
    ["Bot", "مرحبا، هذا المساعد الآلي لبنك النخيل. هل قمت بعملية شراء اليوم؟"],
    ["Customer", "نعم."],
    ["Bot", "شكرا. هل تفضل أن نتوقف عن الاتصال بك بخصوص العمليات؟"],
  ];

  it("a no, go on, keeps the calls", () => {
    expect(call([...opening, ["Customer", "لا، استمروا."], ["Bot", "تم، مع السلامة."]])).toBe("none");
  });

  it("a yes is a request", () => {
    expect(call([...opening, ["Customer", "نعم من فضلك."], ["Bot", "تم، مع السلامة."]])).toBe("asked");
  });
});

describe("a yes in Québec French", () => {
  it("'Ouin' to the offer to remove is a request", () => {
    expect(
      call([
        ["Agent", "Bonjour, c'est Luc de Toitures Boréal. On fait des estimations gratuites cette semaine."],
        ["Client", "On a refait le toit l'an passé."],
        ["Agent", "Parfait! Voulez-vous que je vous enlève de notre liste d'appels?"],
        ["Client", "Ouin, ce serait apprécié."],
        ["Agent", "Bonne journée!"],
      ]),
    ).toBe("asked");
  });
});
