/**
 * Every built-in rule, alone (every other rule switched off), at instants built from the rule's own data in its
 * place's zones: a refused instant and an allowed one for each rule of hours or holidays, and a refused and an
 * allowed dial for each per-number limit, counted in the caps as a real dial is. A refusal names the rule, its place,
 * its source's tier and the day it was read. The dates: Wednesday 2026-12-02, Saturday 12-05, Sunday 12-06 and
 * Christmas, Friday 2026-12-25 (a public holiday in every holiday list a rule names).
 */
import { describe, expect, it } from "vitest";
import { lawBook, type LawBook } from "../../../src/guards/law/book.js";
import { placeOf, ruleAt } from "../../../src/guards/law/places.js";
import { lawLimits, refuseOverLawLimit } from "../../../src/guards/law/frequency.js";
import { TIER_TEXT } from "../../../src/guards/law/provenance.js";
import { BUILT_IN_RULES, type LawRule } from "../../../src/guards/law/rules.js";
import { nanpAreaCodes } from "../../../src/guards/zones/nanp-area-codes.js";
import { zonesOfNumber } from "../../../src/guards/zones/zones-of-number.js";
import { SafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { MemoryCapLedger } from "../../../src/guards/caps/state/memory.js";
import { lawRefusal, row } from "./law-rows.js";

/** A number of the rule's place: the first area code of a US state or Canada in the numbering table. */
function numberOf(place: string): string {
  const fixed: Record<string, string> = {
    US: "+16145550123",
    CA: "+14165550123",
    FR: "+33142685300",
    PR: "+17875550123",
    // France's regional holidays: any +33 number may ring in Alsace-Moselle; a Réunion fixed line is La Réunion's.
    "FR-57/67/68": "+33388123456",
    "FR-GP/MQ/GF/RE/YT/BL/MF": "+262262201234",
  };
  if (fixed[place]) return fixed[place];
  const [country, region] = place.split("-");
  for (const [code, entry] of nanpAreaCodes())
    if (entry.country === country && entry.region === region) return `+1${code}5550123`;
  throw new Error(`no area code for ${place}`);
}

const zoneOf = (to: string): string => {
  const r = row(to);
  const national = r.request.to.startsWith("+1") ? r.request.to.slice(2) : r.request.to.slice(3);
  return zonesOfNumber(r.phone.country, national)!.zones[0]!;
};

/** The UTC instant of a local wall time in `zone` (the offset found by asking Intl, twice for a change of clock). */
function inZone(zone: string, local: string): number {
  const guess = Date.parse(`${local}Z`);
  const offset = (t: number) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).formatToParts(t);
    const get = (type: string) => parts.find((p) => p.type === type)!.value;
    return Date.parse(`${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}Z`) - t;
  };
  return guess - offset(guess - offset(guess));
}

/** The book with this rule alone in force, for its first purpose. */
const alone = (rule: LawRule): LawBook =>
  lawBook(
    rule.purposes[0]!,
    BUILT_IN_RULES.filter((r) => r.id !== rule.id).map((r) => ({ id: r.id, enabled: false })),
  );

const named = (refusal: SafetyRefusal | undefined, rule: LawRule) => {
  expect(refusal, `${rule.id} refused nothing`).toBeInstanceOf(SafetyRefusal);
  expect(refusal!.rule).toBe(rule.id);
  expect(refusal!.message).toContain(
    `rule ${rule.id}, ${rule.placeName} [${TIER_TEXT[rule.source.tier]}, read ${rule.source.checked}]: ${rule.source.cite}`,
  );
};

const WEDNESDAY = "2026-12-02";
const SATURDAY = "2026-12-05";
const SUNDAY = "2026-12-06";
const CHRISTMAS = "2026-12-25";

const hoursRules = BUILT_IN_RULES.filter((r) => r.hours);
const holidayRules = BUILT_IN_RULES.filter((r) => r.holidaysOf);
const limitRules = BUILT_IN_RULES.filter((r) => r.frequency);

describe("every rule of hours: refused at 03:00 on a weekday, allowed at noon", () => {
  it.each(hoursRules.map((r) => [r.id, r] as const))("%s", async (_id, rule) => {
    const to = numberOf(rule.place);
    const zone = zoneOf(to);
    const book = alone(rule);
    named(await lawRefusal(book, to, inZone(zone, `${WEDNESDAY}T03:00`)), rule);
    expect(await lawRefusal(book, to, inZone(zone, `${WEDNESDAY}T12:00`))).toBeUndefined();
  });
});

describe("every rule that bans a weekend day: refused at noon that day", () => {
  const banned = hoursRules.flatMap((rule) =>
    [
      [0, SUNDAY],
      [6, SATURDAY],
    ].flatMap(([day, date]) =>
      rule.hours![day as number]!.length === 0 ? [[`${rule.id} on ${date}`, rule, date as string] as const] : [],
    ),
  );

  it("there are such rules (Sunday bans of Alabama, Louisiana, Maine, Mississippi, Rhode Island, South Dakota, Utah)", () => {
    expect(new Set(banned.map(([, r]) => r.place))).toEqual(
      new Set(["US-AL", "US-LA", "US-ME", "US-MS", "US-RI", "US-SD", "US-UT", "FR"]),
    );
  });

  it.each(banned)("%s", async (_what, rule, date) => {
    const to = numberOf(rule.place);
    const refusal = await lawRefusal(alone(rule), to, inZone(zoneOf(to), `${date}T12:00`));
    named(refusal, rule);
    expect(refusal!.message).toContain("the rule allows no calls on");
  });
});

describe("every rule of holidays: refused at noon on Christmas (a Friday), allowed at noon the Wednesday before", () => {
  it.each(holidayRules.map((r) => [r.id, r] as const))("%s", async (_id, rule) => {
    const to = numberOf(rule.place);
    const zone = zoneOf(to);
    const refusal = await lawRefusal(alone(rule), to, inZone(zone, `${CHRISTMAS}T12:00`));
    named(refusal, rule);
    // A regional rule checks the calendars of the regions the number may ring in (law-places.ts ruleAt).
    const calendar = ruleAt(rule, placeOf(row(to))).holidaysOf;
    expect(refusal!.message).toContain(`${CHRISTMAS} is a public holiday in ${calendar}`);
    expect(await lawRefusal(alone(rule), to, inZone(zone, `${WEDNESDAY}T12:00`))).toBeUndefined();
  });

  it("a state's list is its own: Louisiana's Mardi Gras (2027-02-09) is a holiday there, not in Alabama", async () => {
    const la = BUILT_IN_RULES.find((r) => r.id === "us_la_adad_holidays")!;
    const al = BUILT_IN_RULES.find((r) => r.id === "us_al_automated_holidays")!;
    const refusal = await lawRefusal(alone(la), numberOf("US-LA"), inZone("America/Chicago", "2027-02-09T12:00"));
    expect(refusal?.message).toContain("(Mardi Gras)");
    expect(await lawRefusal(alone(al), numberOf("US-AL"), inZone("America/Chicago", "2027-02-09T12:00"))).toBe(
      undefined,
    );
  });
});

describe("every per-number limit: the dial over it is refused, naming the rule; allowed once the window has passed", () => {
  it.each(limitRules.map((r) => [r.id, r] as const))("%s", async (_id, rule) => {
    const { limit, windowMs } = rule.frequency!;
    const to = numberOf(rule.place);
    const book = alone(rule);
    const limits = { perHour: undefined, perNumberPerDay: undefined, perNumberLaw: lawLimits(book, [row(to)]) };
    expect(limits.perNumberLaw?.get(to)).toEqual([{ id: rule.id, limit, windowMs }]);
    const caps = new MemoryCapLedger();
    caps.keepFor(windowMs);
    const start = Date.parse(`${WEDNESDAY}T15:00:00Z`);
    for (let i = 0; i < limit; i++)
      expect((await caps.reserve(`d${i}`, [to], start + i * 60_000, limits)).ok).toBe(true);
    const now = start + limit * 60_000;
    const over = await caps.check([to], now, limits);
    let refusal: unknown;
    try {
      refuseOverLawLimit(over, [to], book, now);
    } catch (error) {
      refusal = error;
    }
    named(refusal as SafetyRefusal, rule);
    expect((await caps.check([to], start + windowMs + 1, limits)).ok).toBe(true);
  });
});
