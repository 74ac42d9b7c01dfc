/**
 * Someone else's words are not the callee's request, in every language: single-quoted words with an apostrophe inside,
 * reported speech whose verb is continuous or comes with a complementizer (Hindi "कह रही थी कि", Hinglish "bol rahi
 * thi ki"), a "you" read in another language than the verb of saying, a "but" that sets the callee against them,
 * naming ("no me llames de usted", "stop calling yourself old") and answering the phone ("meri behen ne phone uthaya
 * tha"). The callee's own requests stay heard.
 */
import { describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import { answerRecord } from "../../opt-out-eval/reading.js";

const answer = (said: string) => readOptOut(answerRecord(said)).status;

describe("words quoted or reported for someone else", () => {
  it("single quotes around words with an apostrophe inside are a quotation", () => {
    expect(
      answer("Ha, my brother says he told you 'stop calling me, I'm done with you.' Anyway, what's the offer?"),
    ).toBe("none");
    expect(answer("Lol, mi prima said she told you 'stop calling me, I'm not selling.' Pero dime.")).toBe("none");
  });

  it("a verb of saying in the continuous, or with a complementizer, reports someone else's words (Hindi, Hinglish)", () => {
    expect(answer("मेरी पड़ोसन ने उनसे कहा था कि कॉल मत करो, फिर भी वो करते हैं। ख़ैर, बताइए।")).toBe("none");
    expect(answer("मेरी पत्नी कह रही थी कि फ़ोन मत करो, पर मुझे स्कीम सुननी है।")).toBe("none");
    expect(answer("Meri mummy bol rahi thi ki call mat karo, par mujhe details sunni hain.")).toBe("none");
  });

  it("a 'you' read in another language than the verb of saying does not relay the words to this caller", () => {
    expect(answer("Mi cuñada les dijo 'no me llamen más' y la siguen llamando cada semana. En fin, dígame.")).toBe(
      "none",
    );
  });

  it("the callee's own request is still heard, in the same languages", () => {
    expect(answer("मैं कह रहा हूँ, मुझे फ़ोन मत करो।")).not.toBe("none");
    expect(answer("Main bol raha hoon, mujhe call mat karo.")).not.toBe("none");
    expect(answer("Stop calling me, I'm done with you.")).toBe("asked");
    expect(answer("No me llamen más, por favor.")).toBe("asked");
  });
});

describe("someone else's request set against the callee's own stance", () => {
  it("a 'but' with nothing against the calls after it drops the words reported", () => {
    expect(
      answer("My husband keeps saying I should tell you to stop calling, but honestly I'd like to hear about it."),
    ).toBe("none");
    expect(answer("Mon fils m'a dit de vous dire d'arrêter d'appeler. Mais moi, je veux bien écouter l'offre.")).toBe(
      "none",
    );
    expect(answer("Mi marido me dijo que les dijera que dejen de llamar, pero a mí me interesa el precio.")).toBe(
      "none",
    );
  });

  it("a 'but' followed by a refusal leaves them held", () => {
    expect(answer("My husband told you to stop calling, but you keep calling anyway.")).not.toBe("none");
  });
});

describe("naming and answering are not calling", () => {
  it("a form of address or a name given to someone", () => {
    expect(answer("No me llames de usted, que me haces sentir mayor. Cuéntame.")).toBe("none");
    expect(answer("Stop calling yourself lazy, you're doing great, by the way.")).toBe("none");
    expect(answer("Stop calling her Maggie, her name is Margaret. Anyway, go on.")).toBe("none");
  });

  it("someone else picked up the phone", () => {
    expect(answer("Nahi nahi, maine aisa kabhi nahi bola. Shayad meri behen ne phone uthaya tha.")).toBe("none");
  });
});
