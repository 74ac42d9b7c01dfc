/**
 * The US federal rules of the law of the place called (law-rules.ts says what a rule is), for every US number and,
 * as the safe direction, the US territories with their own country code (law-guard.ts). Both were read in copies of
 * the eCFR (as of 2026-09-02) kept with their checksums in a public repository: faithful mirrors, so official.
 */
import type { LawRule } from "../rules.js";
import { everyDay, hm, READ_2026_11_28, span } from "./shape.js";

export const US_FEDERAL_RULES: readonly LawRule[] = [
  {
    id: "us_fcc_hours",
    place: "US",
    placeName: "United States (federal)",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(21))),
    note: "Paragraph (e) extends it to wireless numbers; applied to every number in the callee's local time, in every zone the number may ring in.",
    source: {
      cite: "47 CFR § 64.1200(c)(1), extended to wireless numbers by § 64.1200(e)",
      url: "https://www.ecfr.gov/api/versioner/v1/full/2026-09-02/title-47.xml?part=64&section=64.1200",
      quote:
        "(c) No person or entity shall initiate any telephone solicitation to: (1) Any residential telephone subscriber before the hour of 8 a.m. or after 9 p.m. (local time at the called party's location)",
      checked: READ_2026_11_28,
      tier: "official",
    },
    consentException: {
      quote:
        '47 CFR § 64.1200(f)(15): "The term telephone solicitation [...] does not include a call or message: (i) To any person with that person\'s prior express invitation or permission; (ii) To any person with whom the caller has an established business relationship; or (iii) By or on behalf of a tax-exempt nonprofit organization."',
    },
    origin: "built-in",
  },
  {
    id: "us_tsr_hours",
    place: "US",
    placeName: "United States (federal)",
    purposes: ["telemarketing"],
    hours: everyDay(span(hm(8), hm(21))),
    note: "The FTC's twin of us_fcc_hours, lifted only by the person's prior consent (an established business relationship does not lift it). \"A person's residence\": applied to every number.",
    source: {
      cite: "16 CFR § 310.4(c) (FTC Telemarketing Sales Rule)",
      url: "https://www.ecfr.gov/api/versioner/v1/full/2026-09-02/title-16.xml?part=310&section=310.4",
      quote:
        "(c) Calling time restrictions. Without the prior consent of a person, it is an abusive telemarketing act or practice and a violation of this part for a telemarketer to engage in outbound telephone calls to a person's residence at any time other than between 8:00 a.m. and 9:00 p.m. local time at the called person's location.",
      checked: READ_2026_11_28,
      tier: "official",
    },
    consentException: { quote: "Without the prior consent of a person" },
    origin: "built-in",
  },
];
