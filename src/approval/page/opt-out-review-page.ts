/**
 * The review page of the approvers' inbox (/approvals/opt-outs): the numbers
 * held for review (a weaker cue on a call that the person may not want to be
 * called again: every dial to them is refused, rule opt_out_review), each with
 * the call and what was heard, and two buttons: Confirm (an opt-out) and Clear
 * (dialable again). Behind the inbox's own sign-in, Host/Origin checks and CSRF
 * token; the decision is the safety desk's (given by the --http server).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { readForm } from "./forms.js";
import { tokensMatch } from "./sessions.js";
import { html, redirect, sendPage, type Html } from "./html.js";

export const REVIEW_PATH = "/opt-outs";

/**
 * A held number as the page shows it: the fields it reads of the opt-outs' entry (src/guards/opt-outs/state/store.ts
 * OptOutEntry), which lives in a room above this one.
 */
export interface HeldNumber {
  number: string;
  at: number;
  callId?: string;
  evidence: string;
}

/** What the page needs of the opt-out desk. */
export interface OptOutReviewDesk {
  held(): Promise<HeldNumber[]>;
  review(
    number: string,
    decision: "confirm" | "clear",
    by: string,
  ): Promise<{ kind: "done" | "not_held" } | { kind: "unwritable"; code: string }>;
}

export interface ReviewRequest {
  desk: OptOutReviewDesk;
  base: string;
  banner: Html;
  csrf: string;
  /** Who decides, as the audit line names them. */
  by: string;
  forbidden(why: string): void;
  log(line: string): void;
}

const E164 = /^\+[1-9][0-9]{5,14}$/;

export async function serveOptOutReview(req: IncomingMessage, res: ServerResponse, r: ReviewRequest): Promise<void> {
  const path = `${r.base}${REVIEW_PATH}`;
  if (req.method === "POST") {
    const form = await readForm(req);
    if (!form || !tokensMatch(form.get("csrf"), r.csrf))
      return r.forbidden("The form did not come from this session (CSRF check); reload the page");
    const number = form.get("number") ?? "";
    const decision = form.get("decision");
    if (!E164.test(number) || (decision !== "confirm" && decision !== "clear"))
      return r.forbidden("Use the Confirm or Clear button of a held number");
    const done = await r.desk.review(number, decision, r.by);
    if (done.kind === "unwritable")
      return r.forbidden(`The audit log cannot be written (${done.code}), so nothing was changed`);
    if (done.kind === "done")
      r.log(
        `outbound-calls-mcp: approvers' inbox: held number ${number} ${decision === "confirm" ? "confirmed as an opt-out" : "cleared"} by ${r.by}`,
      );
    return redirect(res, path);
  }
  const held = await r.desk.held();
  const rows = held.map(
    (
      e,
    ) => html`<li class="held"><p><strong>${e.number}</strong> · held ${e.at > 0 ? new Date(e.at).toISOString() : "time unknown"}${e.callId ? html` · call <code>${e.callId}</code>` : ""}</p>
<p class="evidence">${e.evidence}</p>
<form method="post" action="${path}" class="actions">
<input type="hidden" name="csrf" value="${r.csrf}"><input type="hidden" name="number" value="${e.number}">
<button type="submit" name="decision" value="confirm">Confirm opt-out</button>
<button type="submit" name="decision" value="clear">Clear: may be dialed</button>
</form></li>`,
  );
  sendPage(
    res,
    200,
    "Approvers' inbox: numbers held for review",
    html`${r.banner}
<h1>Numbers held for review</h1>
<p class="lead">On these calls the person may have asked not to be called again. Every dial to them is refused (opt_out_review) until you confirm the opt-out or clear the number. Each decision is written to the audit log with your name.</p>
${held.length === 0 ? html`<p class="status">No number is held for review.</p>` : html`<ul class="held-list">${rows}</ul>`}
<p><a href="${r.base}">Back to the inbox</a></p>`,
  );
}
