/**
 * The approval card's script, as the text of its one inline <script> (allowed by
 * its hash in the card's CSP). It speaks MCP Apps over postMessage to the host
 * (ui/initialize, then the tool result, host theme changes, tools/call through
 * the host) and builds every node with textContent: nothing from the service
 * or the model is ever parsed as HTML. How a call or a batch reads to a person
 * is its view part (card-view-script.ts), which comes first in the same scope;
 * the law of the place and the attestation of consent are card-law-script.ts.
 */
import { AI_DISCLOSURE_REMINDER } from "../ai-disclosure.js";
import { CARD_META_KEY, DECIDE_TOOL } from "./apps-support.js";
import { CARD_LAW_SCRIPT } from "./card-law-script.js";
import { CARD_ROWS_OPEN, CARD_VIEW_SCRIPT } from "./card-view-script.js";

/** Rows of a batch per page of the card, as on the approval page. */
export const CARD_ROWS_PER_PAGE = 50;
/** How often the card reads a dialed call's status, and for how long at most. */
const STATUS_EVERY_MS = 3_000;
const STATUS_FOR_MS = 30 * 60_000;

const constants = {
  KEY: CARD_META_KEY,
  DECIDE: DECIDE_TOOL,
  PER_PAGE: CARD_ROWS_PER_PAGE,
  ROWS_OPEN: CARD_ROWS_OPEN,
  AI: AI_DISCLOSURE_REMINDER,
  EVERY: STATUS_EVERY_MS,
  FOR: STATUS_FOR_MS,
};

const body = String.raw`
"use strict";
const main = document.getElementById("card");
let nextId = 1;
const waiting = new Map();
let ticket = null;
let page = 1;
let busy = false;
let expiryTimer = 0;

function post(message) { window.parent.postMessage(message, "*"); }
function request(method, params) {
  const id = nextId++;
  post({ jsonrpc: "2.0", id, method, params });
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}
function notify(method, params) { post({ jsonrpc: "2.0", method, params }); }

function show(...nodes) {
  main.replaceChildren(...nodes.filter((n) => n !== null && n !== undefined && n !== false));
  reportSize();
}
function render() {
  const view = ticket.view;
  if (!ticket.secret) {
    show(el("h1", "", "Already waiting for your decision"), el("p", "lead", "This exact request is on an approval card shown earlier in this conversation; decide there. Nothing was dialed for this one."), ...details(view), secondCall(view), rowsAfter(view));
    return;
  }
  const expired = Date.parse(ticket.expires_at) <= Date.now();
  if (expired) { showOutcome("expired", "Expired", "This approval ran out of time; nothing was dialed. Ask the assistant again if the call is still wanted."); return; }
  const approve = el("button", "approve", "Approve");
  approve.type = "button";
  const decline = el("button", "decline", "Decline");
  decline.type = "button";
  approve.addEventListener("click", () => decide("approve"));
  decline.addEventListener("click", () => decide("decline"));
  const count = view.rows.length;
  // The four facts first (src/approval/glance.ts), then what the approval is, the buttons, and a batch's rows last.
  show(
    el("h1", "", "Approve " + what(view) + "?"),
    ...details(view),
    secondCall(view),
    el("p", "lead", (count === 1 ? "It reaches a real person and costs money." : "Each reaches a real person and costs money.") + " An AI assistant asked for it (tool ", code(view.tool), "). This approval works once, for exactly this request, until " + expiryText(ticket.expires_at) + "."),
    el("p", "muted", AI),
    count === 1 ? null : el("p", "muted", "Approve places all " + count + " calls, every row below."),
    attestBox(view),
    el("div", "actions", approve, decline),
    rowsAfter(view),
  );
}

function showOutcome(kind, title, text, extra) {
  clearTimeout(expiryTimer);
  const nodes = [el("h1", "", el("span", "status " + kind, title)), el("p", "lead", text)];
  if (ticket) nodes.push(...details(ticket.view), secondCall(ticket.view), rowsAfter(ticket.view));
  if (extra) nodes.splice(2, 0, extra);
  show(...nodes);
}

function textOf(result) {
  return (result && Array.isArray(result.content) ? result.content : []).filter((c) => c && c.type === "text").map((c) => String(c.text)).join("\n");
}

async function decide(decision) {
  const attested = busy || !ticket ? null : decision === "approve" ? attestedAnswer() : {};
  if (!attested) return;
  busy = true;
  for (const b of main.querySelectorAll("button")) b.disabled = true;
  const note = el("p", "muted", "Sending your decision…");
  main.append(note);
  let result;
  try {
    result = await request("tools/call", { name: DECIDE, arguments: { approval_id: ticket.approval_id, secret: ticket.secret, decision, attested, arguments: ticket.arguments || {} } });
  } catch (error) {
    showOutcome("refused", "Not sent", "The decision could not be delivered (" + String(error && error.message || error) + "). Nothing was dialed by it.");
    return;
  }
  const text = textOf(result);
  const sc = result && result.structuredContent;
  if (result && result.isError) { showOutcome("refused", "Refused", text); tellModel("The person's decision on the approval card was refused by the server: " + text); return; }
  if (sc && sc.outcome === "declined") { showOutcome("declined", "Declined", "Nothing was dialed."); tellModel("The person declined the " + ticket.tool + " on the approval card; nothing was dialed."); return; }
  const placed = sc && sc.result || {};
  const callId = placed.call && typeof placed.call.id === "string" ? placed.call.id : null;
  const status = el("p", "", "");
  status.setAttribute("role", "status");
  const facts = el("dl");
  if (callId) line(facts, "Call id", code(callId));
  if (typeof placed.batch_id === "string") line(facts, "Batch id", code(placed.batch_id));
  const placedText = callId ? "The call was placed." : "The batch was submitted" + (typeof placed.count === "number" ? " (" + placed.count + " calls)." : ".");
  showOutcome("dialed", callId ? "Approved: call placed" : "Approved: submitted", placedText, el("div", "box", facts, callId ? status : null));
  tellModel("The person approved the " + ticket.tool + " on the approval card. " + text);
  if (callId) follow(callId, status, placed.call.status);
}

function tellModel(text) {
  request("ui/update-model-context", { content: [{ type: "text", text }] }).catch(() => undefined);
}

async function follow(callId, node, first) {
  const started = Date.now();
  let last = first || "";
  node.replaceChildren("Status: " + (last || "placed"));
  while (Date.now() - started < FOR) {
    await new Promise((r) => setTimeout(r, EVERY));
    let result;
    try { result = await request("tools/call", { name: "get_call", arguments: { call_id: callId } }); } catch { continue; }
    const sc = result && result.structuredContent;
    if (!sc || !sc.call) continue;
    const status = typeof sc.call.status === "string" ? sc.call.status : "unknown";
    const outcome = typeof sc.call.outcome === "string" ? " · outcome: " + sc.call.outcome : "";
    if (status + outcome !== last) { last = status + outcome; node.replaceChildren("Status: " + status + outcome + (sc.final ? " (final)" : "")); reportSize(); }
    if (sc.final) return;
  }
}

/** ChatGPT's own bridge gives the result's _meta as window.openai.toolResponseMetadata (reported missing from its MCP Apps notification). */
function hostMeta() {
  const openai = window.openai;
  const meta = openai && typeof openai === "object" ? openai.toolResponseMetadata : null;
  return meta && typeof meta === "object" ? meta[KEY] : undefined;
}

function onResult(result) {
  const t = (result && result._meta && result._meta[KEY]) || hostMeta();
  if (!t || typeof t !== "object" || !t.view || !Array.isArray(t.view.rows)) {
    ticket = null;
    const text = textOf(result);
    const lost = result && result.isError && text.indexOf("approval card") !== -1;
    show(
      el("h1", "", el("span", "status " + (result && result.isError ? "refused" : "dialed"), result && result.isError ? "Nothing to approve here" : "Done")),
      lost ? el("p", "lead", "This host did not give the card the approval it needs (the tool result's _meta), so nothing can be approved here and nothing will be dialed from this card.") : null,
      el("p", lost ? "muted" : "lead", text || "No approval was asked for."),
    );
    return;
  }
  ticket = t;
  page = 1;
  rowsOpen = false;
  render();
  const left = Date.parse(ticket.expires_at) - Date.now();
  if (ticket.secret && left > 0) expiryTimer = setTimeout(() => { if (!busy) render(); }, Math.min(left + 250, 2147483000));
}

function applyContext(context) {
  if (!context || typeof context !== "object") return;
  const root = document.documentElement;
  if (context.theme === "light" || context.theme === "dark") root.dataset.theme = context.theme;
  const vars = context.styles && context.styles.variables;
  if (vars && typeof vars === "object") {
    for (const [name, value] of Object.entries(vars)) if (/^--[a-z0-9-]+$/.test(name) && typeof value === "string") root.style.setProperty(name, value);
  }
}

let lastSize = "";
function reportSize() {
  const width = Math.ceil(document.documentElement.scrollWidth);
  // The body's own height: the document's scrollHeight never shrinks below the frame the host gave it.
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  if (width + "x" + height === lastSize) return;
  lastSize = width + "x" + height;
  notify("ui/notifications/size-changed", { width, height });
}

window.addEventListener("message", (event) => {
  if (event.source !== window.parent) return;
  const m = event.data;
  if (!m || typeof m !== "object" || m.jsonrpc !== "2.0") return;
  if (m.method === undefined && m.id !== undefined) {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.reject(new Error(String(m.error.message || "error"))); else w.resolve(m.result);
    return;
  }
  switch (m.method) {
    case "ui/notifications/tool-result": onResult(m.params); break;
    case "ui/notifications/host-context-changed": applyContext(m.params); break;
    case "ui/notifications/tool-cancelled": if (!ticket) show(el("h1", "", "Cancelled"), el("p", "lead", "The call was cancelled before anything was asked; nothing was dialed.")); break;
    case "ui/resource-teardown": case "ping": if (m.id !== undefined) post({ jsonrpc: "2.0", id: m.id, result: {} }); break;
    default: if (m.id !== undefined && m.method) post({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "Method not found" } });
  }
});

if (typeof ResizeObserver === "function") new ResizeObserver(reportSize).observe(document.documentElement);
request("ui/initialize", { appInfo: { name: "outbound-calls approval card", version: "1.0.0" }, appCapabilities: {}, protocolVersion: "2026-01-26" })
  .then((result) => { applyContext(result && result.hostContext); notify("ui/notifications/initialized", {}); reportSize(); })
  .catch(() => show(el("h1", "", "Cannot reach the host"), el("p", "lead", "This card could not start; nothing will be dialed from it.")));
`;

/** The script's text: the constants it needs, then its body, in one function scope. */
export const CARD_SCRIPT = `(() => {\nconst { KEY, DECIDE, PER_PAGE, ROWS_OPEN, AI, EVERY, FOR } = ${JSON.stringify(constants)};\n${CARD_VIEW_SCRIPT}\n${CARD_LAW_SCRIPT}\n${body}\n})();`;
