/**
 * The hosted inbox's own pages: the approver's login, the banner with who is
 * signed in (and a sign-out button), and the list of approvals waiting for a
 * decision across every client of this server.
 */
import type { InboxCursor, InboxQuery } from "../../state/store.js";
import type { InboxSummary } from "../inbox-summary.js";
import { html, type Html } from "./html.js";
import { INBOX_PAGE_SIZE, inboxHref } from "./inbox-paging.js";

const utc = (ms: number) => `${new Date(ms).toISOString().slice(11, 16)} UTC`;

export function loginPage(csrf: string, problem?: string): { title: string; body: Html } {
  return {
    title: "Approvers' inbox: sign in",
    body: html`<header class="top"><span>outbound-calls-mcp · approvers' inbox</span></header>
<h1>Sign in to approve calls</h1>
<p class="lead">Calls placed through this server wait here until an approver approves or declines them.</p>
${problem ? html`<p class="status invalid" role="alert">${problem}</p>` : ""}
<form method="post" action="/approvals/login">
<input type="hidden" name="csrf" value="${csrf}">
<label for="name">Your name (recorded with every decision)</label>
<input type="text" id="name" name="name" required maxlength="60" autocomplete="name">
<label for="token">Approver token</label>
<input type="password" id="token" name="token" required autocomplete="off">
<div class="actions"><button type="submit">Sign in</button></div>
</form>`,
  };
}

/** With OAuth: the sign-in goes through the identity provider (oidc-login.ts); `problem` says why the last one failed. */
export function identityProviderLoginPage(problem?: string): { title: string; body: Html } {
  return {
    title: "Approvers' inbox: sign in",
    body: html`<header class="top"><span>outbound-calls-mcp · approvers' inbox</span></header>
<h1>Sign in to approve calls</h1>
<p class="lead">Calls placed through this server wait here until an approver approves or declines them. Approvers sign in with the team's identity provider; your name and account are recorded with every decision.</p>
${problem ? html`<p class="status invalid" role="alert">${problem}.</p>` : ""}
<p class="actions"><a class="button" href="/approvals/signin">Sign in with the identity provider</a></p>`,
  };
}

/** With OAuth, a signed-in person whose sign-in grants no calls:approve: nothing listed, nothing to decide. */
export function noGrantPage(banner: Html, why: string): { title: string; body: Html } {
  return {
    title: "Approvers' inbox: not an approver",
    body: html`${banner}<h1>You are not an approver here</h1><p class="lead">${why}.</p>`,
  };
}

/** After the identity provider's redirect: a page of our own that moves on to the inbox, so the Strict session cookie goes with it. */
export function signedInPage(name: string): { title: string; body: Html } {
  return {
    title: "Signed in",
    body: html`<h1>Signed in as ${name}</h1><p class="lead"><a href="/approvals">Continue to the inbox</a></p>`,
  };
}

/** The line above every signed-in page: who, the inbox, and sign out (a CSRF-protected post). */
export function signedInBanner(name: string, csrf: string): Html {
  return html`<header class="top"><span>outbound-calls-mcp · <a href="/approvals">approvers' inbox</a></span><form method="post" action="/approvals/logout"><input type="hidden" name="csrf" value="${csrf}"><span>Signed in as ${name}</span> <button type="submit">Sign out</button></form></header>`;
}

/** One page of the inbox, as the desk lists it: sealed light records, where the next page starts, how many wait. */
export interface InboxListing {
  items: InboxSummary[];
  next?: InboxCursor | undefined;
  total: number;
  order: InboxQuery["order"];
  /** This page follows another (it has a cursor). */
  paged: boolean;
}

function what(s: InboxSummary): string {
  return `${s.calls === 1 ? "1 call" : `${s.calls} calls`}${s.repeatDial ? " (second call: repeat_dial)" : ""}`;
}

/** The waiting approvals, a page at a time, from their light records only (inbox-summary.ts). */
export function inboxPage(banner: Html, listing: InboxListing, now: number): { title: string; body: Html } {
  const { items, next, total, order, paged } = listing;
  const rows = items.map((s) => {
    const minutes = Math.max(0, Math.round((s.expiresAt - now) / 60_000));
    // The four facts first (glance.ts), then who asked, when, and when it runs out.
    return html`<tr><td>${s.numbers}<br><span class="muted">${what(s)} · ${s.countries}</span></td><td>${s.localTimes ?? "—"}</td><td>${s.agents}</td><td>${s.contacts ?? "—"}</td><td>${utc(s.createdAt)}</td><td>${s.by}</td><td>${s.client}</td><td>${minutes < 1 ? "under a minute" : `${minutes} min`}</td><td><a href="/approvals/${s.id}">Review<span class="sr-only"> ${what(s)} to ${s.numbers}</span></a></td></tr>\n`;
  });
  const other = order === "newest" ? "oldest" : "newest";
  const nav = html`<nav class="pages" aria-label="Pages of the inbox">${paged ? html`<a href="${inboxHref(order)}">First page</a> ` : ""}${
    next
      ? html`<a href="${inboxHref(order, next)}" rel="next">Next page (${order === "newest" ? "older" : "newer"})</a> `
      : ""
  }<a href="${inboxHref(other)}">${other === "oldest" ? "Oldest first" : "Newest first"}</a> <a href="/approvals/opt-outs">Numbers held for review</a></nav>
`;
  return {
    title: `Approvers' inbox (${total} waiting)`,
    body: html`${banner}<h1>Waiting for a decision</h1>
<p class="lead">Every call an assistant asks to place through this server waits here until an approver decides. ${total} ${total === 1 ? "is" : "are"} waiting, listed ${order} first, ${INBOX_PAGE_SIZE} a page. This list refreshes every 15 seconds.</p>
${nav}${
      items.length === 0
        ? html`<p class="card">${total === 0 ? "Nothing is waiting." : "Nothing more on this page."}</p>`
        : html`<div class="scroll"><table><thead><tr><th scope="col">Number</th><th scope="col">Local time there</th><th scope="col">Agent</th><th scope="col">Contact</th><th scope="col">Asked at</th><th scope="col">Asked by</th><th scope="col">Client</th><th scope="col">Expires in</th><th scope="col"><span class="sr-only">Open</span></th></tr></thead><tbody>
${rows}</tbody></table></div>`
    }`,
  };
}
