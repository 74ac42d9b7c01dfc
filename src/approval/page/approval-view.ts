/**
 * What a person sees before a dial: for one call every field on its own labelled
 * line, first the four of glance.ts (number in international format with its
 * country, the callee's local time, agent name and id, contact), then the exact
 * E.164 sent, company, metadata; for a batch the same four as totals, then every
 * row, paged. Approve and Decline are real buttons of one form that posts to
 * this server only.
 */
import { AI_DISCLOSURE_REMINDER } from "../ai-disclosure.js";
import type { ApprovalStatus } from "../../state/store.js";
import type { ApprovalRow } from "../channel.js";
import type { StoredView } from "../desk.js";
import { html, type Html } from "./html.js";
import { askedBy } from "../inbox-summary.js";
import { batchGlance } from "../glance.js";
import { attestFields } from "./attest-fields.js";

export const ROWS_PER_PAGE = 50;

export interface DecisionForm {
  /** Where the buttons post. */
  action: string;
  /** Hidden fields (the CSRF token over --http). */
  hidden: Record<string, string>;
  /** More inside the form: the passkey prompt when Approve needs one (approval/passkeys/). */
  extra?: Html | undefined;
  /** Set when this approver may not approve (their own request): why, shown instead of the Approve button. */
  approveRefused?: string | undefined;
}

export interface ApprovalPageInput {
  view: StoredView;
  status: ApprovalStatus;
  createdAt: number;
  expiresAt: number;
  now: number;
  decidedBy?: string | undefined;
  /** 1-based page of a batch's rows. */
  page: number;
  /** The link to another page of rows (keeps the link's secret or the hosted path). */
  pageHref: (page: number) => string;
  /** Present while the approval can be decided. */
  form?: DecisionForm | undefined;
  /** A line above the title: the server, and over --http who is signed in. */
  banner: Html;
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

function minutesText(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  return minutes < 1 ? "less than a minute" : minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/**
 * A metadata value as the JSON the service receives writes it: a string in quotes with its escapes (`"a\n\nb"`,
 * not "a b" folded by HTML; `"42"` apart from `42`).
 */
function metadataValue(value: string | number | boolean | null): Html {
  return html`<code>${JSON.stringify(value)}</code>`;
}

function metadataTable(metadata: NonNullable<ApprovalRow["metadata"]>): Html {
  return html`<table><caption class="sr-only">Metadata</caption><tbody>${Object.entries(metadata).map(
    ([key, value]) => html`<tr><th scope="row"><code>${key}</code></th><td>${metadataValue(value)}</td></tr>`,
  )}</tbody></table>`;
}

/** Metadata inside a table row: one "key value" line each. */
function metadataLines(metadata: NonNullable<ApprovalRow["metadata"]>): Html {
  return html`${Object.entries(metadata).map(([key, value], i) => html`${i > 0 ? html`<br>` : ""}<code>${key}</code> ${metadataValue(value)}`)}`;
}

/** The law of the place called for a row: one line each (its rules with their tiers, how consent is met). */
function lawLines(lines: readonly string[]): Html {
  return html`${lines.map((line, i) => html`${i > 0 ? html`<br>` : ""}${line}`)}`;
}

function agentCell(row: ApprovalRow): Html {
  return row.agentName ? html`${row.agentName} <code>${row.agentId}</code>` : html`<code>${row.agentId}</code>`;
}

/** The model's own word that a second call is meant: said right after the four facts, before the question. */
function secondCall(view: StoredView): Html | string {
  if (!view.repeatDial) return "";
  const what = view.rows.length === 1 ? "this number was dialed" : "some of these numbers were dialed";
  return html`<p class="lead"><strong>Second call (repeat_dial):</strong> the assistant says a second call is meant, even if ${what} in the last minutes.</p>`;
}

function single(row: ApprovalRow): Html {
  return html`<div class="card"><dl class="fields">
<dt>Number</dt><dd><span class="big">${row.international}</span><br>${row.countryName} (${row.country})</dd>
<dt>Local time there</dt><dd>${row.localTime ?? "unknown"}</dd>
<dt>Agent</dt><dd>${agentCell(row)}</dd>
<dt>Contact</dt><dd>${row.contactName ?? html`<span class="muted">(not given)</span>`}</dd>
<dt>Dialed exactly as</dt><dd><code>${row.e164}</code></dd>
${row.consent ? html`<dt>Consent</dt><dd>${row.consent}</dd>` : ""}
<dt>Company</dt><dd>${row.companyName ?? html`<span class="muted">(not given)</span>`}</dd>
<dt>Metadata</dt><dd>${row.metadata ? metadataTable(row.metadata) : html`<span class="muted">(none)</span>`}</dd>
${row.law ? html`<dt>Law of the place</dt><dd>${lawLines(row.law)}</dd>` : ""}
</dl></div>`;
}

function batch(input: ApprovalPageInput): Html {
  const { view } = input;
  const pages = Math.max(1, Math.ceil(view.rows.length / ROWS_PER_PAGE));
  const page = Math.min(Math.max(1, input.page), pages);
  const first = (page - 1) * ROWS_PER_PAGE;
  const rows = view.rows.slice(first, first + ROWS_PER_PAGE);
  const nav =
    pages > 1
      ? html`<nav class="pages" aria-label="Pages of rows">${page > 1 ? html`<a href="${input.pageHref(page - 1)}" rel="prev">Previous rows</a>` : ""}<span>Rows ${first + 1}–${first + rows.length} of ${view.rows.length} (page ${page} of ${pages})</span>${page < pages ? html`<a href="${input.pageHref(page + 1)}" rel="next">Next rows</a>` : ""}</nav>`
      : "";
  const glance = batchGlance(view.rows);
  return html`<div class="card"><dl class="fields">
<dt>Numbers</dt><dd><span class="big">${view.rows.length} calls</span><br>${view.countries.map((c, i) => html`${i > 0 ? ", " : ""}${c.name} (${c.code}) × ${c.count}`)}</dd>
<dt>Local time there</dt><dd>${glance.localTimes}</dd>
<dt>Agent${view.agents.length === 1 ? "" : "s"}</dt><dd>${view.agents.map((a, i) => html`${i > 0 ? ", " : ""}${a.name ? html`${a.name} <code>${a.id}</code>` : html`<code>${a.id}</code>`}`)}</dd>
<dt>Contacts</dt><dd>${glance.contacts}</dd>
</dl></div>
<h2 id="rows">Every row</h2>${nav}
<div class="scroll"><table aria-labelledby="rows" class="rows"><thead><tr><th scope="col">#</th><th scope="col">Number <span class="muted">(dialed exactly as)</span></th><th scope="col">Local time there</th><th scope="col">Agent</th><th scope="col">Contact</th><th scope="col">Company</th><th scope="col">Metadata</th><th scope="col">Law of the place</th></tr></thead><tbody>
${rows.map(
  (row, i) =>
    html`<tr><td>${first + i + 1}</td><td class="nowrap">${row.international}<br>${row.countryName} (${row.country})<br><code class="muted">${row.e164}</code></td><td>${row.localTime ?? "unknown"}${row.consent ? html`<br><span class="muted">consent: ${row.consent}</span>` : ""}</td><td>${agentCell(row)}</td><td>${row.contactName ?? ""}</td><td>${row.companyName ?? ""}</td><td>${row.metadata ? metadataLines(row.metadata) : ""}</td><td>${row.law ? lawLines(row.law) : ""}</td></tr>\n`,
)}</tbody></table></div>${nav}`;
}

const STATUS_TEXT: Record<ApprovalStatus, { title: string; line: string }> = {
  pending: { title: "", line: "" },
  approved: { title: "Approved", line: "The dial goes out now. You can close this tab." },
  used: { title: "Approved", line: "The approval was used for its one dial. You can close this tab." },
  declined: { title: "Declined", line: "Nothing was dialed. You can close this tab." },
  expired: {
    title: "Expired",
    line: "This approval ran out of time; nothing was dialed. The assistant must ask again.",
  },
};

export function approvalPage(input: ApprovalPageInput): { title: string; body: Html } {
  const { view } = input;
  const count = view.rows.length;
  const what = count === 1 ? "this phone call" : `these ${count} phone calls`;
  const details = count === 1 ? single(view.rows[0]!) : batch(input);
  if (input.status !== "pending" || !input.form) {
    const status = STATUS_TEXT[input.status];
    const by = input.decidedBy && input.status !== "expired" ? ` by ${input.decidedBy}` : "";
    return {
      title: `${status.title}: ${what}`,
      body: html`${input.banner}<h1><span class="status ${input.status}">${status.title}</span>${by}</h1><p class="lead">${status.line}</p>${secondCall(view)}${details}`,
    };
  }
  const form = input.form;
  const buttons = html`<form method="post" action="${form.action}" class="actions">${Object.entries(form.hidden).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}${form.approveRefused ? "" : attestFields(view)}${form.approveRefused ? "" : html`<button type="submit" name="decision" value="approve" class="approve">Approve</button>`}<button type="submit" name="decision" value="decline" class="decline" formnovalidate>Decline</button>${form.approveRefused ? "" : form.extra}</form>${
    form.approveRefused
      ? html`<p class="status invalid" role="note">No Approve button: ${form.approveRefused}.</p>`
      : ""
  }`;
  const scope =
    count === 1 ? "" : html`<p class="muted">Approve places all ${count} calls, not only the rows on this page.</p>`;
  return {
    title: `Approve ${what}?`,
    // The four facts first (glance.ts), then what the approval is and when it runs out.
    body: html`${input.banner}<h1>Approve ${what}?</h1>
${details}${secondCall(view)}<p class="lead">${count === 1 ? "It reaches a real person and costs money." : "Each reaches a real person and costs money."} An AI assistant asked at ${utc(input.createdAt)}${view.requestedBy ? ` for ${askedBy(view.requestedBy)}` : ""} (tool <code>${view.tool}</code>). This approval works once, for exactly this request, and expires in ${minutesText(input.expiresAt - input.now)}.</p>
<p class="muted">${AI_DISCLOSURE_REMINDER}</p>${scope}${buttons}`,
  };
}

/** The page for a link that does not name a live approval (wrong id, wrong secret, or forgotten). */
export function invalidPage(banner: Html): { title: string; body: Html } {
  return {
    title: "Approval link not valid",
    body: html`${banner}<h1><span class="status invalid">This approval link is not valid</span></h1><p class="lead">It may be mistyped, from an earlier run of the server, or forgotten after it expired. Nothing was dialed. Ask the assistant to try again if the call is still wanted.</p>`,
  };
}
