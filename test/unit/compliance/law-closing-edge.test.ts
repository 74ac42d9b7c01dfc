/**
 * the hours are checked at the instant of the check, to the minute, so a dial checked at 19:59:45
 * in Seattle is allowed, and the call is received after 20:00, which RCW 19.158.040(2) forbids in so many words
 * ("calls ... which will be received ... after 8:00 p.m."); Florida and France alike. The check happens before the
 * POST, which itself may take seconds, and the phone rings after that. A dial must leave room for the call to ring
 * inside the hours.
 */
import { describe, expect, it } from "vitest";
import { lawBook } from "../../../src/guards/law/book.js";
import { lawRefusal } from "./law-rows.js";
const telemarketing = lawBook("telemarketing");

const refusal = (to: string, now: number) => lawRefusal(telemarketing, to, now);

describe("a dial 15 seconds before the close would ring after it", () => {
  it.each([
    ["+12065550123", "2026-11-24T03:59:45Z", "us_wa_hours", "Washington, US"], // Monday 19:59:45 PST
    ["+13055550107", "2026-11-24T00:59:45Z", "us_fl_hours", "Florida, US"], // Monday 19:59:45 EST
    ["+33142685300", "2026-11-23T18:59:45Z", "fr_hours", "France"], // Monday 19:59:45 CET
    ["+33142685300", "2026-11-23T11:59:45Z", "fr_hours", "France"], // Monday 12:59:45 CET, lunch break next
  ])("%s at %s is refused by %s", async (to, iso, rule, place) => {
    const r = await refusal(to, Date.parse(iso));
    expect(r?.rule).toBe(rule);
    expect(r?.message).toContain(place);
    expect(r?.message).toContain("the call would ring in the next 30 s, when it is");
  });

  it("the minute before still allows it (19:59:00 in Seattle)", async () => {
    expect(await refusal("+12065550123", Date.parse("2026-11-24T03:59:00Z"))).toBeUndefined();
  });
});
