/**
 * The rules of the US states Alabama to Kentucky (law-rules.ts says what a rule is; docs/compliance.md lists them with their
 * tiers). Each note says how a scope the text leaves open is read: the reading that refuses more.
 */
import type { LawRule } from "../rules.js";
import { everyDay, HOUR_MS, hm, noSunday, READ_2026_11_28, span } from "./shape.js";

export const US_STATES_A_K: readonly LawRule[] = [
  {
    id: "us_al_automated_hours",
    place: "US-AL",
    placeName: "Alabama, US",
    purposes: ["telemarketing"],
    hours: noSunday(span(hm(8), hm(20))),
    note: 'The rule covers "all automated solicitation telephone calls"; a call an AI agent places is treated as automated (the stricter reading).',
    source: {
      cite: "Ala. Admin. Code r. 770-X-5-.17(1)(b) (Alabama Public Service Commission)",
      url: "https://d1tvxue8o4w0fl.cloudfront.net/regulation/alabama-administrative-code/title-770-alabama-public-service-commission/chapter-770-x-5-telephone-rules/section-770-x-5-17-live-and-automated-solicitations-and-announcements",
      quote:
        "No solicitation calls are allowed on Sundays or holidays. On the days that calls are allowed, none will be placed prior to 8 a.m. or after 8 p.m.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_al_automated_holidays",
    place: "US-AL",
    placeName: "Alabama, US",
    purposes: ["telemarketing"],
    holidaysOf: "US-AL",
    note: '"Holidays" is not defined in the part read: Alabama\'s public holidays in the date-holidays library (US-AL, which lists the federal ones too), the broader reading; a call an AI agent places is treated as automated.',
    source: {
      cite: "Ala. Admin. Code r. 770-X-5-.17(1)(b)",
      url: "https://d1tvxue8o4w0fl.cloudfront.net/regulation/alabama-administrative-code/title-770-alabama-public-service-commission/chapter-770-x-5-telephone-rules/section-770-x-5-17-live-and-automated-solicitations-and-announcements",
      quote: "No solicitation calls are allowed on Sundays or holidays.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_ca_adad_hours",
    place: "US-CA",
    placeName: "California, US",
    purposes: ["telemarketing", "informational"],
    hours: everyDay(span(hm(9), hm(21))),
    note: "Any purpose (the exemptions of § 2872(d), such as schools and utility notices, are not built in). The device disseminates a prerecorded message; an AI voice is treated as one (the stricter reading), so informational calls are covered too.",
    source: {
      cite: "Cal. Pub. Util. Code § 2872(c)",
      url: "https://codes.findlaw.com/ca/public-utilities-code/puc-sect-2872.html",
      quote:
        "No person shall operate an automatic dialing-announcing device in this state to place a call that is received by a telephone in this state during the hours between 9 p.m. and 9 a.m. California time.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_ct_hours",
    place: "US-CT",
    placeName: "Connecticut, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(9), hm(20))),
    note: "Read in a law firm's report quoting the 2023 act; the official chapter page could not be read as far as the section.",
    source: {
      cite: "Conn. Gen. Stat. § 42-288a, as amended by P.A. 23-98 (SB 1058), eff. 2023-10-01",
      url: "https://mondaq.co.uk/unitedstates/advertising-marketing--branding/1340464/revised-connecticut-telemarketing-law-signed-into-law",
      quote:
        "Connecticut limits telemarketing calls to \"between the hours of nine o'clock a.m. and eight o'clock p.m. local time.\"",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_dc_hours",
    place: "US-DC",
    placeName: "District of Columbia, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(21))),
    note: '"A consumer\'s residence": applied to every number, whose line type the server cannot tell (the stricter reading).',
    source: {
      cite: "D.C. Code § 22-3226.08(3)",
      url: "https://code.dccouncil.gov/us/dc/council/code/sections/22-3226.08",
      quote:
        "Engage in telephone solicitation to a consumer's residence at any time before 8:00 a.m. and after 9:00 p.m., local time at the place of the consumer called.",
      checked: READ_2026_11_28,
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "us_fl_hours",
    place: "US-FL",
    placeName: "Florida, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(20))),
    note: "The enrolled act is https://flsenate.gov/Session/Bill/2021/1120/BillText/er/HTML (its title names the change); the final words of § 501.616(6) were read in the floor amendment it adopted. The section covers calls made through automated dialing or recorded messages too.",
    source: {
      cite: "Fla. Stat. § 501.616(6)(a), as amended by ch. 2021-185, Laws of Fla. (CS/SB 1120, enrolled), in the words of its adopted floor amendment 826808",
      url: "https://flsenate.gov/Session/Bill/2021/1120/Amendment/826808/HTML",
      quote:
        "A commercial telephone solicitation phone call before 8 a.m. or after 8 p.m. local time in the called person's time zone.",
      checked: READ_2026_11_28,
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "us_fl_frequency",
    place: "US-FL",
    placeName: "Florida, US",
    purposes: ["telemarketing"],
    frequency: { limit: 3, windowMs: 24 * HOUR_MS },
    note: '"On the same subject matter or issue": the server cannot tell subjects apart, so every telemarketing call to the number counts (the stricter reading). Read as us_fl_hours is.',
    source: {
      cite: "Fla. Stat. § 501.616(6)(b), as amended by ch. 2021-185, Laws of Fla. (CS/SB 1120, enrolled), in the words of its adopted floor amendment 826808",
      url: "https://flsenate.gov/Session/Bill/2021/1120/Amendment/826808/HTML",
      quote:
        "More than three commercial telephone solicitation phone calls from any number to a person over a 24-hour period on the same subject matter or issue, regardless of the phone number used to make the call.",
      checked: READ_2026_11_28,
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "us_il_hours",
    place: "US-IL",
    placeName: "Illinois, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(21))),
    note: "Read as existing law quoted in a 2005 bill (HB 2853) on the General Assembly's site. The Act speaks of live operators; applied to AI calls too (the stricter reading).",
    source: {
      cite: "815 ILCS 413/15(a) (Telephone Solicitations Act)",
      url: "https://www.ilga.gov/legislation/fulltext.asp?DocName=09400HB2853&GA=94&SessionId=50&DocTypeId=HB&LegID=18900&DocNum=2853&GAID=8&SpecSess=0&Session=",
      quote:
        "No person shall solicit the sale of goods or services in this State by placing a telephone call during the hours between 9 p.m. and 8 a.m.",
      checked: READ_2026_11_28,
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "us_ky_automated_hours",
    place: "US-KY",
    placeName: "Kentucky, US",
    purposes: ["telemarketing", "informational"],
    hours: everyDay(span(hm(8), hm(21))),
    note: 'Automated calling equipment "for conducting polls, for soliciting information, or for advertising": applied to informational calls as well as telemarketing, and to AI calls (the stricter reading).',
    source: {
      cite: "KRS 367.461(2)(e)",
      url: "https://self-law.org/code/ky/chapter-367/367-461",
      quote: "(e) Calls using the automated calling equipment are made only between 8:00 a.m. and 9:00 p.m.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
];
