/**
 * The approval card's view, as script text: how a call or a batch reads to a
 * person. It is part of the card's one inline script (card-script.ts puts it
 * before the protocol part, in one function scope; the CSP allows the whole by
 * its hash). Every node is built with textContent: nothing from the service or
 * the model is parsed as HTML.
 *
 * What it shows first is what every channel shows first (src/approval/glance.ts):
 * the number with its country, the local time there, the agent, the contact.
 * Plain labels, the agent's name from the agent list with its id small beside
 * it, metadata as a small table of what is sent, the expiry in the viewer's own
 * time; a batch's summary and the buttons come before its rows, which are
 * folded away (and paged) behind a disclosure. Each row's law lines come last
 * (card-law-script.ts).
 */

/** A batch's rows are shown unfolded up to this many; more stay behind "Every row". */
export const CARD_ROWS_OPEN = 5;

export const CARD_VIEW_SCRIPT = String.raw`
function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}
function line(list, label, ...value) { list.append(el("dt", "", label), el("dd", "", ...value)); }
function muted(text) { return el("span", "muted", text); }
function code(text) { return el("code", "", text); }
const plural = (n, one, many) => (n === 1 ? one : many);
const distinct = (items) => [...new Set(items)];
// The first three of a batch's values, as the page and the inbox write them (src/approval/glance.ts).
const firstFew = (items, separator) => items.slice(0, 3).join(separator) + (items.length > 3 ? separator + "and " + (items.length - 3) + " more" : "");

/** When the approval runs out, in the viewer's own time zone and words, and how far off that is. */
function expiryText(iso) {
  const at = new Date(iso);
  const sameDay = at.toDateString() === new Date().toDateString();
  const when = at.toLocaleString(undefined, sameDay ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" });
  const minutes = Math.max(0, Math.round((at.getTime() - Date.now()) / 60000));
  return when + " your time (" + (minutes < 1 ? "in less than a minute" : "in " + minutes + plural(minutes, " minute", " minutes")) + ")";
}

/** The agent's name from the agent list, its id small beside it; the id alone when the list gave no name. */
function agentOf(a) {
  const name = a.name !== undefined ? a.name : a.agentName;
  const id = a.id !== undefined ? a.id : a.agentId;
  return name ? [name + " ", el("small", "muted", id)] : [code(id)];
}

/** Metadata as a small table: each key, and its value exactly as the JSON the service receives writes it. */
function metadataOf(row) {
  if (!row.metadata) return muted("(none)");
  const body = el("tbody");
  for (const [key, value] of Object.entries(row.metadata)) body.append(el("tr", "", el("th", "", code(key)), el("td", "", code(JSON.stringify(value)))));
  return el("table", "kv", body);
}

function secondCall(view) {
  if (!view.repeatDial) return null;
  const what = view.rows.length === 1 ? "this number was dialed" : "some of these numbers were dialed";
  return el("p", "second", el("strong", "", "Second call (repeat_dial): "), "the assistant says a second call is meant, even if " + what + " in the last minutes.");
}

function rowFields(row, full) {
  const list = el("dl");
  if (full) line(list, "Number", el("span", "big", row.international), el("br"), row.countryName + " (" + row.country + ")");
  else line(list, "Number", row.international + " · " + row.countryName + " (" + row.country + ")");
  line(list, "Local time there", row.localTime || "unknown");
  line(list, "Agent", ...agentOf(row));
  if (full || row.contactName !== undefined) line(list, "Contact", row.contactName !== undefined ? row.contactName : muted("(not given)"));
  line(list, "Dialed exactly as", code(row.e164));
  if (row.consent) line(list, "Consent", row.consent);
  if (full || row.companyName !== undefined) line(list, "Company", row.companyName !== undefined ? row.companyName : muted("(not given)"));
  if (full || row.metadata) line(list, "Metadata", metadataOf(row));
  lawOf(list, row);
  return list;
}

/** A batch's four facts: how many calls where, the local times, the agents, the contacts. */
function summary(view) {
  const totals = el("dl");
  line(totals, "Numbers", el("span", "big", view.rows.length + " calls"), el("br"), view.countries.map((c) => c.name + " (" + c.code + ") × " + c.count).join(", "));
  line(totals, "Local time there", firstFew(distinct(view.rows.map((r) => r.localTime || "unknown")), "; "));
  const agents = [];
  view.agents.forEach((a, i) => { if (i > 0) agents.push(", "); agents.push(...agentOf(a)); });
  line(totals, plural(view.agents.length, "Agent", "Agents"), ...agents);
  const contacts = distinct(view.rows.filter((r) => r.contactName !== undefined).map((r) => r.contactName));
  line(totals, "Contacts", contacts.length ? firstFew(contacts, ", ") : muted("(not given)"));
  return el("div", "box", totals);
}

/** Every row of a batch, a page at a time, behind a disclosure (open for a short batch, and once opened). */
let rowsOpen = false;
function everyRow(view) {
  const pages = Math.max(1, Math.ceil(view.rows.length / PER_PAGE));
  page = Math.min(Math.max(1, page), pages);
  const first = (page - 1) * PER_PAGE;
  const rows = view.rows.slice(first, first + PER_PAGE);
  const nav = () => {
    if (pages === 1) return null;
    const prev = el("button", "", "Previous rows");
    prev.type = "button";
    prev.disabled = page === 1;
    prev.addEventListener("click", () => { page -= 1; render(); focusRows(); });
    const next = el("button", "", "Next rows");
    next.type = "button";
    next.disabled = page === pages;
    next.addEventListener("click", () => { page += 1; render(); focusRows(); });
    return el("nav", "pages", prev, el("span", "", "Rows " + (first + 1) + "–" + (first + rows.length) + " of " + view.rows.length + " (page " + page + " of " + pages + ")"), next);
  };
  const list = el("ol", "rows");
  list.start = first + 1;
  list.id = "rows";
  list.tabIndex = -1;
  for (const row of rows) list.append(el("li", "box", rowFields(row, false)));
  const folded = el("details", "every", el("summary", "", "Every row (" + view.rows.length + ")"), nav(), list, nav());
  folded.open = rowsOpen || view.rows.length <= ROWS_OPEN;
  folded.addEventListener("toggle", () => { rowsOpen = folded.open; reportSize(); });
  return folded;
}
function focusRows() { const rows = document.getElementById("rows"); if (rows) rows.focus(); }

/** What the card shows of the request: one call's fields, or a batch's summary (its rows come after the buttons). */
function details(view) { return view.rows.length === 1 ? [el("div", "box", rowFields(view.rows[0], true))] : [summary(view)]; }
function rowsAfter(view) { return view.rows.length === 1 ? null : everyRow(view); }
function what(view) { return view.rows.length === 1 ? "this phone call" : "these " + view.rows.length + " phone calls"; }
`;
