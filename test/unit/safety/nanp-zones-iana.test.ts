/**
 * Every North American area code's zones, held to the IANA time-zone data's own words on where each zone applies,
 * so that a place inside a region that keeps another clock cannot be missed: a number there is allowed only when
 * every zone it may ring in allows it, and a zone left out is a clock nobody checks. Creighton and Denare Beach, on
 * Saskatchewan's 306 and 639, keep Manitoba's daylight time in summer; with America/Winnipeg missing, a dial at
 * 21:45 there went out after Canada's 21:30 close.
 *
 * Two sources. The comments of zone1970.tab and zone.tab, read from the machine's tzdata (a test part: npm test
 * installs it), so a new tz release is checked as it lands: a zone given a whole region, or most of it, must be a
 * zone of every area code there; a zone given part of a region, of every area code that reaches that part. And, for
 * places those comments do not name, the tz database's own notes in its source file `northamerica` (quoted below).
 * Zones are compared by their clock from today on (Node's tz data), since the table names one zone for several that
 * keep the same time (America/New_York for Kentucky's and Indiana's Eastern zones).
 */
import { describe, expect, it } from "vitest";
import { nanpAreaCodes } from "../../../src/guards/zones/nanp-area-codes.js";
import { clockSignature, readTzTables } from "../../helpers/tz-tables.js";

const FROM = Math.floor(Date.now() / 86_400_000) * 86_400_000;
const codesOf = (region: string) => [...nanpAreaCodes()].filter(([, e]) => e.region === region).map(([npa]) => npa);
const zonesOf = (npa: string) => nanpAreaCodes().get(npa)?.zones ?? [];
/** Whether area code `npa` may ring in a zone keeping `zone`'s clock. */
const keeps = (npa: string, zone: string) =>
  zonesOf(npa).some((z) => clockSignature(z, FROM) === clockSignature(zone, FROM));

/**
 * The area codes of a region that reach the parts the tab names ("ON (west)", "QC (Lower North Shore)"); the others
 * serve its main part only. A region not listed is reached whole by each of its codes (overlays of one territory).
 */
const REACHING: Record<string, { codes: string; why: string }> = {
  ON: { codes: "807", why: "north-western Ontario (Thunder Bay, Kenora, Atikokan)" },
  QC: { codes: "418 581 367", why: "eastern Quebec: the Magdalen Islands and the Lower North Shore" },
  BC: { codes: "250 236 257 672 778", why: "British Columbia outside the Lower Mainland (604)" },
  MI: { codes: "906", why: "the Upper Peninsula" },
  OR: { codes: "541 458", why: "Oregon outside the north-west (503, 971), Malheur County included" },
};

/**
 * Places the tab's comments do not name, with the zone the tz database's notes give them (its source file
 * `northamerica`, tzdb 2026c, public domain: the words quoted) and the area codes that reach them.
 */
const UNNAMED: ReadonlyArray<{ place: string; region: string; zone: string; codes: string; tz: string; tab?: string }> =
  [
    {
      place: "Creighton and Denare Beach, SK",
      region: "SK",
      zone: "America/Winnipeg",
      codes: "306 474 639",
      tz: "Matthews and Vincent (1998) write that Denare Beach and Creighton are like Winnipeg",
    },
    {
      place: "the Navajo Nation, AZ",
      region: "AZ",
      zone: "America/Denver",
      codes: "928",
      tz: "See America/Denver for a zone appropriate for the Navajo Nation.",
      tab: "Navajo",
    },
    {
      place: "Phenix City, Lanett and towns of Lee County, AL",
      region: "AL",
      zone: "America/New_York",
      codes: "334",
      tz: `a few towns on Alabama's "eastern border with Georgia, such as Phenix City ... set their watches and clocks on Eastern time."`,
    },
    {
      place: "West Wendover and the Nevada border (Jackpot, Owyhee, Mountain City), NV",
      region: "NV",
      zone: "America/Denver",
      codes: "775",
      tz: "Nevada border (Jackpot, Owyhee, and Mountain City) [mountain]; Nevada (except West Wendover) [Pacific]",
    },
    {
      place: "far western Texas (El Paso, Hudspeth, Culberson)",
      region: "TX",
      zone: "America/Denver",
      codes: "915 432",
      tz: "far western Texas (El Paso County, Hudspeth County, and Pine Springs and Nickel Creek in Culberson County)",
    },
    {
      place: "northern Idaho",
      region: "ID",
      zone: "America/Los_Angeles",
      codes: "208 986",
      tz: "northern Idaho (Benewah, Bonner, Boundary, ...) [Pacific]",
    },
    {
      place: "far western Kansas",
      region: "KS",
      zone: "America/Denver",
      codes: "620 785",
      tz: "far western Kansas [mountain]",
    },
    {
      place: "western Nebraska",
      region: "NE",
      zone: "America/Denver",
      codes: "308",
      tz: "western Nebraska [mountain]",
    },
    {
      place: "southwestern North Dakota",
      region: "ND",
      zone: "America/Denver",
      codes: "701",
      tz: "southwestern North Dakota [mountain]",
    },
    {
      place: "western South Dakota",
      region: "SD",
      zone: "America/Denver",
      codes: "605",
      tz: "western South Dakota [mountain]",
    },
    {
      place: "the Florida panhandle",
      region: "FL",
      zone: "America/Chicago",
      codes: "850 448",
      tz: "Florida panhandle (Bay, Calhoun, Escambia, ...) [central]",
    },
    {
      place: "western Kentucky",
      region: "KY",
      zone: "America/Chicago",
      codes: "270 364",
      tz: "western Kentucky [central]",
    },
    {
      place: "eastern Tennessee",
      region: "TN",
      zone: "America/New_York",
      codes: "423 865",
      tz: "eastern Tennessee [eastern]",
    },
    {
      place: "western Indiana",
      region: "IN",
      zone: "America/Chicago",
      codes: "219 812",
      tz: "western Indiana (Gibson, Jasper, Lake, LaPorte, Newton, Porter, Posey, Spencer, Vanderburgh, and Warrick counties) [central]",
    },
  ];

const tab = readTzTables();

describe("the tz tables' descriptions (zone1970.tab, zone.tab)", () => {
  it("are read whole: every place they name is a region of the area-code table", () => {
    expect(tab.unknown).toEqual([]);
    expect(tab.mentions.length).toBeGreaterThan(40);
    for (const region of new Set(tab.mentions.map((m) => m.region))) expect(codesOf(region), region).not.toEqual([]);
  });

  it("a zone given a whole region, or most of it, is a zone of every area code there", () => {
    const missing = tab.mentions
      .filter((m) => m.extent !== "part")
      .flatMap((m) =>
        codesOf(m.region)
          .filter((npa) => !keeps(npa, m.zone))
          .map((npa) => `${npa} (${m.region}) lacks ${m.zone}: "${m.comment}"`),
      );
    expect([...new Set(missing)]).toEqual([]);
  });

  it("a zone given part of a region is a zone of every area code that reaches that part", () => {
    const missing = tab.mentions
      .filter((m) => m.extent === "part")
      .flatMap((m) =>
        (REACHING[m.region]?.codes.split(" ") ?? codesOf(m.region))
          .filter((npa) => !keeps(npa, m.zone))
          .map((npa) => `${npa} (${m.region}) lacks ${m.zone}: "${m.comment}"`),
      );
    expect([...new Set(missing)]).toEqual([]);
  });

  it("a zone that names no place (the US main zones) is a zone of some area code", () => {
    expect(tab.unplaced.length).toBeGreaterThan(0);
    const unused = tab.unplaced.filter((zone) => ![...nanpAreaCodes().keys()].some((npa) => keeps(npa, zone)));
    expect(unused).toEqual([]);
  });

  it('every place a description excepts ("AZ (except Navajo)") has its zone among the places below', () => {
    const excepted = tab.mentions.filter((m) => m.part?.startsWith("except ")).map((m) => m.part!.slice(7));
    expect(excepted.filter((word) => !UNNAMED.some((u) => u.tab === word))).toEqual([]);
  });

  it("the area codes said to reach a region's parts are that region's", () => {
    for (const [region, { codes }] of Object.entries(REACHING))
      for (const npa of codes.split(" ")) expect(nanpAreaCodes().get(npa)?.region, npa).toBe(region);
  });
});

describe("places the tables do not name, from the tz database's notes", () => {
  it.each(UNNAMED)("$place keeps $zone: every area code reaching it may ring there", (u) => {
    for (const npa of u.codes.split(" ")) {
      expect(nanpAreaCodes().get(npa)?.region, npa).toBe(u.region);
      expect(keeps(npa, u.zone), `${npa} lacks ${u.zone} (tz: "${u.tz}")`).toBe(true);
    }
  });
});
