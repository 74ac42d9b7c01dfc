/**
 * The hosted inbox's own pages: the approver's login, the banner with who is
 * signed in (and a sign-out button), and the list of approvals waiting for a
 * decision across every client of this server.
 */
import type { ApprovalRecord } from "../../state/store.js";
import { storedView } from "../desk.js";
import { html, type Html } from "./html.js";

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

/** The line above every signed-in page: who, the inbox, and sign out (a CSRF-protected post). */
export function signedInBanner(name: string, csrf: string): Html {
  return html`<header class="top"><span>outbound-calls-mcp · <a href="/approvals">approvers' inbox</a></span><form method="post" action="/approvals/logout"><input type="hidden" name="csrf" value="${csrf}"><span>Signed in as ${name}</span> <button type="submit">Sign out</button></form></header>`;
}

/** Who asked: the person's name and subject with OAuth; with a shared token the server cannot know. */
export function askedBy(requestedBy: { sub: string; name?: string } | undefined): string {
  if (!requestedBy) return "a client (no sign-in)";
  return requestedBy.name ? `${requestedBy.name} (${requestedBy.sub})` : requestedBy.sub;
}

function summary(record: ApprovalRecord): { what: string; numbers: string; countries: string; agents: string; by: string } {
  const view = storedView(record);
  if (!view) return { what: record.tool, numbers: "?", countries: "?", agents: "?", by: "?" };
  const n = view.rows.length;
  const numbers = view.rows.slice(0, 3).map((r) => r.international).join(", ") + (n > 3 ? `, and ${n - 3} more` : "");
  return {
    what: `${n === 1 ? "1 call" : `${n} calls`}${view.repeatDial ? " (second call: repeat_dial)" : ""}`,
    numbers,
    countries: view.countries.map((c) => `${c.name} ×${c.count}`).join(", "),
    agents: view.agents.map((a) => a.name ?? a.id).join(", "),
    by: askedBy(view.requestedBy),
  };
}

/** `more`: more are waiting than `pending` lists (the newest); the page must not pass the list for all of them. */
export function inboxPage(banner: Html, pending: ApprovalRecord[], now: number, more = false): { title: string; body: Html } {
  const rows = pending.map((record) => {
    const s = summary(record);
    const minutes = Math.max(0, Math.round((record.expiresAt - now) / 60_000));
    return html`<tr><td>${utc(record.createdAt)}</td><td>${s.by}</td><td>${s.what}</td><td>${s.numbers}</td><td>${s.countries}</td><td>${s.agents}</td><td>${minutes < 1 ? "under a minute" : `${minutes} min`}</td><td><a href="/approvals/${record.id}">Review<span class="sr-only"> ${s.what} to ${s.numbers}</span></a></td></tr>\n`;
  });
  return {
    title: `Approvers' inbox (${more ? `more than ${pending.length}` : pending.length} waiting)`,
    body: html`${banner}<h1>Waiting for a decision</h1>
<p class="lead">Every call an assistant asks to place through this server waits here until an approver decides. This list refreshes every 15 seconds.</p>
${more ? html`<p class="card">More than ${pending.length} calls are waiting: only the ${pending.length} newest are listed. Older ones appear as these are decided or expire.</p>
` : ""}${
  pending.length === 0
    ? html`<p class="card">Nothing is waiting.</p>`
    : html`<div class="scroll"><table><thead><tr><th scope="col">Asked at</th><th scope="col">Asked by</th><th scope="col">What</th><th scope="col">Numbers</th><th scope="col">Countries</th><th scope="col">Agents</th><th scope="col">Expires in</th><th scope="col"><span class="sr-only">Open</span></th></tr></thead><tbody>
${rows}</tbody></table></div>`
}`,
  };
}
