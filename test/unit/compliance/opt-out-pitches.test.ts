/** Sales pitches are the calls ("no more investment pitches"); a pitch of another kind ("pitch in", "pitch black") is not. */
import { describe, expect, it } from "vitest";
import { answerRecord, rulesStatus } from "../../opt-out-eval/reading.js";

/** The rules alone: the learned reader is not what is tried here. */
const answer = (said: string) => rulesStatus(answerRecord(said));

describe("pitches", () => {
  it("no more of them is a request", () => {
    expect(answer("Please, no more sales pitches.")).not.toBe("none");
    expect(answer("No more insurance pitches, I mean it.")).not.toBe("none");
  });

  it("a pitch of another kind is not one", () => {
    expect(answer("We all pitched in for the gift, no more than ten each.")).toBe("none");
    expect(answer("It was pitch black, I couldn't see the phone.")).toBe("none");
  });
});
