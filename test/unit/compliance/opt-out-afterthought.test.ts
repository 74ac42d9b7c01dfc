/**
 * Requests worded unlike the phrase lists: the object after the request, as an afterthought ("Could you maybe stop,
 * going forward? The calling, I mean."), a weak cue in every language (the same "I mean" after something else, or
 * after a yes to the calls, is not one); and dialects (Swiss German "nöd meh aagruefe", Rioplatense "perdé mi
 * número"). Read by the rules alone.
 */
import { describe, expect, it } from "vitest";
import { answerRecord, rulesStatus } from "../../opt-out-eval/reading.js";

const rules = (said: string) => rulesStatus(answerRecord(said));

describe("a request with its object as an afterthought", () => {
  it("is a weak cue in every language", () => {
    for (const said of [
      "Could you maybe... stop, going forward? The calling, I mean.",
      "¿Podrían, no sé, dejar de hacerlo? Lo de llamar, digo.",
      "Vous pourriez peut-être arrêter, à l'avenir ? De m'appeler, je veux dire.",
      "Könnten Sie das vielleicht in Zukunft lassen? Das Anrufen, meine ich.",
      "Vocês podiam, sei lá, parar? De ligar, digo.",
      "Magari in futuro potreste evitare? Di chiamare, intendo.",
    ]) {
      expect(rules(said), said).toBe("possible");
    }
  });

  it("not an 'I mean' after something else, nor after a yes to the calls", () => {
    for (const said of [
      "Could you stop by the shop? The one on Main, I mean.",
      "Keep them coming. The calls, I mean.",
      "Sure, let's talk. Call me later, I mean.",
    ]) {
      expect(rules(said), said).toBe("none");
    }
  });
});

describe("dialects", () => {
  it("Swiss German and Rioplatense Spanish requests are heard", () => {
    expect(rules("Grüezi. Also, ich wott nöd meh aagruefe wärde, gäll.")).toBe("asked");
    expect(rules("Che, ¿sabés qué? Perdé mi número, en serio.")).toBe("asked");
  });
});
