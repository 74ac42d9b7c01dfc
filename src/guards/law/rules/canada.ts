/** Canada's rules of the law of the place called (law-rules.ts says what a rule is). */
import type { LawRule } from "../rules.js";
import { hm, READ_2026_11_28, span } from "./shape.js";

/** Weekdays 09:00-21:30, weekends 10:00-18:00 (Sunday first). */
const CRTC_HOURS = [
  [span(hm(10), hm(18))],
  ...Array.from({ length: 5 }, () => [span(hm(9), hm(21, 30))]),
  [span(hm(10), hm(18))],
];

export const CANADA_RULES: readonly LawRule[] = [
  {
    id: "ca_crtc_hours",
    place: "CA",
    placeName: "Canada",
    purposes: ["telemarketing"],
    hours: CRTC_HOURS,
    note: "The regulator's page of key rules states it; the hours paragraph of the consolidated Rules (http://www.crtc.gc.ca/eng/trules-reglest.htm) was not read.",
    source: {
      cite: "CRTC Unsolicited Telecommunications Rules, Telemarketing Rules (calling curfews)",
      url: "https://crtc.gc.ca/eng/phone/telemarketing/tobligations/rules-regles.htm",
      quote:
        "Telemarketing calls can only be made between the hours of 9:00 a.m. and 9:30 p.m. on weekdays and between 10:00 a.m. and 6:00 p.m. on weekends.",
      checked: "2026-11-25",
      tier: "official_summary",
    },
    origin: "built-in",
  },
  {
    id: "ca_crtc_adad_non_solicitation_hours",
    place: "CA",
    placeName: "Canada",
    purposes: ["informational"],
    hours: CRTC_HOURS,
    note: "Calls by an automatic dialing-announcing device for a purpose other than solicitation keep the telemarketing hours: applied to informational calls, a call an AI agent places treated as made with such a device (the stricter reading). The quote is a publisher's summary of Part IV, not the Rules' words.",
    source: {
      cite: "CRTC Unsolicited Telecommunications Rules, Part IV (automatic dialing-announcing device calls for a purpose other than solicitation)",
      url: "https://www.fedma.org/legalfacts/canada-lfp/marketing-canada-lfp/automatic-dialling-announcing-devices-robocalls-opt-in/",
      quote:
        "ADAD calls made for a purpose other than solicitation must identify the caller and respect the same calling hours as telemarketing calls (FEDMA summary of Part IV).",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
];
