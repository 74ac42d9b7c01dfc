/**
 * Weak cues heard in every language, held for a person (`possible`): the caller met with exasperation ("you people
 * again", "Sie schon wieder", "¿otra vez ustedes?", "またですか") or told they love calling, and the number said unfit
 * for such calls ("this isn't a good number for this kind of thing"), the wish that this be the last call, "you call
 * a lot", "how'd you get this?". Read by the rules alone; ordinary uses of the same words are not cues.
 */
import { describe, expect, it } from "vitest";
import { answerRecord, rulesStatus } from "../../opt-out-eval/reading.js";

const rules = (said: string) => rulesStatus(answerRecord(said));

describe("exasperation at the caller", () => {
  it("is a weak cue in every language", () => {
    for (const said of [
      "Oh. You people again.",
      "Ach, Sie schon wieder. Was gibt's?",
      "¿Otra vez ustedes? Bueno, diga.",
      "Encore vous ? Bon, allez-y.",
      "Ancora voi? Va bene, dica.",
      "Vocês de novo? Tá, fala.",
      "Jullie weer. Nou, zeg het maar.",
      "Znowu wy? No dobrze, słucham.",
      "又是你们？说吧。",
      "またですか。はい、どうぞ。",
      "आप लोग फिर से? बोलिए।",
      "Aap log phir se? Boliye.",
      "انتو تاني؟ طيب قول.",
      "Jullie bellen wel erg graag, hè.",
    ]) {
      expect(rules(said), said).toBe("possible");
    }
  });

  it("not the same words said otherwise", () => {
    for (const said of [
      "Sorry, could you say that again?",
      "Oh it's you, Sam! Good to hear from you.",
      "Ja, rufen Sie mich gern wieder an.",
      "Sí, llámeme otra vez el lunes.",
    ]) {
      expect(rules(said), said).toBe("none");
    }
  });
});

describe("the number said unfit for such calls", () => {
  it("is a weak cue", () => {
    for (const said of [
      "Honestly this isn't a great number for this kind of thing.",
      "सच कहूँ तो ये नंबर इस तरह की चीज़ों के लिए ठीक नहीं है।",
      "Sach kahoon toh ye number is type ki cheezon ke liye sahi nahi hai.",
      "Das ist nicht die richtige Nummer dafür.",
    ]) {
      expect(rules(said), said).toBe("possible");
    }
  });

  it("with hedging words between, in several languages", () => {
    for (const said of [
      "Sinceramente, esse não é muito o número pra esse tipo de coisa...",
      "Sinceramente non è proprio il numero giusto per queste cose...",
      "Ehrlich gesagt ist das nicht so die richtige Nummer für sowas...",
      "Szczerze mówiąc, to nie jest najlepszy numer do takich spraw...",
    ]) {
      expect(rules(said), said).toBe("possible");
    }
  });

  it("not a number said right", () => {
    expect(rules("Yes, this is the right number for the delivery.")).toBe("none");
  });
});

describe("the wish that this be the last call, and other weak cues", () => {
  it("is a weak cue in every language", () => {
    for (const said of [
      "Honestly I'd appreciate it if this was the last one of these I get.",
      "Le agradecería que esta fuera la última llamada.",
      "Eu agradeceria se essa fosse a última ligação, viu?",
      "Le sarei grato se questa fosse l'ultima telefonata.",
      "拜托，这是最后一通了好不好。",
      "Yaar please, ye last call ho toh badi meherbani hogi.",
      "Wow. You folks really call a lot, huh.",
      "Seriously, how'd you even get this?",
    ]) {
      expect(rules(said), said).not.toBe("none");
    }
  });

  it("not thanks for a call nor the last one of something else", () => {
    for (const said of ["Thanks a lot for calling, bye.", "Is this the last one of the forms I need to sign?"]) {
      expect(rules(said), said).toBe("none");
    }
  });
});
