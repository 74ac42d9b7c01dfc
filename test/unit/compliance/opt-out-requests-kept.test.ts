/**
 * Requests worded like something else stay heard: "remove it and forget me" is no taking back ("हटा दो और भूल जाओ",
 * where "भूल जाओ" alone once read as "forget what I said"), and the agent's "shall I take your number off?" is an
 * offer, so a yes to it asks.
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
