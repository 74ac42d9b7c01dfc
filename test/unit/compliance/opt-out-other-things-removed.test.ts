/**
 * An address is another thing to remove, not the person from the calls: "delete the old address, we moved" after the
 * agent's "shall I remove it?", in every language, and across a comma ("the old address is still in the system, take
 * it out"). A Spanish street ("la calle") is no English "call". The person's own removal beside it is still heard.
 */
import { describe, expect, it } from "vitest";
import { answerRecord, callRecord, rulesStatus } from "../../../test/opt-out-eval/reading.js";

const ASKED_ABOUT_ADDRESS: Array<[string, string]> = [
  ["en", "We also have an old address on file, on Birch Road. Shall I delete it?"],
  ["es", "Además tenemos una dirección antigua en la calle Mayor. ¿La borramos?"],
  ["fr", "Nous avons aussi une ancienne adresse, avenue Foch. Je la supprime ?"],
];

describe("an address removed", () => {
  it.each([
    ["en", "Yes, please delete the old address, we moved last spring."],
    ["es", "Sí, borre esa dirección, ya no vivimos allí."],
    ["fr", "Oui, effacez l'adresse de Lyon, on a déménagé."],
    ["de", "Ja, bitte löschen Sie die alte Adresse aus dem System."],
    ["pt", "Sim, apaga o endereço antigo do sistema."],
    ["it", "Sì, cancelli il vecchio indirizzo dal sistema."],
    ["ja", "はい、前の住所は削除してください。"],
    ["zh", "对，把旧地址从系统里删掉吧。"],
    ["hi", "हाँ, पुराना पता हटा दीजिए।"],
    ["ar", "نعم، احذف العنوان القديم من النظام."],
  ])("%s: the callee's word to delete an address asks for nothing", (_lang, said) => {
    expect(rulesStatus(answerRecord(said))).toBe("none");
  });

  it.each(ASKED_ABOUT_ADDRESS)("%s: a yes to the agent's question about an address asks for nothing", (_l, agent) => {
    expect(rulesStatus(answerRecord("Yes, please.", agent))).toBe("none");
    expect(rulesStatus(answerRecord("Sí, por favor.", agent))).toBe("none");
  });

  it("another list across a comma undoes the reading it spans", () => {
    const said = "No thanks. But the old address is still in your system, take it out please.";
    expect(rulesStatus(answerRecord(said))).toBe("none");
    const pt = "Hoje não. Mas o endereço antigo ainda está no sistema, tira ele, por favor.";
    expect(rulesStatus(answerRecord(pt))).toBe("none");
  });

  it("the person's own removal beside an address is still heard", () => {
    expect(rulesStatus(answerRecord("Delete the old address, and take my number off your list too."))).toBe("asked");
    expect(rulesStatus(answerRecord("Borre la dirección vieja y quíteme de su lista de llamadas."))).toBe("asked");
    expect(rulesStatus(answerRecord("Oui, supprimez l'adresse, et retirez-moi de votre liste d'appels."))).toBe(
      "asked",
    );
    const call = callRecord([
      ["assistant", "We have an old address on file. Shall I remove it?"],
      ["user", "Yes, and remove me from your calling list as well."],
    ]);
    expect(rulesStatus(call)).toBe("asked");
  });
});
