/** Calling hours: the window, local time per zone, and when a window opens for a set of zones. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseCallingWindow, type CallingWindow } from "../../../src/config/calling-window.js";
import { checkCallingHours, insideWindow, localMinutes } from "../../../src/guards/hours/window.js";

const w = (text: string): CallingWindow => {
  const window = parseCallingWindow(text);
  if (!window) throw new Error(`bad window ${text}`);
  return window;
};
const at = (iso: string) => Date.parse(iso);

describe("parseCallingWindow", () => {
  it.each([
    ["08:00-21:00", 480, 1260],
    ["00:00-24:00", 0, 1440],
    ["22:00-06:00", 1320, 360],
    ["09:30-17:05", 570, 1025],
  ])("reads %s as minutes after local midnight", (text, startMin, endMin) => {
    expect(parseCallingWindow(text)).toEqual({ startMin, endMin, text });
  });
  it.each(["8-21", "08:00-08:00", "25:00-26:00", "08:00", "08:60-09:00", "24:30-01:00", "off", ""])(
    "refuses %j",
    (text) => {
      expect(parseCallingWindow(text)).toBeUndefined();
    },
  );
  it("start is inclusive, end exclusive; a window may wrap past midnight", () => {
    const day = w("08:00-21:00");
    expect([479, 480, 1259, 1260].map((m) => insideWindow(day, m))).toEqual([false, true, true, false]);
    const night = w("22:00-06:00");
    expect([1319, 1320, 0, 359, 360].map((m) => insideWindow(night, m))).toEqual([false, true, true, true, false]);
  });
});

describe("checkCallingHours", () => {
  const day = w("08:00-21:00");

  it("uses the zone's daylight-saving time", () => {
    expect(localMinutes("America/New_York", at("2026-07-01T12:00:00Z"))).toBe(8 * 60); // EDT, UTC-4
    expect(localMinutes("America/New_York", at("2026-01-15T12:00:00Z"))).toBe(7 * 60); // EST, UTC-5
    expect(localMinutes("Australia/Sydney", at("2026-11-20T22:00:00Z"))).toBe(9 * 60); // AEDT, UTC+11
  });

  it("inside in every zone", () => {
    const check = checkCallingHours(day, ["America/New_York", "America/Chicago"], at("2026-11-21T15:00:00Z"));
    expect(check).toMatchObject({ ok: true });
    expect(check.times.map((t) => t.local)).toEqual(["10:00", "09:00"]);
  });

  it("outside in one zone: refused, opening when the last zone opens", () => {
    const check = checkCallingHours(day, ["Australia/Sydney", "Australia/Perth"], at("2026-11-20T22:00:00Z"));
    expect(check.ok).toBe(false);
    expect(check.times).toEqual([
      { zone: "Australia/Sydney", local: "09:00", inside: true },
      { zone: "Australia/Perth", local: "06:00", inside: false },
    ]);
    expect(new Date(check.opensAt!).toISOString()).toBe("2026-11-21T00:00:00.000Z");
  });

  it("after the window: opens the next morning", () => {
    const check = checkCallingHours(day, ["Europe/London"], at("2026-11-21T21:30:00Z"));
    expect(new Date(check.opensAt!).toISOString()).toBe("2026-11-22T08:00:00.000Z");
  });

  it("across a daylight-saving change it opens at 08:00 local, not an hour late", () => {
    // US clocks spring forward on 2026-03-08 at 02:00 local.
    const check = checkCallingHours(day, ["America/New_York"], at("2026-03-08T05:00:00Z"));
    expect(new Date(check.opensAt!).toISOString()).toBe("2026-03-08T12:00:00.000Z"); // 08:00 EDT
  });

  it("zones further apart than the window allows never open (no opening within a week)", () => {
    const check = checkCallingHours(
      w("09:00-10:00"),
      ["Pacific/Kiritimati", "Pacific/Pago_Pago"],
      at("2026-11-21T00:00:00Z"),
    );
    expect(check.ok).toBe(false);
    expect(check.opensAt).toBeUndefined();
  });

  it("a zone the runtime does not know throws (the guard refuses then)", () => {
    expect(() => checkCallingHours(day, ["Mars/Olympus_Mons"], Date.now())).toThrow(RangeError);
  });

  it("property: the opening is inside the window in every zone, and the minute before it is not", () => {
    const zones = [
      "America/Los_Angeles",
      "America/New_York",
      "Europe/London",
      "Asia/Kolkata",
      "Australia/Adelaide",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "America/St_Johns",
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: at("2026-01-01T00:00:00Z"), max: at("2027-01-01T00:00:00Z") }),
        fc.subarray(zones, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 4, max: 16 }),
        (now, subset, startHour, length) => {
          const window = w(
            `${String(startHour).padStart(2, "0")}:00-${String((startHour + length) % 24).padStart(2, "0")}:00`,
          );
          const check = checkCallingHours(window, subset, now);
          const allInside = (t: number) => subset.every((z) => insideWindow(window, localMinutes(z, t)));
          if (check.ok) return allInside(now);
          if (check.opensAt === undefined) return true;
          return (
            check.opensAt > now &&
            allInside(check.opensAt) &&
            (check.opensAt - 60_000 <= now || !allInside(check.opensAt - 60_000))
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
