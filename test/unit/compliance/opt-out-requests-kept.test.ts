/**
 * Requests worded like something else stay heard: "remove it and forget me" is no taking back ("हटा दो और भूल जाओ",
 * where "भूल जाओ" alone once read as "forget what I said"), and the agent's "shall I take your number off?" is an
 * offer, so a yes to it asks. And words the reader lacked: the Dutch "gooi mijn nummer weg", "niks meer van jullie
 * horen", "verkoopgesprekken"; the hyphenated "mm-hm"; the Polish "kolejne oferty" of a keep question; a refusal
 * said again; the spoken French "appelez plus ici" without its "ne"; the Hindi "थोड़ा कम फ़ोन करें".
 */
import { describe, expect, it } from "vitest";
import { answerRecord, rulesStatus } from "../../opt-out-eval/reading.js";

const rules = (said: string, agent?: string) => rulesStatus(answerRecord(said, agent));

describe("requests worded like something else", () => {
  it("'remove it and forget me' is no taking back, while 'forget what I said' is", () => {
    expect(rules("भाई साहब, मेरा नंबर अपनी लिस्ट से हटा दो और भूल जाओ, रोज़-रोज़ का झंझट है।")).toBe("asked");
    expect(rules("मेरा नंबर लिस्ट से हटा दो। नहीं, मैंने जो कहा वो भूल जाओ, फ़ोन करते रहिए।")).not.toBe("asked");
  });

  it("a yes to 'shall I take your number off?' asks", () => {
    expect(rules("Yeah, sure, do that.", "Okay. Should I just take your number off completely?")).toBe("asked");
    expect(rules("Yes.", "Would you like me to take the number off our list?")).toBe("asked");
  });
});

describe("requests in words the reader lacked", () => {
  it("Dutch: a number thrown away, hearing no more from them, sales calls named before the stop", () => {
    expect(rules("Gooi mijn nummer maar weg, ik wil niks meer van jullie horen.")).toBe("asked");
    expect(rules("De herinneringen zijn prima, maar die verkoopgesprekken, daar moet je mee stoppen.")).toBe("asked");
    expect(rules("Ik hoor u niet goed.")).toBe("none");
    expect(rules("Gooi die brief maar weg.")).toBe("none");
  });

  it("a hyphenated 'mm-hm' is a yes, and Polish 'further offers' asks whether to keep calling", () => {
    expect(rules("Mm-hm. Yep. Please.", "I can mark your number as do-not-call, would you like me to do that?")).toBe(
      "asked",
    );
    expect(rules("Nie. Nie chcę, dziękuję.", "Czy możemy dzwonić do pana z kolejnymi ofertami?")).toBe("asked");
  });
});

describe("weak cues the reader lacked", () => {
  it("a refusal said again is heated, in every language", () => {
    expect(rules("Not interested. Not interested. Goodbye.")).toBe("possible");
    expect(rules("Pas intéressé. Pas intéressé, j'ai dit. Au revoir.")).toBe("possible");
    expect(rules("Not interested, thanks.")).toBe("none");
  });

  it("spoken French without its 'ne' and the Hindi 'fewer calls'", () => {
    expect(rules("C'est le numéro de mon père. Appelez plus ici, s'il vous plaît.")).toBe("asked");
    expect(rules("Appelez plus tard, s'il vous plaît.")).toBe("none");
    expect(rules("देखिए, थोड़ा कम फ़ोन करें तो अच्छा रहेगा।")).toBe("possible");
    expect(rules("कम से कम फ़ोन तो उठाइए।")).toBe("none");
  });
});
