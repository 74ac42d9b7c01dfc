/**
 * The built-in consent rules: the federal ones, France, Canada and the states the issue named here; the other states
 * in consent-rules-states.ts. What a rule is and how it is read: consent-rule.ts. docs/compliance.md lists the same
 * rules with their sources.
 */
import { BOTH, consentRule, SALES, type ConsentRule } from "./rule.js";
import { STATE_CONSENT_RULES_A_L } from "./rules-states.js";
import { STATE_CONSENT_RULES_M_W } from "./rules-states-m-w.js";

const ECFR_64_1200 = "https://www.ecfr.gov/api/versioner/v1/full/2026-09-02/title-47.xml?part=64&section=64.1200";

/** The federal rules, France, Canada, and the states the issue named; the other states in consent-rules-states.ts. */
const NAMED_RULES: readonly ConsentRule[] = [
  consentRule({
    id: "us_tcpa_ai_voice_wireless",
    place: "US",
    placeName: "United States (federal)",
    purposes: BOTH,
    accepts: ["prior_express_consent", "prior_express_written_consent"],
    cite: "47 U.S.C. § 227(b)(1)(A)(iii); 47 CFR § 64.1200(a)(1)(iii); FCC 24-17 (AI-generated voices are artificial voices)",
    url: ECFR_64_1200,
    quote:
      "initiate any telephone call (other than a call made for emergency purposes or is made with the prior express consent of the called party) using an automatic telephone dialing system or an artificial or prerecorded voice; [...] (iii) To any telephone number assigned to a paging service, cellular telephone service [...]",
    tier: "official",
  }),
  consentRule({
    id: "us_tcpa_ai_voice_telemarketing_pewc",
    place: "US",
    placeName: "United States (federal)",
    purposes: SALES,
    accepts: ["prior_express_written_consent"],
    cite: "47 CFR § 64.1200(a)(2), (a)(3) and (f)(9)",
    url: ECFR_64_1200,
    quote:
      "any telephone call that includes or introduces an advertisement or constitutes telemarketing, using an automatic telephone dialing system or an artificial or prerecorded voice, [...] other than a call made with the prior express written consent of the called party",
    tier: "official",
  }),
  consentRule({
    id: "us_tsr_prerecorded_written_agreement",
    place: "US",
    placeName: "United States (federal)",
    purposes: SALES,
    accepts: ["prior_express_written_consent"],
    reading: "an AI voice is read as a prerecorded message",
    cite: "16 CFR § 310.4(b)(1)(v)(A) (FTC Telemarketing Sales Rule)",
    url: "https://www.ecfr.gov/api/versioner/v1/full/2026-09-02/title-16.xml?part=310&section=310.4",
    quote:
      "Initiating any outbound telephone call that delivers a prerecorded message [...] unless: (A) In any such call to induce the purchase of any good or service, the seller has obtained from the recipient of the call an express agreement, in writing",
    tier: "official",
  }),
  consentRule({
    id: "fr_consent_l223_1",
    place: "FR",
    placeName: "France",
    purposes: SALES,
    from: "2026-08-11",
    accepts: ["fr_consent_l223_1", "current_contract"],
    cite: "Code de la consommation, art. L. 223-1 (loi n° 2025-594, art. 13, in force from 2026-08-11)",
    url: "https://legal.tricoteuses.fr/articles/LEGIARTI000051830285",
    quote:
      "Il est interdit de démarcher par téléphone [...] un consommateur qui n'a pas exprimé préalablement son consentement à faire l'objet de prospections commerciales par ce moyen. [...] L'interdiction prévue au premier alinéa n'est pas applicable lorsque la sollicitation intervient dans le cadre de l'exécution d'un contrat en cours et a un rapport avec l'objet de ce contrat",
    tier: "official",
  }),
  consentRule({
    id: "ca_crtc_adad_consent",
    place: "CA",
    placeName: "Canada",
    purposes: SALES,
    accepts: [],
    unverified: ["ca_adad_express_consent"],
    cite: "CRTC Unsolicited Telecommunications Rules, Part IV (ADAD Rules), as the CRTC states them",
    url: "https://crtc.gc.ca/eng/phone/telemarketing/tobligations/rules-regles.htm",
    quote:
      "Telemarketers may make solicitation calls using an ADAD only if the consumer has given their express consent prior to the telemarketing call.",
    tier: "official_summary",
  }),
  consentRule({
    id: "us_fl_automated_pewc",
    place: "US-FL",
    placeName: "Florida, US",
    purposes: SALES,
    accepts: ["prior_express_written_consent"],
    cite: "Fla. Stat. § 501.059(8)(a) (CS/SB 1120, 2021; reworded by CS/CS/SB 1308, 2023)",
    url: "https://flsenate.gov/Session/Bill/2021/1120/BillText/er/HTML",
    quote:
      "prohibiting certain telephonic sales calls without the prior express written consent of the called party (the enrolled act's title); as amended in 2023: a person may not make [...] an unsolicited telephonic sales call if such call involves an automated system for the selection and dialing of telephone numbers or the playing of a recorded message",
    tier: "official_summary",
  }),
  consentRule({
    id: "us_va_adad_consent",
    place: "US-VA",
    placeName: "Virginia, US",
    purposes: SALES,
    accepts: ["consented_to_message", "ebr"],
    cite: "Code of Virginia §§ 59.1-518.1, 59.1-518.2",
    url: "https://law.lis.virginia.gov/vacodefull/title59.1/chapter44.1/",
    quote:
      "A caller shall not use an automatic dialing-announcing device in connection with making a commercial telephone solicitation unless: 1. The subscriber has knowingly or voluntarily requested, consented to, permitted, or authorized receipt of the message",
    tier: "official",
  }),
  consentRule({
    id: "us_wa_adad_commercial_ban",
    place: "US-WA",
    placeName: "Washington, US",
    purposes: SALES,
    accepts: [],
    unverified: ["requested_call"],
    reading: "an AI voice is read as a device that plays a recorded message",
    cite: "RCW 80.36.400(2) (as quoted as existing law in SSB 5276, 2007)",
    url: "https://lawfilesext.leg.wa.gov/biennium/2007-08/Htm/Bills/Senate%20Bills/5276-S.htm",
    quote:
      "No person may use an automatic dialing and announcing device for purposes of commercial solicitation. This section applies to all commercial solicitation intended to be received by telephone customers within the state.",
    tier: "official",
  }),
];

/** Every built-in consent rule (docs/consent.md#consent-where-the-law-requires-it). */
export const BUILT_IN_CONSENT_RULES: readonly ConsentRule[] = [
  ...NAMED_RULES,
  ...STATE_CONSENT_RULES_A_L,
  ...STATE_CONSENT_RULES_M_W,
];
