/**
 * A hang-up right after the agent spoke of removing the person, in any form (a choice, a statement, an offer on a
 * condition) and not only as a question, holds the number (`possible`), and so does a call that ends there; a turn of
 * dots alone ("...") is silence. Read by the rules alone. A call that goes on after the same words is not held.
 */
import { describe, expect, it } from "vitest";
import { callRecord, rulesStatus } from "../../opt-out-eval/reading.js";

const rules = (lines: Array<[string, string]>) => rulesStatus(callRecord(lines));

const opening: Array<[string, string]> = [
  ["agent", "Hi, this is an automated call from Northgate Solar. Is this the homeowner?"],
  ["user", "Yes."],
  ["agent", "We're offering free roof checks in your area this week."],
  ["user", "Hm."],
];

describe("a hang-up after the agent spoke of removal", () => {
  it("offered as a choice, then dots and the line dead", () => {
    expect(
      rules([
        ...opening,
        ["agent", "Would you like to book one, or if you prefer, I can remove you from our call list."],
        ["user", "..."],
        ["", "[call disconnected]"],
      ]),
    ).toBe("possible");
  });

  it("offered on a condition, in Chinese, then the line dead and the agent alone", () => {
    expect(
      rules([
        ["客服", "您好，这里是速达贷款，您有一笔额度可以领取。"],
        ["用户", "你们怎么有我的号码？"],
        ["客服", "可能是您之前在网上留过资料。"],
        ["用户", "我没留过。"],
        ["客服", "如果您不需要，我可以帮您把号码移除。"],
        ["", "[对方已挂断]"],
        ["客服", "喂？您好？"],
        ["", "[通话结束]"],
      ]),
    ).toBe("possible");
  });

  it("not when the call goes on", () => {
    expect(
      rules([
        ...opening,
        ["agent", "Would you like to book one, or if you prefer, I can remove you from our call list."],
        ["user", "Book one, Saturday morning."],
        ["agent", "Saturday at 10 it is."],
        ["user", "Thanks, bye."],
      ]),
    ).toBe("none");
  });
});
