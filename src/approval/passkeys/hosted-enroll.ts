/**
 * Hosted enrollment, on the --http server itself under the inbox's path:
 *   GET  /approvals/passkeys/enroll/<ticket>   the page (opened by the link
 *        `outbound-calls-mcp passkeys enroll --name <person>` printed, whose
 *        fragment holds the grant's secret)
 *   POST /approvals/passkeys/enroll/<ticket>   the new passkey and the secret
 * The relying party is OUTBOUND_CALLS_PUBLIC_URL: the new passkey must be made
 * on exactly its origin, for its host. The grant (grants.ts) is sealed, in the
 * shared shelf (any replica serves it) and taken once, after the passkey
 * checked out and before it is kept: a second use of the link enrolls nothing.
 *   GET  /approvals/passkeys/add               a person's next passkey (a backup
 *   POST /approvals/passkeys/add               key, a new phone), vouched for by
 *        one of their enrolled passkeys for this host, for an approver signed
 *        in to the inbox (hosted.ts): no link needed, and the new passkey takes
 *        the name of the one that vouched.
 * The Host/Origin checks of the inbox run before this (hosted.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { html, sendPage } from "../page/html.js";
import { readForm } from "../page/forms.js";
import { passkeyPageHeaders, passkeyFields } from "./browser.js";
import type { PasskeyGate } from "./gate.js";
import { newId } from "../secrets.js";

export const HOSTED_ENROLL_PREFIX = "/passkeys/enroll/";
export const HOSTED_ADD_PATH = "/passkeys/add";

const BANNER = html`<header class="top"><span>outbound-calls-mcp · passkey enrollment</span></header>`;
/** How long the page's prompt (its challenge) stays good, within the grant's own time. */
const PAGE_MS = 10 * 60_000;

export interface HostedEnrollOptions {
  gate: PasskeyGate;
  /** Where the inbox is (for the page's way back). */
  inboxPath: string;
  log: (line: string) => void;
}

/** Serves `rest` (the path under /approvals: a one-time link under HOSTED_ENROLL_PREFIX, or HOSTED_ADD_PATH). */
export async function serveHostedEnroll(
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  options: HostedEnrollOptions,
): Promise<void> {
  const { gate, log } = options;
  const party = gate.publicParty;
  const ticket = rest.slice(HOSTED_ENROLL_PREFIX.length);
  if (party && rest === HOSTED_ADD_PATH) return serveVouchedAdd(req, res, options, party);
  if (!party) {
    return sendPage(
      res,
      404,
      "Not available",
      html`${BANNER}<h1>Passkeys are enrolled on this server only with OUTBOUND_CALLS_PUBLIC_URL</h1><p class="lead">Set it to the https:// address approvers open, then run <code>outbound-calls-mcp passkeys enroll --name &lt;person&gt;</code> again.</p>`,
    );
  }
  const grant = await gate.grants.read(ticket);
  const invalid = () =>
    sendPage(
      res,
      404,
      "Link not valid",
      html`${BANNER}<h1><span class="status invalid">This enrollment link is not valid</span></h1><p class="lead">It works once and expires. Ask the operator for a new one (<code>outbound-calls-mcp passkeys enroll --name &lt;your name&gt;</code>).</p>`,
    );
  // A link made before its person was removed (`passkeys remove <name>`) is dead, like a used one.
  if (!grant || (await gate.registry.removedSince(grant.name, grant.issuedAt))) return invalid();

  if (req.method === "POST") {
    const form = await readForm(req);
    if (!form || form.get("decision") !== "enroll")
      return sendPage(res, 400, "Bad request", html`${BANNER}<h1>Nothing was enrolled</h1><p>Use the button.</p>`);
    if (!gate.grants.opens(grant, form.get("grant"))) {
      log(
        `outbound-calls-mcp: passkey enrollment for ${grant.name} refused: the link's secret did not come with the form`,
      );
      return refuse(
        res,
        "the link's secret did not come with the form: open the whole link, as it was given, including the part after #",
      );
    }
    // Made on exactly the public origin, so the passkey is for its host: the one Approve will later ask for.
    const made = await gate.enroll(
      form.get("created"),
      ticket,
      grant.name,
      (origin) => origin === party.origin,
      () => gate.grants.take(ticket),
      grant.issuedAt,
    );
    if (!made.ok) {
      log(`outbound-calls-mcp: passkey enrollment for ${grant.name} refused: ${made.why}`);
      return refuse(res, made.why);
    }
    log(
      `outbound-calls-mcp: passkeys: enrolled a passkey for ${made.passkey.name} (id ${made.passkey.id.slice(0, 24)}, for ${made.passkey.rpId}) through a one-time link`,
    );
    return sendPage(
      res,
      200,
      "Passkey enrolled",
      html`${BANNER}<h1><span class="status approved">Passkey enrolled</span> for ${made.passkey.name}</h1><p class="lead">From now on Approve in the <a href="${options.inboxPath}">inbox</a> asks for it. This link no longer works.</p>`,
    );
  }
  if (req.method !== "GET" && req.method !== "HEAD")
    return sendPage(res, 405, "Method not allowed", html`<h1>Method not allowed</h1>`, { allow: "GET, POST" });
  const prompt = passkeyFields({
    button: "enroll",
    create: await gate.creationOptions(ticket, grant.name, party.rpId, Math.min(grant.expiresAt, Date.now() + PAGE_MS)),
    fragment: "grant",
  });
  sendPage(
    res,
    200,
    "Enroll a passkey",
    html`${BANNER}<h1>Enroll a passkey for ${grant.name}</h1><p class="lead">With OUTBOUND_CALLS_APPROVAL_PASSKEY=required, Approve in the inbox at ${party.origin} asks for this passkey and for your PIN, fingerprint or face. This link works once.</p><form method="post" action="${options.inboxPath}${HOSTED_ENROLL_PREFIX}${ticket}" class="actions"><button type="submit" name="decision" value="enroll" class="approve">Create passkey</button>${prompt}</form>`,
    passkeyPageHeaders(),
  );
}

/** The next passkey of a person, vouched for by one of theirs already enrolled for this host. */
async function serveVouchedAdd(
  req: IncomingMessage,
  res: ServerResponse,
  options: HostedEnrollOptions,
  party: { origin: string; rpId: string },
): Promise<void> {
  const { gate, log } = options;
  const onHost = (await gate.registry.list()).filter((p) => p.rpId === party.rpId);
  if (onHost.length === 0) {
    return sendPage(
      res,
      404,
      "No passkey yet",
      html`${BANNER}<h1>No passkey is enrolled for ${party.rpId} yet</h1><p class="lead">Your first passkey comes with a one-time link from the operator (<code>outbound-calls-mcp passkeys enroll --name &lt;your name&gt;</code>).</p>`,
    );
  }
  const fromHere = (origin: string) => origin === party.origin;
  if (req.method === "POST") {
    // A removal of the vouching person while this runs wins over the passkey it vouches for.
    const since = Date.now();
    const form = await readForm(req);
    const ticket = form?.get("ticket") ?? "";
    if (!form || form.get("decision") !== "enroll" || !/^[A-Za-z0-9_-]{22}$/.test(ticket)) {
      return sendPage(res, 400, "Bad request", html`${BANNER}<h1>Nothing was enrolled</h1><p>Use the button.</p>`);
    }
    const vouched = await gate.verify(form.get("passkey"), "enroll-auth", ticket, fromHere);
    if (!vouched.ok) {
      log(`outbound-calls-mcp: passkeys: a passkey added without a vouching one was refused: ${vouched.why}`);
      return refuse(res, `one of your enrolled passkeys must vouch for the new one: ${vouched.why}`);
    }
    const made = await gate.enroll(form.get("created"), ticket, vouched.passkey.name, fromHere, undefined, since);
    if (!made.ok) return refuse(res, made.why);
    log(
      `outbound-calls-mcp: passkeys: enrolled a passkey for ${made.passkey.name} (id ${made.passkey.id.slice(0, 24)}, for ${made.passkey.rpId}), vouched for by passkey ${vouched.passkey.id.slice(0, 24)}`,
    );
    return sendPage(
      res,
      200,
      "Passkey enrolled",
      html`${BANNER}<h1><span class="status approved">Passkey enrolled</span> for ${made.passkey.name}</h1><p class="lead">Either passkey now approves in the <a href="${options.inboxPath}">inbox</a>.</p>`,
    );
  }
  if (req.method !== "GET" && req.method !== "HEAD")
    return sendPage(res, 405, "Method not allowed", html`<h1>Method not allowed</h1>`, { allow: "GET, POST" });
  const ticket = newId();
  const expiresAt = Date.now() + PAGE_MS;
  const get = await gate.requestOptions("enroll-auth", ticket, expiresAt);
  // Only the passkeys of this host can vouch here (the browser is offered no other).
  get.allowCredentials = onHost.map((p) => ({ id: p.id, type: "public-key", transports: p.transports }));
  const prompt = passkeyFields({
    button: "enroll",
    get,
    create: await gate.creationOptions(ticket, "outbound-calls-mcp approver", party.rpId, expiresAt),
  });
  sendPage(
    res,
    200,
    "Add a passkey",
    html`${BANNER}<h1>Add a passkey</h1><p class="lead">Your browser first asks for one of your enrolled passkeys, then makes the new one (a security key, another device). The new one is enrolled under the same name.</p><form method="post" action="${options.inboxPath}${HOSTED_ADD_PATH}" class="actions"><input type="hidden" name="ticket" value="${ticket}"><button type="submit" name="decision" value="enroll" class="approve">Add passkey</button>${prompt}</form>`,
    passkeyPageHeaders(),
  );
}

function refuse(res: ServerResponse, why: string): void {
  sendPage(
    res,
    403,
    "Not enrolled",
    html`${BANNER}<h1><span class="status invalid">No passkey was enrolled</span></h1><p class="lead">${why}.</p>`,
  );
}
