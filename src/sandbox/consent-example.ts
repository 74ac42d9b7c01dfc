/**
 * An example of the operator's consent file (OUTBOUND_CALLS_CONSENT_FILE, read by
 * src/guards/consent/file.ts) for the sandbox's test numbers: the demo
 * writes it to a temporary file and starts the server with it, so each approval
 * shows the basis of the call. docs/sandbox.md shows the same lines.
 */
export const SANDBOX_CONSENT_EXAMPLE = [
  "number,basis,source,obtained,expires",
  "# The person who answers (San Francisco): asked for reminders on a web form.",
  "+1 415 555 0100,express_written,web-form-2026-03,2026-03-02",
  "# Miami, Florida: the person who will say stop (Spanish); an opt-out revokes this.",
  "+1 305 555 0107,express,call-center,2025-01-10,2027-12-31",
  "# Montréal, Canada: consent on file, yet the law of the place still sets the hours.",
  "+1 514 555 0100,express_written,store-sign-up,2026-06-01",
  "",
].join("\n");
