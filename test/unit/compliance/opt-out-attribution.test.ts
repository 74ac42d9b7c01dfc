/**
 * Who is speaking, weighed over the whole call, and someone else's words reported: the agent under a label the reader
 * was never told (a company, a system word, "Speaker 2" after the callee's "Hello?") does not ask for itself, a callee
 * named like the agent's persona still does, and a callee who reports someone's words is heard only when the words are
 * theirs too.
 */
import { describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";

const call = (lines: Array<[string, string]>, agentNames: string[] = []) =>
  readOptOut({ id: "c", transcript: lines.map(([role, text]) => ({ role, text })) }, { agentNames }).status;

describe("the calling side, by the call's evidence", () => {
  it("a company's name as the agent's label: its offer to stop the calls is not the callee's request", () => {
    const lines: Array<[string, string]> = [
      ["Frau Berg", "Ja, Berg?"],
      ["Reiseinfo", "Guten Tag, hier ist die Reiseinfo der Stadtwerke. Ihre Busverbindung ändert sich ab Montag."],
      ["Frau Berg", "Ach so, welche Linie?"],
      [
        "Reiseinfo",
        "Wenn Sie diese Anrufe nicht mehr wünschen, streichen wir Sie gerne von der Liste und rufen nicht mehr an.",
      ],
      ["Frau Berg", "Nein, lassen Sie nur."],
      ["Reiseinfo", "Vielen Dank für Ihre Zeit, auf Wiederhören."],
    ];
    expect(call(lines)).toBe("none");
    // The same call where the callee asks is heard.
    expect(call([...lines.slice(0, 3), ["Frau Berg", "Rufen Sie mich nicht mehr an."]])).toBe("asked");
  });

  it("Speaker 2 after the callee's bare Hello? is the agent; Speaker 1's stop is the callee's", () => {
    const opening: Array<[string, string]> = [
      ["Speaker 1", "Yeah?"],
      ["Speaker 2", "Hi, sorry to bother you, Metro Water here. We're checking on the low pressure you reported."],
      ["Speaker 1", "Yes, it's still low in the mornings."],
    ];
    expect(
      call([
        ...opening,
        [
          "Speaker 2",
          "A technician comes Thursday. If you don't want follow-up calls after the visit, we can stop calling.",
        ],
        ["Speaker 1", "Follow-up calls are fine."],
        ["Speaker 2", "Thanks so much, have a good day."],
      ]),
    ).toBe("none");
    expect(
      call([
        ...opening,
        ["Speaker 2", "A technician comes Thursday."],
        ["Speaker 1", "Fine, but after that stop calling me."],
      ]),
    ).toBe("asked");
  });

  it("a system word in another language as the label (系统) is the agent", () => {
    expect(
      call([
        ["李女士", "喂？"],
        ["系统", "您好，这里是城市燃气公司的自动通知。"],
        ["李女士", "嗯，什么事？"],
        ["系统", "如果您不想再接到此类通知电话，可以告诉我，我们会停止拨打。"],
        ["李女士", "不用，挺有用的。"],
      ]),
    ).toBe("none");
  });

  it("a callee named like the agent's persona: their stop is still theirs", () => {
    expect(
      call(
        [
          ["Maya", "Hello, Maya speaking."],
          ["Acme Solar", "Hi Maya, this is Acme Solar calling about rooftop panels for your home."],
          ["Maya", "Who gave you this number? Please don't call me again."],
          ["Acme Solar", "I understand, sorry for the trouble."],
        ],
        ["Maya"],
      ),
    ).toBe("asked");
  });

  it("a stop in a turn given to the agent on thin evidence, in words no agent says, is held, not dropped", () => {
    const lines = [
      ["A", "Hello?"],
      ["B", "Hi there."],
      ["A", "What do you want?"],
      ["B", "Lose my number."],
    ];
    const r = readOptOut({ id: "c", transcript: lines.map(([role, text]) => ({ role, text })) });
    expect(r.status).toBe("possible");
    // Heard in the turn's own words, not only as the agent's confirmation.
    expect(r.matches).toContainEqual(expect.objectContaining({ turn: 3, tier: "possible", category: "indirect" }));
  });

  it("weak evidence decides nothing: two unknown labels and no sign of who called read as before", () => {
    expect(
      call([
        ["A", "Good morning."],
        ["B", "Good morning."],
        ["A", "Stop calling me."],
        ["B", "Okay."],
      ]),
    ).toBe("asked");
  });
});

describe("someone else's words, reported", () => {
  const said = (text: string) =>
    call([
      ["assistant", "Hi, this is Sam from Acme. Do you have a minute?"],
      ["user", text],
    ]);

  it.each([
    ["He said take me off your list and they still call him, that's why he switched banks."],
    ["Mi mujer les dijo que dejaran de llamarla a ella, pero a mí sí me pueden llamar."],
    ["Meine Frau hat denen gesagt, sie sollen sie nicht mehr anrufen, aber ich höre mir das gern an."],
    ["妻は、もう電話しないでって向こうに言ったそうですけど、私は聞きますよ。"],
    ["أخي طلب منهم أن يحذفوا رقمه من القائمة ومع ذلك ما زالوا يتصلون به."],
  ])("not the callee's wish: %s", (text) => {
    expect(said(text)).toBe("none");
  });

  it.each([
    ["My husband asked you to stop calling last week, and so do I."],
    ["Mi marido ya les dijo que dejaran de llamar, y yo también se lo pido: no llamen más."],
    ["Mon mari vous a demandé d'arrêter d'appeler, et moi aussi je vous le demande."],
    ["我丈夫已经跟你们说过别再打了，我也是这个意思，别再打了。"],
  ])("reported and asked too: %s", (text) => {
    expect(said(text)).toBe("asked");
  });

  it("told to this caller, and no more: held", () => {
    expect(said("My husband told you to stop calling.")).toBe("possible");
    expect(said("父はもう電話は要らないと言っています。")).not.toBe("none");
  });
});
