/**
 * One approval on the approvers' inbox (/approvals/<id>): its page as on the local page, and Approve or Decline by
 * the signed-in approver, with the attestation the law asks for and, when required, a passkey. Behind the inbox's
 * sign-in and Host/Origin checks (hosted.ts); a decision needs the session's CSRF token.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HostCheck } from "../../web/host-check.js";
import { storedView, type ApprovalDesk } from "../desk.js";
import type { PasskeyGate } from "../passkeys/gate.js";
import { approvePrompt, checkApprove, passkeyPageHeaders, passkeyRefusedPage } from "../passkeys/approve.js";
import { approvalPage, invalidPage } from "./approval-view.js";
import { approveRefusal, approverLabel } from "./approver-rights.js";
import { ATTEST_MISSING, postedAttestation } from "./attest-fields.js";
import { pageParam, readForm } from "./forms.js";
import { redirect, sendPage } from "./html.js";
import { signedInBanner } from "./inbox-view.js";
import { tokensMatch, type Session } from "./sessions.js";

export interface InboxApproval {
  desk: ApprovalDesk;
  session: Session;
  /** The inbox's path, which an approval's path extends. */
  base: string;
  /** OUTBOUND_CALLS_ALLOW_SELF_APPROVAL (always with a shared approver token). */
  allowSelf: boolean;
  hostCheck: HostCheck;
  passkeys: PasskeyGate | undefined;
  forbidden(why: string): void;
  log(line: string): void;
}

export async function serveHostedApproval(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  url: URL,
  r: InboxApproval,
): Promise<void> {
  const { desk, session } = r;
  const record = await desk.get(id);
  const view = record ? storedView(record) : undefined;
  const banner = signedInBanner(session.name, session.csrf);
  if (!record || !view) {
    const page = invalidPage(banner);
    return sendPage(res, 404, page.title, page.body);
  }
  const path = `${r.base}/${record.id}`;
  const refusal = approveRefusal(session, view, r.allowSelf);
  if (req.method === "POST") {
    const form = await readForm(req);
    if (!form || !tokensMatch(form.get("csrf"), session.csrf))
      return r.forbidden("The form did not come from this session (CSRF check); reload the page");
    const decision = form.get("decision");
    if (decision !== "approve" && decision !== "decline") return r.forbidden("Use the Approve or Decline button");
    // On the server, at decision time: hiding the button is only the page's courtesy.
    if (refusal && (decision === "approve" || !session.canApprove)) {
      r.log(
        `outbound-calls-mcp: approvers' inbox: ${decision === "approve" ? "Approve" : "Decline"} of ${record.id} by ${approverLabel(session)} refused: ${refusal}`,
      );
      return r.forbidden(refusal);
    }
    const attestation =
      decision === "approve" ? postedAttestation(view, form) : { ok: true as const, attested: undefined };
    if (!attestation.ok) return r.forbidden(ATTEST_MISSING);
    let by = approverLabel(session);
    if (decision === "approve" && r.passkeys && desk.statusOf(record) === "pending") {
      // The answer's origin must be one this server is reached at (the Host/Origin allow-list of /mcp).
      const checked = await checkApprove(
        r.passkeys,
        form,
        record.id,
        (origin) => r.hostCheck(req.headers.host, origin) === undefined,
      );
      if (!checked.ok) {
        r.log(
          `outbound-calls-mcp: approvers' inbox: Approve of ${record.id} by ${approverLabel(session)} refused: ${checked.why}`,
        );
        const page = passkeyRefusedPage(checked.why, banner, path);
        return sendPage(res, 403, page.title, page.body);
      }
      by = `${approverLabel(session)}, passkey ${checked.passkey.name}`;
    }
    if (await desk.decide(record.id, decision === "approve" ? "approved" : "declined", by, attestation.attested)) {
      r.log(
        `outbound-calls-mcp: approvers' inbox: approval ${record.id} ${decision === "approve" ? "approved" : "declined"} by ${approverLabel(session)}`,
      );
    }
    return redirect(res, path);
  }
  const status = desk.statusOf(record);
  const extra =
    status === "pending" && r.passkeys && !refusal
      ? await approvePrompt(r.passkeys, record.id, record.expiresAt)
      : undefined;
  const page = approvalPage({
    view,
    status,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    now: desk.now(),
    decidedBy: record.decidedBy,
    page: pageParam(url),
    pageHref: (n) => `${path}?page=${n}#rows`,
    form:
      status === "pending"
        ? { action: path, hidden: { csrf: session.csrf }, extra, approveRefused: refusal }
        : undefined,
    banner,
  });
  sendPage(res, 200, page.title, page.body, extra ? passkeyPageHeaders() : {});
}
