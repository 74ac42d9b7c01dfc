/**
 * A number of a US territory with its own country code (+1 787 Puerto Rico, +1 340 US Virgin Islands, +1 671 Guam:
 * country PR, VI, GU, not US) met no rule at all, so a telemarketing call could ring there at 23:00. The federal
 * window now applies there, in the territory's own zone. Injected clock: Monday 2026-11-23, Puerto Rico and the
 * Virgin Islands AST UTC-4, Guam UTC+10.
 */
import { describe, expect, it } from "vitest";
import { lawBook } from "../../../src/guards/law/book.js";
import { at, lawVerdict as verdict } from "./law-rows.js";

describe("the federal window covers the US territories that have their own country code (PR, VI, GU, AS, MP)", () => {
  // Puerto Rico's own window (us_pr_hours, 09:00-21:00) is off here, so the federal one is seen alone there too.
  const telemarketing = lawBook("telemarketing", [{ id: "us_pr_hours", enabled: false }]);
  it.each([
    ["+17875550123", "2026-11-23T21:30", -4, "America/Puerto_Rico"],
    ["+17875550123", "2026-11-23T07:30", -4, "America/Puerto_Rico"],
    ["+13405550123", "2026-11-23T22:00", -4, "America/St_Thomas"],
    ["+16715550123", "2026-11-23T06:00", 10, "Pacific/Guam"],
  ])("%s at %s local is refused by us_fcc_hours in its own zone", async (to, local, offset, zone) => {
    const v = await verdict(telemarketing, [to], at(local, offset));
    expect(v).toMatch(/^us_fcc_hours: Refused by the law of the place called/);
    expect(v).toContain(`in ${zone}, outside 08:00-21:00`);
  });

  it("allows the same numbers inside 8:00-21:00 local, and meets no state rule there", async () => {
    expect(await verdict(telemarketing, ["+17875550123"], at("2026-11-23T12:00", -4))).toBe("ok");
    expect(await verdict(telemarketing, ["+16715550123"], at("2026-11-23T20:00", 10))).toBe("ok");
  });

  it("keeps a batch to Puerto Rico from ringing past 21:00 there", async () => {
    const v = await verdict(telemarketing, ["+17875550123", "+17875550124"], at("2026-11-23T20:58", -4), {
      batch: true,
    });
    expect(v).toMatch(/^us_fcc_hours: /);
    expect(v).toContain("the place closes at Monday 21:00 in America/Puerto_Rico");
  });
});

describe("Puerto Rico's own window (us_pr_hours, Ley 210-2003: 09:00-21:00), narrower than the federal one", () => {
  const telemarketing = lawBook("telemarketing");
  it("refuses 08:30 there, which the federal window allows, and allows 09:00", async () => {
    const v = await verdict(telemarketing, ["+17875550123"], at("2026-11-23T08:30", -4));
    expect(v).toMatch(/^us_pr_hours: /);
    expect(v).toContain("Puerto Rico (US) [secondary source, read 2026-11-28]");
    expect(v).toContain("in America/Puerto_Rico, outside 09:00-21:00");
    expect(await verdict(telemarketing, ["+17875550123"], at("2026-11-23T09:00", -4))).toBe("ok");
  });
});
