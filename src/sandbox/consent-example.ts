/**
 * An example of the operator's consent file (OUTBOUND_CALLS_CONSENT_FILE, read by
 * src/guards/consent/file.ts) for the sandbox's test numbers: the demo
 * writes it to a temporary file and starts the server with it, so each approval
 * shows the basis of the call, and the calls the law requires prior consent for
 * (every US number, for a call made by an AI voice) have it. docs/sandbox.md shows
 * the same lines.
 */
export const SANDBOX_CONSENT_EXAMPLE = [
  "number,basis,source,obtained,expires",
  "# The person who answers (New York): signed up for calls by an AI voice on a web form.",
  "+1 212 555 0100,prior_express_written_consent,web-form-2026-03,2026-03-02",
  "# Miami, Florida: the person who will say stop (Spanish); an opt-out revokes this.",
  "+1 305 555 0107,prior_express_written_consent,call-center,2025-01-10,2027-12-31",
  "# Montréal, Canada: consent on file, yet the law of the place still sets the hours.",
  "+1 514 555 0100,ca_adad_express_consent,store-sign-up,2026-06-01",
  "",
].join("\n");
