/**
 * The detector of a refusal of the offer in a call record (src/guards/consent-law/canvass-refusal.ts), which starts
 * France's 60-day hold: French and English, in the callee's turns (labelled or not, text or a list of turns) and in
 * the service's summary; never in the agent's turns.
 */
import { describe, expect, it } from "vitest";
import { detectCanvassRefusal } from "../../../src/guards/consent-law/canvass-refusal.js";
import type { CallRecord } from "../../../src/service/shapes.js";

const record = (fields: Record<string, unknown>): CallRecord => ({ id: "call_1", status: "completed", ...fields });

describe("a refusal said by the callee", () => {
  it.each([
    ["Non merci.", "fr", "non merci"],
    ["Non, merci, au revoir.", "fr", "non, merci"],
    ["Ça ne m'intéresse pas du tout.", "fr", "ca ne m'interesse pas"],
    ["Ca m’intéresse pas", "fr", "ca m'interesse pas"],
    ["Je ne suis pas intéressée.", "fr", "pas interessee"],
    ["Je ne veux pas de votre offre.", "fr", "je ne veux pas"],
    ["Je refuse.", "fr", "je refuse"],
    ["C'est pas pour moi.", "fr", "pas pour moi"],
    ["No thanks.", "en", "no thanks"],
    ["No, thank you, bye.", "en", "no, thank you"],
    ["I'm not interested.", "en", "not interested"],
    ["I don't need it.", "en", "i don't need it"],
    ["I'll pass.", "en", "i'll pass"],
  ])("%s", (said, lang, text) => {
    expect(detectCanvassRefusal(record({ transcript: `Agent: Bonjour.\nClient: ${said}` }))).toEqual({
      where: "transcript",
      text,
      lang,
    });
  });

  it("in a list of turns; the agent's turns are its script", () => {
    const turns = [
      { role: "assistant", content: "Si ce n'est pas le bon moment, dites non merci." },
      { role: "user", content: "Allez-y." },
    ];
    expect(detectCanvassRefusal(record({ transcript: turns }))).toBeUndefined();
    expect(
      detectCanvassRefusal(record({ transcript: [...turns, { speaker: "customer", text: "Non merci." }] })),
    ).toMatchObject({
      text: "non merci",
    });
    expect(detectCanvassRefusal(record({ transcript: "agent: no thanks is fine to say" }))).toBeUndefined();
  });

  it("the service's summary, in the third person too", () => {
    expect(detectCanvassRefusal(record({ summary: "The customer declined the offer." }))).toEqual({
      where: "summary",
      text: "declined",
      lang: "en",
    });
    expect(detectCanvassRefusal(record({ summary: "Le client a refusé la proposition." }))).toMatchObject({
      lang: "fr",
    });
  });

  it("a call with no refusal holds nothing", () => {
    expect(
      detectCanvassRefusal(
        record({ transcript: "Client: Oui, je suis intéressé, rappelez-moi.", summary: "Interested." }),
      ),
    ).toBeUndefined();
    expect(detectCanvassRefusal(record({}))).toBeUndefined();
  });
});
