/**
 * What a signed-in approver may decide in the hosted inbox, checked on the
 * server each time a page is shown and again when a decision is posted (any
 * replica; the session cookie and the sealed approval carry everything):
 * - with OAuth, only a person whose sign-in granted calls:approve sees or
 *   decides anything;
 * - nobody approves a dial their own token asked for (same subject at the one
 *   issuer the server trusts) unless OUTBOUND_CALLS_ALLOW_SELF_APPROVAL is on.
 *   Declining one's own request stays possible: it dials nothing.
 */
import type { ApprovalView } from "../channel.js";
import type { Session } from "./sessions.js";

export const NO_GRANT =
  "Your sign-in does not grant approving calls: the identity provider gave your account no calls:approve scope for this server. Whoever runs the identity provider can grant it; nothing here can be seen or decided until then";

export const OWN_REQUEST =
  "You asked for this dial yourself, so another approver must approve it (OUTBOUND_CALLS_ALLOW_SELF_APPROVAL is off on this server). You can still decline it";

/** Why this session may not approve this request (undefined: it may). Decline is refused only without the grant. */
export function approveRefusal(
  session: Session,
  view: Pick<ApprovalView, "requestedBy">,
  allowSelfApproval: boolean,
): string | undefined {
  if (!session.canApprove) return NO_GRANT;
  if (!allowSelfApproval && session.sub !== undefined && view.requestedBy?.sub === session.sub) return OWN_REQUEST;
  return undefined;
}

/** The approver as the decision records it (the approval's decidedBy, the audit line's approver). */
export function approverLabel(session: Session): string {
  return session.sub === undefined ? `approver:${session.name}` : `approver:${session.name} (sub ${session.sub})`;
}
