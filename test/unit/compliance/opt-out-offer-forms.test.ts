/**
 * Two forms of the agent's words, in every language: a removal stated on a courtesy condition ("I can take you off
 * our list if you'd prefer.") is an offer, so a yes takes it and a no declines it; a survey's question about the
 * callee's past in an offer's words ("Have you ever asked a company to stop calling you?") is none, so its yes and the
 * story told after it ask for nothing, and it is still the agent's line. The callee's own request is heard either way.
 */
import { describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";

const answer = (agent: string, said: string) =>
  readOptOut(
    {
      id: "c",
      transcript: [
        { role: "assistant", text: agent },
        { role: "user", text: said },
      ],
    },
    {},
  ).status;
const texts = (lines: string[]) => readOptOut({ id: "c", transcript: lines }, {}).status;

describe("a removal stated on a courtesy condition", () => {
  it.each([
    ["I can take you off our list if you'd prefer.", "Yes, please do that."],
    ["Ik kan u uit ons belbestand halen als u dat liever heeft.", "Ja, graag."],
    ["Mogę usunąć pana z naszej listy, jeśli pan woli.", "Tak, proszę."],
    ["Si lo prefiere, puedo dejar de llamarle.", "Sí, por favor."],
    ["Se preferisce, posso toglierla dalla lista.", "Sì, grazie."],
    ["Je peux vous retirer de notre liste, si vous préférez.", "Oui, merci."],
    ["Ich kann Sie von unserer Liste streichen, wenn Sie möchten.", "Ja, bitte."],
    ["Posso tirar o seu número da lista, se preferir.", "Sim, por favor."],
    ["如果您愿意的话，我可以把您从名单中删除。", "好的，谢谢。"],
    ["よろしければ、リストから削除いたします。", "はい、お願いします。"],
    ["अगर आप चाहें तो मैं आपका नंबर लिस्ट से हटा सकता हूँ।", "हाँ, कृपया।"],
    ["Agar aap chahein to main aapka number list se hata sakta hoon.", "Haan please."],
    ["إذا كنت تفضل، يمكنني حذف رقمك من القائمة.", "نعم، من فضلك."],
  ])("is an offer a yes takes: %s", (agent, said) => {
    expect(answer(agent, said)).toBe("asked");
  });

  it("is declined by a no, and what explains the no is not a request", () => {
    expect(
      texts([
        "Buenos días, soy el asistente virtual de Banco Fénix.",
        "Hola.",
        "Le recordamos que su pago vence el viernes. Si quiere, puedo dejar de llamarle y enviarle SMS.",
        "No, mejor llámenme, los mensajes no los veo.",
        "Entendido, seguiremos llamando.",
        "Gracias.",
      ]),
    ).toBe("none");
  });

  it("a condition with a wish of its own is an instruction, not an offer: an okay to it asks for nothing", () => {
    expect(answer("If you want us to stop calling, just say so.", "Okay.")).toBe("none");
  });
});

describe("a survey's question about the callee's past", () => {
  it.each([
    [
      "Have you ever asked a company to stop calling you?",
      "Yeah, once I told a timeshare guy to stop, but this is fine.",
    ],
    ["Le è mai capitato di chiedere di non essere richiamato?", "Sì, mio suocero lo diceva sempre."],
    ["Avez-vous déjà demandé à une entreprise d'arrêter de vous appeler?", "Oui, une fois, il y a longtemps."],
    ["Haben Sie schon einmal eine Firma gebeten, Sie nicht mehr anzurufen?", "Ja."],
    ["¿Alguna vez le ha pedido a una empresa que deje de llamarle?", "Sí."],
    ["Czy kiedyś prosił pan firmę, żeby przestała dzwonić?", "Tak."],
    ["您有没有要求过公司不要再打电话？", "有。"],
    ["会社に電話をやめるよう頼んだことはありますか？", "はい。"],
    ["Heeft u ooit een bedrijf gevraagd om niet meer te bellen?", "Ja."],
  ])("is no offer: its yes asks for nothing (%s)", (agent, said) => {
    expect(answer(agent, said)).toBe("none");
  });

  it("is still the agent's line in texts sent alone", () => {
    expect(
      texts([
        "Hallo?",
        "Guten Tag, Marktforschung Nordlicht, eine kurze Umfrage.",
        "Na gut.",
        "Haben Sie schon mal gesagt, man solle Sie nicht mehr anrufen?",
        "Nein, nie. Das war nie nötig.",
        "Und wie viele Werbeanrufe bekommen Sie?",
        "Zwei pro Woche vielleicht.",
        "Vielen Dank.",
      ]),
    ).toBe("none");
  });

  it("the callee's own request after it is heard", () => {
    expect(
      answer("Have you ever asked a company to stop calling you?", "No, but I'm asking you now: stop calling me."),
    ).toBe("asked");
  });
});

describe("an offer with a filler before its verb", () => {
  it("is still an offer: its yes takes it", () => {
    expect(answer("so you want me to just take you off the list", "yep, do it")).toBe("asked");
  });
});

describe("a no after an interjection", () => {
  it.each([
    [
      "Would you like us to stop calling about alerts like this?",
      "Oh god no, don't stop calling, I'd never read a text in time.",
    ],
    ["¿Quiere que dejemos de llamarle por estos avisos?", "¡Ay, Dios, no! Nunca veo los mensajes a tiempo."],
    [
      "Voulez-vous que nous ne vous appelions plus pour ces alertes ?",
      "Mon Dieu, non ! Je ne vois jamais les textos à temps.",
    ],
  ])("still declines the offer: %s", (agent, said) => {
    expect(answer(agent, said)).toBe("none");
  });
});

describe("a question to get in touch again, in Portuguese", () => {
  it("is a question to call again, and a no to it is a request", () => {
    expect(
      answer("Antes de desligar, podemos entrar em contato novamente no mês que vem?", "Não, não precisa, obrigada."),
    ).toBe("asked");
  });
});

describe("a question to call again, in Italian", () => {
  it("is read as Italian and a no to it is a request", () => {
    expect(answer("Possiamo ricontattarla in futuro?", "No, grazie.")).toBe("asked");
  });
});
