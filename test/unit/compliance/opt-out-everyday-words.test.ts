/**
 * Everyday words that sound like a request and are not: a reassurance ("Sie stören nicht", "no me molesta", "you're
 * not bothering me") welcomes the calls in every language; a weak reading beside calls welcomed in the same sentence
 * ("no, calls are fine, I never check texts", "les appels c'est très pratique", "die Anrufe sind in Ordnung", calls said
 * better or asked to go on: "the phone is better", "proszę dzwonić", "call karte raho", "خليك تتصل") asks for
 * nothing; "أنا أنسى" ("I forget") is no "forget my number"; a
 * Hinglish "Priya ne" is no French "ne". The requests they resemble are still heard.
 */
import { describe, expect, it } from "vitest";
import { answerRecord, rulesStatus } from "../../../test/opt-out-eval/reading.js";

const read = (said: string) => rulesStatus(answerRecord(said));

describe("a reassurance welcomes the calls", () => {
  it.each([
    ["en", "Oh no worries, you're not bothering me at all."],
    ["de", "Keine Sorge, Sie stören nicht, wirklich."],
    ["es", "Tranquila, no me molesta para nada."],
    ["fr", "Non, non, vous ne me dérangez pas du tout."],
    ["pt", "Não, o senhor não me incomoda nada."],
    ["it", "Ma no, lei non mi disturba affatto."],
    ["nl", "Nee hoor, u stoort helemaal niet."],
    ["ar", "لا عادي، مو ازعاج أبداً."],
  ])("%s: asks for nothing", (_lang, said) => {
    expect(read(said)).toBe("none");
  });

  it.each([
    ["en", "Stop bothering me."],
    ["de", "Stören Sie mich nicht mehr."],
    ["es", "No me molesten más."],
    ["it", "Non mi disturbate più."],
    ["pt", "Não me incomodem mais."],
  ])("%s: the request it resembles is heard", (_lang, said) => {
    expect(read(said)).not.toBe("none");
  });
});

describe("a weak reading beside calls welcomed", () => {
  it("calls welcomed in the same sentence undo a weak reading", () => {
    expect(read("No, the calls are fine, I never read my messages anyway.")).toBe("none");
  });

  it("a firm request beside them is still heard", () => {
    expect(read("The calls were fine before, but don't call me again.")).not.toBe("none");
  });
});

describe("words of another language or person", () => {
  it('Arabic: "أنا أنسى", I forget, is no "forget my number"', () => {
    expect(read("لا عادي، اتصلوا علي، أنا أنسى المواعيد.")).toBe("none");
    expect(read("انسوا رقمي لو سمحت.")).not.toBe("none");
  });

  it('Hinglish: "Priya ne callback bola" holds no French "ne"', () => {
    expect(read("Note: Priya ne callback bola.")).toBe("none");
    expect(read("Ne m'appelez plus, s'il vous plaît.")).toBe("asked");
  });
});

describe("calls said to be fine", () => {
  it.each([
    ["fr", "Non, non, les appels c'est très pratique, je ne regarde jamais mes textos."],
    ["de", "Nein, die Anrufe sind schon in Ordnung, SMS lese ich nie."],
  ])("%s: a weak reading beside them asks for nothing", (_lang, said) => {
    expect(read(said)).toBe("none");
  });
});

describe("calls kept or said better, in answer to an offer to stop", () => {
  it.each([
    ["en", "No, the phone is better for me, I never look at texts."],
    ["pl", "Nie nie, proszę dzwonić, SMS-ów nie czytam wcale."],
    ["hi-Latn", "Nahi ji, aap call karte raho, SMS main dekhti nahi."],
    ["hi", "नहीं, फ़ोन करते रहना, मैसेज मैं नहीं देखता।"],
    ["ar", "لا، خليك تتصل عادي، الرسايل ما أقراها."],
  ])("%s: a weak reading beside them asks for nothing", (_lang, said) => {
    expect(read(said)).toBe("none");
  });

  it.each([
    ["en", "Texts are better. Stop calling me."],
    ["pl", "Proszę do mnie więcej nie dzwonić."],
    ["ar", "لا تتصلوا علي مرة ثانية."],
  ])("%s: the request is still heard", (_lang, said) => {
    expect(read(said)).not.toBe("none");
  });
});

describe("calls asked for, names given", () => {
  it("Portuguese: \"para de chamar ela de 'Bolinha'\" names the dog, not the calls", () => {
    expect(read("Tudo certo. Mas para de chamar ela de 'Bolinha' na ficha, o nome é Luna.")).toBe("none");
    expect(read("Para de me chamar, por favor.")).not.toBe("none");
  });

  it('"can you call instead?" asks for the calls: a weak reading before it is only held', () => {
    expect(read("Our landline doesn't get texts anymore, could you call me instead?")).not.toBe("asked");
  });
});
