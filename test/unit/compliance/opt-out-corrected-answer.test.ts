/**
 * A "no" taken back at once is the yes that corrects it: after the agent's offer to stop, "No— I mean yes, stop." is
 * a request, in every language read. A plain no still declines the offer.
 */
import { describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import { answerRecord } from "../../opt-out-eval/reading.js";

const answer = (agent: string, said: string) => readOptOut(answerRecord(said, agent)).status;

describe("a no taken back", () => {
  it.each([
    ["Would you like us to stop calling?", "No— I mean yes, stop."],
    ["Would you like us to stop calling?", "Oh, no, I mean yes, please stop."],
    ["¿Quiere que dejemos de llamarle?", "No, digo, sí, que paren."],
    ["Voulez-vous qu'on arrête de vous appeler ?", "Non… enfin si, arrêtez."],
    ["Möchten Sie, dass wir aufhören anzurufen?", "Nein, ich meine ja, hören Sie auf."],
    ["Quer que paremos de ligar?", "Não, quer dizer, sim, parem."],
    ["Vuole che smettiamo di chiamarla?", "No, cioè sì, smettete."],
    ["お電話を停止しましょうか？", "いえ、あ、はい、止めてください。"],
    ["Kya aap chahte hain ki hum call band kar dein?", "Nahi... matlab haan, band karo."],
  ])("is the yes that corrects it: %s / %s", (agent, said) => {
    expect(answer(agent, said)).not.toBe("none");
  });

  it.each([
    ["Would you like us to stop calling?", "No, I like the reminders."],
    ["¿Quiere que dejemos de llamarle?", "No, no, siga llamando."],
    ["Voulez-vous qu'on arrête de vous appeler ?", "Non merci, ça me va."],
    ["Do you want to keep receiving these calls?", "No. Yes, I'm sure, no more."],
  ])("a plain no, or one confirmed, keeps its meaning: %s / %s", (agent, said) => {
    expect(answer(agent, said)).toBe(agent.includes("keep") ? "asked" : "none");
  });
});
