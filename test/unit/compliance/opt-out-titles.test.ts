/**
 * A title after a verb that both names and calls is a form of address, not a request, in every language whose verb
 * of calling also names (English, French, Spanish, Portuguese, Italian): "ne m'appelez pas maître", "don't call me
 * doctor", "no me llames profe". The same verbs with the person as their object stay heard.
 */
import { describe, expect, it } from "vitest";
import { answerRecord, rulesStatus } from "../../opt-out-eval/reading.js";

const rules = (said: string) => rulesStatus(answerRecord(said));

describe("a title after a verb that names and calls", () => {
  it("is a form of address", () => {
    for (const said of [
      "Ne m'appelez pas maître, je suis juste stagiaire.",
      "Please don't call me doctor, I only have a master's.",
      "No me llames profe, dime Ana.",
      "Não me chame de doutor, sou só estagiário.",
      "Non chiamarmi professore, sono solo un assistente.",
    ]) {
      expect(rules(said), said).toBe("none");
    }
  });

  it("leaves requests heard", () => {
    expect(rules("Ne m'appelez plus, maître ou pas.")).not.toBe("none");
    expect(rules("Don't call me again, doctor's orders.")).not.toBe("none");
    expect(rules("No me llames más, profe.")).not.toBe("none");
  });
});
