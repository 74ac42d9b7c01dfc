/**
 * The opt-out reader's weak cues and negation scope, each mechanism in several languages: heated refusals and "how did
 * you get my number" are held (`possible`), calls too often are held, a denied stop is no request, a "no" to the
 * agent's offer is explained by what follows it, a call that dies after the offer is held, and a question to call
 * again answered "no" is a request. Sentences written for this file, not taken from the evaluation sets.
 */
import { describe, expect, it } from "vitest";
import { readOptOut, type OptOutStatus } from "../../../src/guards/opt-outs/reading.js";

type Turn = [string, string];

const call = (turns: readonly Turn[]): OptOutStatus =>
  readOptOut({ id: "call_1", transcript: turns.map(([role, text]) => ({ role, text })) }).status;

/** The callee's one answer to an agent's line. */
const answer = (agent: string, said: string): OptOutStatus =>
  call([
    ["agent", agent],
    ["user", said],
  ]);

const OPENING = "Hi, this is Dana from Lakeside Offers.";

describe("heated refusals and questions about the number are held", () => {
  it.each([
    "Not interested, whatsoever. Goodbye.",
    "Pas intéressée, mais alors du tout.",
    "Nicht interessiert. Überhaupt nicht.",
    "No me interesa para nada.",
  ])("%s", (said) => expect(answer(OPENING, said)).toBe("possible"));

  it.each([
    "How on earth did you get my number?",
    "Woher haben Sie überhaupt diese Nummer?",
    "Skąd wy w ogóle macie ten numer?",
    "你们到底从哪里拿到我的电话号码的？",
  ])("%s", (said) => expect(answer(OPENING, said)).toBe("possible"));

  it("a plain 'not interested' or a curious question about the number stays none", () => {
    expect(answer(OPENING, "Not interested, thanks.")).toBe("none");
    expect(answer(OPENING, "Who is this? How did you get this number?")).toBe("none");
  });
});

describe("calls too often, or fewer wished, are held", () => {
  it.each([
    "Honestly you ring me too often, could you ease off a bit?",
    "Vous m'appelez vraiment trop souvent, vous savez.",
    "Ihr ruft echt zu oft an.",
    "Jullie bellen wel erg vaak, hoor.",
    "आप लोग बहुत ज़्यादा फ़ोन करते हैं।",
    "اتصالاتكم كثيرة جدا والله",
  ])("%s", (said) => expect(answer(OPENING, said)).toBe("possible"));

  it("a wish frame is not a condition: 'it would be lovely if I didn't hear from you for a bit' is held", () => {
    expect(answer(OPENING, "It would be lovely if I didn't hear from you for a bit.")).toBe("possible");
  });
});

describe("a denied stop asks for nothing", () => {
  const offer = "Would you like us to stop these reminder calls?";
  it.each([
    ["en", "No no, please don't stop calling, I need them."],
    ["hi", "नहीं, कॉल बंद मत करो, मुझे याद नहीं रहता।"],
    ["hi-Latn", "Arre nahi, calls band mat karo please."],
    ["ja", "いえ、止めないでください。"],
    ["ar", "لأ، متبطلوش المكالمات."],
  ])("%s: %s", (_lang, said) => expect(answer(offer, said)).toBe("none"));

  it("a conditional 'no call' is none: 'if nobody calls me I forget'", () => {
    expect(answer("Posso continuar ligando para lembrar?", "Pode sim, se ninguém me liga eu esqueço tudo.")).toBe(
      "none",
    );
  });

  it("a closing 'não' belongs to the verb before it: the removal after it stands", () => {
    expect(answer(OPENING, "num me liga mais não, tira meu número")).toBe("asked");
  });
});

describe("the agent's question and the callee's answer", () => {
  it("a 'no' to the offer to stop drops the weak cues that explain it", () => {
    expect(
      answer(
        "Shall we stop the calls and just send you texts instead?",
        "No, no, the calls are how I remember. I never read texts.",
      ),
    ).toBe("none");
  });

  it.each([
    ["is it okay if we reach out again in the spring?", "No, it isn't."],
    ["On peut vous recontacter le mois prochain ?", "Non, merci."],
    ["Possiamo ricontattarla la settimana prossima?", "No, grazie."],
    ["O senhor quer que eu retire seu número da nossa lista?", "Quero sim."],
  ])("%s / %s is asked", (agent, said) => expect(answer(agent, said)).toBe("asked"));

  it.each([
    ["de", "Soll ich Sie aus unserer Kartei streichen?", "[Kunde legt auf]", "Hallo? Sind Sie noch da?"],
    ["nl", "Zal ik u van onze lijst afhalen?", "[klant hangt op]", "Hallo?"],
    ["ja", "今後のご案内を停止いたしましょうか？", "[通話が切断されました]", "もしもし？"],
  ])("%s: the callee hangs up at the offer, the agent says hello into the line: held", (_l, offer, note, hello) => {
    const status = call([
      ["agent", "Hello, this is Kim from Sunbridge."],
      ["user", "Mm."],
      ["agent", offer],
      [note, ""],
      ["agent", hello],
      ["[call ended]", ""],
    ]);
    expect(status).toBe("possible");
  });
});

describe("calls named first and stopped after are a partial request", () => {
  it.each([
    ["en", "The refill reminders are fine, but the calls about your sales, stop those."],
    ["fr", "Les rappels, ça va. Par contre les appels pour les soldes, vous arrêtez."],
    ["de", "Die Rezepterinnerung ist gut, aber diese Werbeanrufe, die lassen Sie bitte."],
  ])("%s: %s", (_lang, said) => expect(answer(OPENING, said)).toBe("asked"));
});
