/**
 * The rules of the US states Louisiana to Montana (law-rules.ts says what a rule is; docs/compliance.md lists them with their
 * tiers). Each note says how a scope the text leaves open is read: the reading that refuses more.
 */
import type { LawRule } from "../rules.js";
import { everyDay, HOUR_MS, hm, noSunday, READ_2026_11_28, span, weekdays } from "./shape.js";

export const US_STATES_L_M: readonly LawRule[] = [
  {
    id: "us_la_adad_hours",
    place: "US-LA",
    placeName: "Louisiana, US",
    purposes: ["telemarketing", "informational"],
    hours: noSunday(span(hm(8), hm(20))),
    note: "Calls to advertise or sell, or to conduct polls or solicit information, by a device or a live operator: applied to both purposes (the stricter reading). The exclusions of § 45:816 were read only on a secondary site: not built in.",
    source: {
      cite: "La. R.S. 45:811(2)-(3) (Consumer Telemarketing Protection Act of 1991)",
      url: "https://lawserver.com/?p=30183792",
      quote:
        "(2) Such use is other than between the hours of 8:00 a.m. and 8:00 p.m., Monday through Saturday. (3) Such use is on days declared to be a state holiday, or Sundays.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_la_adad_holidays",
    place: "US-LA",
    placeName: "Louisiana, US",
    purposes: ["telemarketing", "informational"],
    holidaysOf: "US-LA",
    note: '"Days declared to be a state holiday": Louisiana\'s public holidays in the date-holidays library (US-LA, which lists the federal ones and Mardi Gras too), the broader reading; La. R.S. 1:55 was not read. Both purposes, as us_la_adad_hours.',
    source: {
      cite: "La. R.S. 45:811(3)",
      url: "https://lawserver.com/?p=30183792",
      quote: "(3) Such use is on days declared to be a state holiday, or Sundays.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_la_emergency_ban",
    place: "US-LA",
    placeName: "Louisiana, US",
    purposes: ["telemarketing"],
    bannedDuring: [],
    note: "Its dates depend on the governor's declaration, which the server cannot know: it bans calls only within the windows the operator lists for it in OUTBOUND_CALLS_RULES_FILE (\"windows\"). Applied statewide whatever parishes a declaration names (the stricter reading). The statute's exceptions were read only on a secondary site: not built in.",
    source: {
      cite: "La. R.S. 45:844.31; LPSC General Order R-29617",
      url: "https://lpsc.louisiana.gov/DNC_Emergency",
      quote:
        'During a state of emergency as declared by the governor, while the Office of Homeland Security and Emergency Preparedness requires the Louisiana Public Service Commission to report to the Emergency Operations Center ("EOC"), no telephonic solicitor shall engage in any form of telephonic solicitation (except as specifically allowed by R. S. 45:844.31)',
      checked: READ_2026_11_28,
      tier: "official_summary",
    },
    origin: "built-in",
  },
  {
    id: "us_me_automated_hours",
    place: "US-ME",
    placeName: "Maine, US",
    purposes: ["telemarketing"],
    hours: weekdays(span(hm(9), hm(17))),
    note: "Read as existing law quoted in a 2003 bill (LD 392) on the Legislature's site; later changes were not verified. A call an AI agent places is treated as made with an automated telephone calling device (the stricter reading).",
    source: {
      cite: "10 M.R.S. § 1498(3)",
      url: "https://legislature.maine.gov/legis/bills/bills_121st/billtexts/LD039201-1.asp",
      quote:
        "may not use an automated telephone calling device to make solicitation calls to any telephone number in the State except weekdays between 9 a.m. and 5 p.m., according to the time in this State, and may not complete more than one solicitation call to any telephone number during each 8-hour period.",
      checked: READ_2026_11_28,
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "us_me_automated_frequency",
    place: "US-ME",
    placeName: "Maine, US",
    purposes: ["telemarketing"],
    frequency: { limit: 1, windowMs: 8 * HOUR_MS },
    note: '"Complete" counts connected calls; the server counts every dial (the stricter reading). Read as us_me_automated_hours is.',
    source: {
      cite: "10 M.R.S. § 1498(3)",
      url: "https://legislature.maine.gov/legis/bills/bills_121st/billtexts/LD039201-1.asp",
      quote: "may not complete more than one solicitation call to any telephone number during each 8-hour period.",
      checked: READ_2026_11_28,
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "us_md_hours",
    place: "US-MD",
    placeName: "Maryland, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(20))),
    note: "Read in a news report of the 2023 act; the subsection and its exact words were not read.",
    source: {
      cite: "Md. Code, Com. Law § 14-4502 (Stop the Spam Calls Act of 2023, SB 90, eff. 2024-01-01); subsection not read",
      url: "https://www.wmar2news.com/local/law-to-prevent-spam-calls-takes-effect-first-of-the-year",
      quote: "Restricting calling hours to between 8:00am and 8:00pm in the called party’s time zone",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_md_frequency",
    place: "US-MD",
    placeName: "Maryland, US",
    purposes: ["telemarketing"],
    frequency: { limit: 3, windowMs: 24 * HOUR_MS },
    note: '"About the same subject": every telemarketing call to the number counts (the stricter reading). Read in a news report; the subsection was not read.',
    source: {
      cite: "Md. Code, Com. Law § 14-4502 (Stop the Spam Calls Act of 2023); subsection not read",
      url: "https://www.wmar2news.com/local/law-to-prevent-spam-calls-takes-effect-first-of-the-year",
      quote: "A limit of three calls or text messages per 24 hours about the same subject to the same called party",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_ma_hours",
    place: "US-MA",
    placeName: "Massachusetts, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(20))),
    note: 'The exclusions from "unsolicited" (M.G.L. c. 159C § 1) were not read: every telemarketing call is covered (the stricter reading).',
    source: {
      cite: "201 CMR 12.02(2) (Office of Consumer Affairs and Business Regulation, under M.G.L. c. 159C)",
      url: "https://regulations.justia.com/states/massachusetts/201-cmr/title-201-cmr-12-00/section-12-02",
      quote:
        "No telephone solicitor shall make or cause to be made an unsolicited telephonic sales call to a consumer between the hours of 8:00 P.M. to 8:00 A.M., local time at the consumer's location.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_ms_hours",
    place: "US-MS",
    placeName: "Mississippi, US",
    purposes: ["telemarketing"],
    hours: noSunday(span(hm(8), hm(20))),
    note: "The statute's clock is Central Standard Time: in summer that is 09:00-21:00 local, so with us_ms_charitable_hours the window is 09:00-20:00 local, Monday to Saturday, under either reading. § 77-3-603(a) allows 08:00-21:00; this narrower section is the one coded. The Commission's holiday ban was repealed (2023 HB 1225): no holiday rule.",
    source: {
      cite: "Miss. Code Ann. § 77-3-723(1); § 77-3-603(a)",
      url: "https://getpocketlaw.com/law/state_mississippi/section-77-3-723-rules-for-authorized-calls_57b73fa7ff73",
      quote:
        "Such calls may only be made between the hours of 8:00 a.m. and 8:00 p.m. Central Standard Time. No telephone solicitations may be made on a Sunday.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_ms_charitable_hours",
    place: "US-MS",
    placeName: "Mississippi, US",
    purposes: ["telemarketing"],
    hours: noSunday(span(hm(9), hm(21))),
    note: "Written for charitable solicitation by paid fund-raisers; the server cannot tell a charitable appeal from a sale, so it applies to every telemarketing call (the stricter reading).",
    source: {
      cite: "Miss. Code Ann. § 79-11-524",
      url: "https://getpocketlaw.com/law/state_mississippi/section-79-11-524-restrictions-on-hours-of-telephone-solicitation_b2fa0ba0c333",
      quote:
        "Any fund-raising counsel, professional fund-raiser, professional solicitor or employee of any of these who makes a telephone solicitation subject to the provisions of this chapter to a residential telephone number shall make calls only between the hours of 9:00 a.m. and 9:00 p.m., Monday through Saturday. No calls shall be made on Sundays.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_mo_hours",
    place: "US-MO",
    placeName: "Missouri, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(21))),
    note: '"A consumer\'s residence": applied to every number (the stricter reading).',
    source: {
      cite: "RSMo § 407.1076(5)",
      url: "https://legalfix.com/statutes/state-codes/missouri/title-xxvi/chapter-407/section-407-1076",
      quote:
        "(5) Engage in telemarketing to a consumer's residence at any time other than between 8:00 a.m. and 9:00 p.m. local time at the called consumer's location;",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_mt_hours",
    place: "US-MT",
    placeName: "Montana, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(21))),
    note: '"A person\'s residence": applied to every number (the stricter reading).',
    source: {
      cite: "Mont. Code Ann. § 30-14-1412(1)(d) (Montana Telemarketing Registration and Fraud Prevention Act)",
      url: "https://leg.mt.gov/bills/mca/title_0300/chapter_0140/part_0140/section_0120/0300-0140-0140-0120.html",
      quote:
        "(d) engage in telemarketing to a person's residence at any time other than between 8 a.m. and 9 p.m. local time at the called person's location;",
      checked: READ_2026_11_28,
      tier: "official",
    },
    origin: "built-in",
  },
];
