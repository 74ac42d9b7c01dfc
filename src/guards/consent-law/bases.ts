/**
 * The words a consent record's basis is written in (OUTBOUND_CALLS_CONSENT_FILE, second field), and the words a
 * person picks from when they attest consent in an approval. Each names the legal kind of consent it is; a consent
 * rule (consent-rules.ts) lists the ones its official text accepts. A word outside this list stops the start: the
 * server could not tell which rule it satisfies.
 */

export const BASES = {
  prior_express_written_consent:
    "47 CFR § 64.1200(f)(9): a signed written agreement that names the seller and authorises its calls with an artificial or prerecorded voice to this number (16 CFR § 310.4(b)(1)(v): the same for the FTC's rule)",
  prior_express_consent: "47 U.S.C. § 227(b)(1): the called person's prior express consent, oral or written",
  prior_express_invitation_or_permission:
    "47 CFR § 64.1200(f)(15)(i) and the state texts copied from it: the person invited or allowed the call",
  ebr: "an established business relationship, 47 CFR § 64.1200(f)(5): a purchase or transaction within 18 months, or an inquiry within 3 months, not ended",
  ebr_previously_ordered:
    "D.C. Code § 34-1701: a business relationship, and the call is about goods or services the person ordered or bought",
  requested_call: "the person asked for this call",
  consented_to_message:
    "the state texts on automatic dialing-announcing devices (Va. Code § 59.1-518.2, R.I. Gen. Laws § 5-61-3.4): the person requested, consented to, permitted or authorised receipt of the message",
  fr_consent_l223_1:
    "C. consom. art. L. 223-1 al. 2: a free, specific, informed, unambiguous and revocable positive act accepting telephone canvassing; the professional keeps the proof",
  current_contract:
    "C. consom. art. L. 223-1 al. 4: the call is made in performance of a current contract and relates to its subject",
  ca_adad_express_consent:
    "CRTC Unsolicited Telecommunications Rules, Part IV: express consent, given before the call, to receive calls from an automatic dialing-announcing device at this number",
} as const;

export type Basis = keyof typeof BASES;

export const BASIS_WORDS = Object.keys(BASES) as Basis[];

export function isBasis(word: string): word is Basis {
  return Object.hasOwn(BASES, word);
}

/**
 * What a basis is besides itself. A prior express written consent is a prior express consent (47 CFR § 64.1200(f)(9)
 * defines it as the written form of one); either, given for this caller's AI-voice calls, is the person's consent to
 * receive the message that the state texts on automatic dialing-announcing devices ask for.
 */
const ALSO: Partial<Record<Basis, readonly Basis[]>> = {
  prior_express_written_consent: ["prior_express_consent", "consented_to_message"],
  prior_express_consent: ["consented_to_message"],
};

/** Does a record or attestation of `basis` satisfy a rule that accepts `accepted`? */
export function satisfies(basis: Basis, accepted: readonly Basis[]): boolean {
  return accepted.includes(basis) || (ALSO[basis] ?? []).some((b) => accepted.includes(b));
}
