/**
 * The consent rules and bans of the other US states and D.C. for calls made with automated, recorded, prerecorded or
 * synthesized voices, applied to AI voices (the stricter reading, consent-rule.ts). Most were read only in a secondary
 * source: a restriction may rest on one, but none of their exceptions is built in (`unverified`), so they refuse an
 * AI-voice call until the operator accepts a basis (OUTBOUND_CALLS_RULES_FILE consent_bases, said at every start).
 * Where a text reaches polls or "soliciting information" it binds informational calls too.
 */
import { BOTH, consentRule, SALES, type ConsentRule } from "./rule.js";

/** Alaska to Louisiana; Maine to Wyoming in consent-rules-states-m-w.ts. */
export const STATE_CONSENT_RULES_A_L: readonly ConsentRule[] = [
  consentRule({
    id: "us_ak_automated_solicitation_ban",
    place: "US-AK",
    placeName: "Alaska, US",
    purposes: SALES,
    accepts: [],
    unverified: ["requested_call"],
    cite: "AS 45.50.475(a)(4) (as shown as existing law in SCS CSHB 15(FIN), 23rd Legislature)",
    url: "https://www.akleg.gov/basis/Bill/Plaintext/23?Hsid=HB0015H",
    quote:
      "originates a telephone call using an automated or recorded message as a telephonic advertisement or a telephone solicitation.",
    tier: "official",
  }),
  consentRule({
    id: "us_az_automated_solicitation_consent",
    place: "US-AZ",
    placeName: "Arizona, US",
    purposes: SALES,
    accepts: [],
    unverified: ["prior_express_invitation_or_permission", "ebr"],
    cite: "A.R.S. § 13-2919",
    url: "https://self-law.org/code/az/title-13/13-2919",
    quote:
      "A person shall not use an automated system for the selection and dialing of telephone numbers and the playing of a recorded message [...] for the purpose of soliciting persons to purchase goods or services",
    tier: "secondary",
  }),
  consentRule({
    id: "us_az_unsolicited_mobile_ban",
    place: "US-AZ",
    placeName: "Arizona, US",
    purposes: SALES,
    accepts: [],
    unverified: ["requested_call"],
    cite: "A.R.S. § 44-1278(B)(3)-(4)",
    url: "https://law.onecle.com/arizona/title-44/44-1278.html",
    quote:
      "Intentionally make or cause to be made any unsolicited telephone sales call to any mobile or telephone paging device.",
    tier: "secondary",
  }),
  consentRule({
    id: "us_ar_automated_sales_ban",
    place: "US-AR",
    placeName: "Arkansas, US",
    purposes: SALES,
    accepts: [],
    unverified: ["requested_call"],
    cite: "Ark. Code Ann. § 5-63-204",
    url: "https://instalawyer.io/laws/arkansas-code/5-63-204-automated-telephone-solicitation",
    quote:
      "It is unlawful for any person to use a telephone for the purpose of offering any goods or services for sale [...] when the use involves an automated system for the selection and dialing of telephone numbers and the playing of recorded messages",
    tier: "secondary",
  }),
  consentRule({
    id: "us_ca_adad_consent",
    place: "US-CA",
    placeName: "California, US",
    purposes: BOTH,
    accepts: [],
    unverified: ["prior_express_consent"],
    reading: "§ 2874's route, an unrecorded natural voice asking consent first, is not open to an AI voice",
    cite: "Cal. Pub. Util. Code §§ 2873, 2874 (as amended by AB 2905, Stats. 2024)",
    url: "https://jurris.com/california/public-utilities-code/2871-2876/2873-4",
    quote:
      "Automatic dialing-announcing devices may be used to place calls over telephone lines only pursuant to a prior agreement between the persons involved, whereby the person called has agreed that he or she consents to receive such calls from the person calling",
    tier: "secondary",
  }),
  consentRule({
    id: "us_ct_pewc",
    place: "US-CT",
    placeName: "Connecticut, US",
    purposes: SALES,
    accepts: [],
    unverified: ["prior_express_written_consent"],
    cite: "Conn. Gen. Stat. § 42-288a (P.A. 23-98)",
    url: "https://dnc.dreamhosters.com/connecticut-passes-new-telemarketing-law",
    quote: "Now, all telephonic sales calls are prohibited without prior express written consent.",
    tier: "secondary",
  }),
  consentRule({
    id: "us_dc_synthesized_voice_solicitation_ban",
    place: "US-DC",
    placeName: "District of Columbia, US",
    purposes: SALES,
    accepts: ["ebr_previously_ordered"],
    cite: "D.C. Code § 34-1701",
    url: "https://code.dccouncil.gov/us/dc/council/code/sections/34-1701",
    quote:
      "preexisting business relationship with the party called and the call concerns goods, services, or real property that have been previously ordered or purchased",
    tier: "official",
  }),
  consentRule({
    id: "us_ga_adad_consent",
    place: "US-GA",
    placeName: "Georgia, US",
    purposes: BOTH,
    accepts: [],
    unverified: ["prior_express_consent"],
    cite: "Ga. Comp. R. & Regs. 515-12-1-.32(4)(a) (Georgia Public Service Commission)",
    url: "https://www.law.cornell.edu/regulations/georgia/",
    quote: "(a) Consent shall be received prior to the initiation of the calls",
    tier: "secondary",
  }),
  consentRule({
    id: "us_in_adad_consent",
    place: "US-IN",
    placeName: "Indiana, US",
    purposes: BOTH,
    accepts: [],
    unverified: ["consented_to_message", "ebr"],
    cite: "Ind. Code § 24-5-14-5",
    url: "https://lexace.ai/us/statute/indiana/24-5-14-5",
    quote:
      "A caller may not use or connect to a telephone line an automatic dialing-announcing device unless: (1) the subscriber has knowingly or voluntarily requested, consented to, permitted, or authorized receipt of the message",
    tier: "secondary",
  }),
  consentRule({
    id: "us_ia_adad_ban",
    place: "US-IA",
    placeName: "Iowa, US",
    purposes: BOTH,
    accepts: [],
    unverified: ["ebr", "previously ordered goods"],
    cite: "Iowa Code § 476.57(2) (1999 text, the same in 2005)",
    url: "https://www.legis.iowa.gov/DOCS/IACODE/1999/476/57.html",
    quote:
      'Except as provided in paragraph "b", a person shall not use, employ, or direct another person to use, or contract for the use of ADAD equipment.',
    tier: "official",
  }),
  consentRule({
    id: "us_ky_automated_consent",
    place: "US-KY",
    placeName: "Kentucky, US",
    purposes: BOTH,
    accepts: [],
    unverified: ["written consent under KRS 367.463", "consent on the call"],
    cite: "KRS 367.461(2)(a), (c); KRS 367.463",
    url: "https://self-law.org/code/ky/chapter-367/367-461",
    quote: "(a) The person receiving the call consents to it, as specified in KRS 367.463",
    tier: "secondary",
  }),
  consentRule({
    id: "us_la_adad_in_call_consent",
    place: "US-LA",
    placeName: "Louisiana, US",
    purposes: BOTH,
    accepts: [],
    onTheCall: true,
    cite: "La. R.S. 45:811(1), 45:812",
    url: "https://legis.la.gov/legis/Law.aspx?d=100116",
    quote:
      "Any such consent shall apply only to a particular call and shall not constitute prior consent to receive further calls through the use of such ADAD equipment.",
    tier: "official",
  }),
];
