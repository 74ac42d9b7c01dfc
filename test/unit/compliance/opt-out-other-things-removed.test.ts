/**
 * An address is another thing to remove, not the person from the calls: "delete the old address, we moved" after the
 * agent's "shall I remove it?", in every language, and across a comma ("the old address is still in the system, take
 * it out"). A Spanish street ("la calle") is no English "call". The person's own removal beside it is still heard. An old
 * card removed is another thing too, in every language, and the learned reader is not asked about such a line; so is
 * another program's list ("the adoption list", "la lista de adopción").
 */
import { afterEach, describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import { useLearnedModel } from "../../../src/guards/opt-outs/reader/learned.js";
import { answerRecord, callRecord, rulesStatus, YES_TO_ALL } from "../../../test/opt-out-eval/reading.js";

afterEach(() => useLearnedModel(undefined));

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
    // Both in one clause, the person the phrase's own object.
    expect(rulesStatus(answerRecord("Take off my card and take me off the list."))).toBe("asked");
    expect(rulesStatus(answerRecord("Borre la tarjeta y quíteme de la lista."))).toBe("asked");
    const call = callRecord([
      ["assistant", "We have an old address on file. Shall I remove it?"],
      ["user", "Yes, and remove me from your calling list as well."],
    ]);
    expect(rulesStatus(call)).toBe("asked");
  });
});

describe("a card removed", () => {
  it.each([
    ["en", "Remove the old credit card, it's expired."],
    ["es", "Borre la tarjeta vieja, ya no la uso."],
    ["fr", "Supprimez l'ancienne carte, elle a expiré."],
    ["de", "Löschen Sie bitte die alte Kreditkarte."],
    ["pt", "Pode apagar o cartão antigo."],
    ["it", "Cancelli la carta vecchia, è scaduta."],
    ["nl", "Verwijder de oude creditcard maar."],
    ["pl", "Proszę usunąć starą kartę kredytową."],
    ["zh", "把那张旧卡删了吧。"],
    ["ja", "古いカードは削除してください。"],
    ["hi", "पुराना कार्ड हटा दो।"],
    ["hi-Latn", "Woh purana card hata do, ab use nahi hota."],
    ["ar", "احذف البطاقة القديمة لو سمحت."],
  ])("%s: asks for nothing, and the learned reader is not asked", (_lang, said) => {
    expect(rulesStatus(answerRecord(said))).toBe("none");
    useLearnedModel(YES_TO_ALL);
    expect(readOptOut(answerRecord(said)).status).toBe("none");
  });

  it("the person's own removal beside a card is still heard", () => {
    expect(rulesStatus(answerRecord("Remove my number and the old card."))).not.toBe("none");
    expect(rulesStatus(answerRecord("Quite la tarjeta vieja y bórreme de su lista."))).not.toBe("none");
    expect(rulesStatus(answerRecord("把我的号码删掉，旧卡也删掉。"))).not.toBe("none");
    useLearnedModel(YES_TO_ALL);
    expect(readOptOut(answerRecord("Drop the card, and honestly this number is not for this.")).status).not.toBe(
      "none",
    );
  });
});

describe("another program's list", () => {
  it.each([
    ["en", "Please take me off the adoption list, we found a dog elsewhere."],
    ["es", "Sáqueme de la lista de adopción, ya adoptamos."],
    ["fr", "Retirez-moi de la liste d'adoption, c'est fait."],
    ["de", "Nehmen Sie mich bitte von der Adoptionsliste, wir haben schon einen Hund."],
    ["it", "Mi tolga dalla lista delle adozioni, abbiamo già adottato."],
    ["pt", "Pode me tirar da lista de adoção, já adotamos."],
    ["nl", "Haal me maar van de adoptielijst, we hebben er al een."],
  ])("%s: is no request about the calls", (_lang, said) => {
    expect(rulesStatus(answerRecord(said))).toBe("none");
  });

  it("the calling list is still one", () => {
    expect(rulesStatus(answerRecord("Take me off your call list, and the adoption list too."))).toBe("asked");
    expect(rulesStatus(answerRecord("Sáqueme de su lista de llamadas."))).toBe("asked");
  });
});
