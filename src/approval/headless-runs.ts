/**
 * A client run without a person at it answers a form by itself: `claude -p`
 * cancels it, `codex exec` declines it (docs/clients.md "Headless runs"). So a cancel, or a decline that came back
 * faster than a person reads the question, may not be a person's answer. The
 * model is told so, with what whoever runs such runs can do; nothing is dialed
 * either way, and nothing in the note lets the model approve anything.
 */

/** A decline that came back sooner than this after the form was sent is faster than a person reads four lines. */
export const ANSWERED_AT_ONCE_MS = 2_000;

export const HEADLESS_NOTE =
  "The client may have answered without a person: a client run non-interactively cancels or declines such a form by itself " +
  "(claude -p cancels it; codex exec declines it). " +
  "For whoever runs this unattended: start the server with --http and an approvers' inbox (OUTBOUND_CALLS_APPROVER_TOKEN) so that a person approves there, " +
  "or accept unattended dialing (OUTBOUND_CALLS_CONFIRM=never) with consent records (OUTBOUND_CALLS_CONSENT_FILE, OUTBOUND_CALLS_REQUIRE_CONSENT=true) and dial caps " +
  "(docs/clients.md, Headless runs).";
