/**
 * area codes shared by provinces (902/782: Nova Scotia and Prince Edward Island; 867: Yukon,
 * Northwest Territories, Nunavut) give the region "NS/PE" or "NT/NU/YT", which no rule's place can be ("CA-NS" is
 * the only spelling the rules file accepts). An operator's rule for Nova Scotia silently never applied to a
 * Halifax number. A number that may be in either province meets the rules of both: the safe direction.
 */
import { expect, it } from "vitest";
import { lawBook } from "../../../src/guards/law/book.js";
import { placeOf, rulesAt } from "../../../src/guards/law/places.js";
import { SafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { lawRefusal, row } from "./law-rows.js";
const noSunday = {
  sun: [],
  mon: ["09:00-21:00"],
  tue: ["09:00-21:00"],
  wed: ["09:00-21:00"],
  thu: ["09:00-21:00"],
  fri: ["09:00-21:00"],
  sat: ["09:00-21:00"],
};
const HALIFAX = "+19024253456";
const WHITEHORSE = "+18676671234";

it("an operator's rule for Nova Scotia applies to a 902 number (Nova Scotia or PEI)", async () => {
  const book = lawBook(
    "telemarketing",
    [
      {
        id: "ca_ns_sunday",
        place: "CA-NS",
        place_name: "Nova Scotia, Canada",
        source: "counsel memo",
        hours: noSunday,
      },
    ],
    "/etc/rules.json",
  );
  expect(
    rulesAt(book, placeOf(row(HALIFAX)))
      .map((r) => r.id)
      .sort(),
  ).toEqual(["ca_crtc_hours", "ca_ns_sunday"]);
  // Sunday 2026-11-29 12:00 in Halifax (AST, UTC-4): CRTC allows 10:00-18:00, the operator's rule none.
  const r = await lawRefusal(book, HALIFAX, Date.parse("2026-11-29T16:00:00Z"));
  expect(r).toBeInstanceOf(SafetyRefusal);
  expect(r?.rule).toBe("ca_ns_sunday");
});

it("an operator's rule for Yukon applies to an 867 number", () => {
  const book = lawBook(
    "telemarketing",
    [{ id: "ca_yt_hours", place: "CA-YT", source: "counsel memo", hours: noSunday }],
    "/etc/rules.json",
  );
  expect(rulesAt(book, placeOf(row(WHITEHORSE))).map((r) => r.id)).toContain("ca_yt_hours");
});
