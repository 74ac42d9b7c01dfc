/**
 * The agent's notes are not offers nor confirmations of a removal: a word not to call at a time or a place ("I'll note
 * not to call after 8", "you asked us to stop calling you at work, so I'm trying your cell"), in every language, and
 * the conditional forms of polite Japanese ("不要でしたら", "おっしゃっていただければ"), and "if you ever want us to stop
 * calling, just let us know" (the "us" is the calling side). A yes to such a note keeps the calls; the offers and
 * confirmations that remove, and the callee's own conditions, are still read.
 */
import { describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import { answerRecord, callRecord, rulesStatus } from "../../opt-out-eval/reading.js";

const reply = (agent: string, said: string) => readOptOut(answerRecord(said, agent)).status;
const call = (lines: Array<[string, string]>) => readOptOut(callRecord(lines)).status;

describe("a time or a place noted by the agent", () => {
  it("a yes to it is no yes to a removal", () => {
    expect(reply("I'll make a note not to call you after 7, that's dinner time, right?", "Yes, exactly.")).toBe("none");
    expect(reply("Anoto que no le llamemos después de las ocho, ¿verdad?", "Sí, eso.")).toBe("none");
    expect(reply("Ich notiere, dass wir Sie nicht nach 20 Uhr anrufen, ja?", "Ja, genau.")).toBe("none");
    expect(
      reply("You asked us before to stop calling you at work, so I'm trying your mobile. Is that alright?", "Yep."),
    ).toBe("none");
  });

  it("said as done, it is no confirmation of a removal", () => {
    expect(
      call([
        ["agent", "Hi, this is Ana from Lumen Energy, am I speaking with Mr. Ruiz?"],
        ["user", "Who's asking?"],
        ["agent", "Lumen Energy. I've noted not to call you after 8 in future, sorry it's late."],
        ["user", "Fine. What is it?"],
        ["agent", "Your fixed tariff ends next month; we can renew it at the same price."],
        ["user", "Send me the details by email."],
        ["agent", "Will do. Goodnight."],
        ["user", "Night."],
      ]),
    ).toBe("none");
  });

  it("an offer or a confirmation that removes is still read", () => {
    expect(reply("Would you like me to stop calling you about this?", "Yes please.")).toBe("asked");
    expect(reply("Shall I take you off our list so we don't call after today?", "Yes.")).toBe("asked");
  });
});

describe("the conditional forms of polite Japanese", () => {
  const opening = (agent: string) =>
    call([
      ["Speaker 1", "はい、もしもし。"],
      ["Speaker 2", agent],
      ["Speaker 1", "はい、大丈夫です。"],
      ["Speaker 2", "来週の点検のご予約の確認です。"],
      ["Speaker 1", "火曜日でしたよね。"],
      ["Speaker 2", "はい、火曜日の午前10時です。"],
      ["Speaker 1", "わかりました。"],
      ["Speaker 2", "失礼いたします。"],
    ]);

  it("the agent's 'if you no longer need these calls, say so' is neither a confirmation nor the callee's request", () => {
    expect(
      opening(
        "こちら、みどり整備のAIアシスタントです。お電話が不要でしたら、おっしゃっていただければ今後はおかけしません。",
      ),
    ).toBe("none");
    expect(opening("こちら、みどり整備です。今後のご連絡がご不要であれば「不要」とお申し付けください。")).toBe("none");
  });

  it("the callee's own request in the same call is heard", () => {
    expect(
      call([
        ["Speaker 1", "はい、もしもし。"],
        ["Speaker 2", "こちら、みどり整備です。お電話が不要でしたら、おっしゃってください。"],
        ["Speaker 1", "もう電話しないでください。"],
        ["Speaker 2", "承知しました。"],
        ["Speaker 1", "お願いします。"],
        ["Speaker 2", "失礼いたします。"],
        ["Speaker 1", "はい。"],
        ["Speaker 2", "さようなら。"],
      ]),
    ).not.toBe("none");
  });
});

describe("the agent's 'if you ever want us to stop calling, just let us know'", () => {
  const texts = (lines: string[]) => (rulesStatus({ id: "c", transcript: lines }) === "none" ? "none" : "heard");
  const call = [
    "Hello?",
    "Hi, this is Theo calling on behalf of Lantern Loans. Is this Gwen?",
    "It is.",
    "Rates dropped this month. Would you want a quick quote?",
    "What would that involve?",
    "A soft credit check and ten minutes with an officer.",
    "Alright. Thursday after lunch.",
    "Done, Thursday at 2. Again, if you ever want us to stop calling, just let us know.",
    "Sure. Bye now.",
  ];

  it("in a call sent as texts alone, speaks as the agent: the 'us' wanted of is the calling side", () => {
    expect(texts(call)).toBe("none");
  });

  it("the callee's own condition about their calls is still theirs", () => {
    expect(texts([...call.slice(0, 6), "If you call me again after this I'll report you.", ...call.slice(7)])).toBe(
      "heard",
    );
  });
});
