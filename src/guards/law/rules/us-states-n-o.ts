/**
 * The rules of the US states Nebraska to Oklahoma (law-rules.ts says what a rule is; docs/compliance.md lists them with their
 * tiers). Each note says how a scope the text leaves open is read: the reading that refuses more.
 */
import type { LawRule } from "../rules.js";
import { everyDay, HOUR_MS, hm, READ_2026_11_28, span } from "./shape.js";

export const US_STATES_N_O: readonly LawRule[] = [
  {
    id: "us_ne_adad_hours",
    place: "US-NE",
    placeName: "Nebraska, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(21))),
    note: "A residential line: applied to every number, and a call an AI agent places is treated as made with an automatic dialing-announcing device (the stricter reading).",
    source: {
      cite: "Neb. Rev. Stat. § 86-248(1)",
      url: "https://nebraskalegislature.gov/laws/statutes.php?statute=86-248&print=true",
      quote:
        "A person shall not make a telephone solicitation using an automatic dialing-announcing device to a residential telephone line (a) before 8 a.m. or after 9 p.m. at the location of the person called",
      checked: READ_2026_11_28,
      tier: "official",
    },
    consentException: {
      quote:
        'Neb. Rev. Stat. § 86-242(2): "Telephone solicitation does not include a call or message (a) made to any person with the person\'s prior express invitation or permission, (b) made to any person with whom the caller has an established business relationship"',
    },
    origin: "built-in",
  },
  {
    id: "us_ne_adad_noncommercial_hours",
    place: "US-NE",
    placeName: "Nebraska, US",
    purposes: ["informational"],
    hours: everyDay(span(hm(8), hm(21))),
    note: "Messages other than solicitations by an automatic dialing-announcing device: applied to informational calls, an AI call treated as made with one (the stricter reading). Its exemptions (schools, existing relationships, employers) are not built in.",
    source: {
      cite: "Neb. Rev. Stat. § 86-256(2)(c)",
      url: "https://self-law.org/code/ne/chapter-86/86-256",
      quote: "only between the hours of 8 a.m. and 9 p.m. at the location of the person receiving the message",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_nv_adad_hours",
    place: "US-NV",
    placeName: "Nevada, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(9), hm(21))),
    note: "The device is defined by a random or sequential number generator used to solicit purchases; a call an AI agent places is treated as made with one (the stricter reading). The same subsection bars calling back a number whose person hung up: not applied (docs/compliance.md says why).",
    source: {
      cite: "NRS 597.814(2)(a)",
      url: "http://www.contactcentercompliance.com/legal/statutes/NV/NRS/597.814.adpx",
      quote:
        "A person shall not operate a device for automatic dialing and announcing to place: (a) A call that is received by a telephone located in this state during the period between 9 p.m. and 9 a.m.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_nj_hours",
    place: "US-NJ",
    placeName: "New Jersey, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(21))),
    note: "Read on a secondary copy; the official session law's page stops in its findings.",
    source: {
      cite: "N.J.S.A. 56:8-128(d)",
      url: "https://d1tvxue8o4w0fl.cloudfront.net/statute/new-jersey-statutes/title-56-trade-names-trade-marks-and-unfair-trade-practices/chapter-568/section-568-128-requirements-relative-to-telemarketing-sales-calls",
      quote:
        "A telemarketer shall not make or cause to be made any unsolicited telemarketing sales call to any customer between the hours of 9:00 p.m. and 8:00 a.m., local time, at the customer's location.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_nm_hours",
    place: "US-NM",
    placeName: "New Mexico, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(9), hm(21))),
    note: "Read in a 2006 copy of the code; later changes were not checked.",
    source: {
      cite: "NMSA 1978, § 57-12-22(B)(5)",
      url: "https://law.justia.com/codes/new-mexico/2006/nmrc/jd_57-12-22-13117.html",
      quote:
        "It is unlawful [...] to make a telephone solicitation for a purchase of goods or services: [...] (5) that are received before 9:00 a.m. or after 9:00 p.m.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_ny_hours",
    place: "US-NY",
    placeName: "New York, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(21))),
    note: "Its exception (the customer's express consent to a call at another time) was read only on a secondary site: not built in.",
    source: {
      cite: "N.Y. Gen. Bus. Law § 399-z(2)",
      url: "https://instalawyer.io/laws/new-york-laws/399-z-telemarketing-establishment-of",
      quote:
        "No telemarketer or seller shall engage in telemarketing at any time other than between 8:00 A.M. and 9:00 P.M. at the location of the customer unless the customer has given his or her express consent to the call at a different time.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_ok_hours",
    place: "US-OK",
    placeName: "Oklahoma, US",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(20))),
    note: "Read in a compliance publisher's summary of the 2022 act; the enrolled bill was read only in its title.",
    source: {
      cite: "15 O.S. § 775C.1 et seq. (Telephone Solicitation Act of 2022, HB 3168, eff. 2022-11-01)",
      url: "https://dnc.dreamhosters.com/?p=1309",
      quote:
        "Limiting calls to the hours of 8:00am through 8:00pm (a reduction from Oklahoma’s current 8:00am – 9:00pm limits)",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_ok_frequency",
    place: "US-OK",
    placeName: "Oklahoma, US",
    purposes: ["telemarketing"],
    frequency: { limit: 3, windowMs: 24 * HOUR_MS },
    note: "Every telemarketing call to the number counts, whatever its subject (the stricter reading). Read as us_ok_hours is.",
    source: {
      cite: "15 O.S. § 775C.1 et seq. (Telephone Solicitation Act of 2022)",
      url: "https://dnc.dreamhosters.com/?p=1309",
      quote: "Limiting callers to making three calls per-24-hour-period to any particular phone number",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "us_ok_adad_hours",
    place: "US-OK",
    placeName: "Oklahoma, US",
    purposes: ["telemarketing", "informational"],
    hours: everyDay(span(hm(9), hm(21))),
    note: "Any use of an automatic dial announcing device: applied to informational calls too, a call an AI agent places treated as made with one (the stricter reading).",
    source: {
      cite: "15 O.S. § 755.1(C)(2)(a)",
      url: "https://self-law.org/code/ok/title-15-contracts/15-755-1",
      quote:
        "2. For calls terminating in this state, the device is not used to make a call: a. before 9 a.m. or after 9 p.m.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
];
