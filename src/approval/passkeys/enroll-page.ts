/**
 * The one-time enrollment page of `outbound-calls-mcp passkeys enroll`: a small
 * HTTP server on 127.0.0.1, reached as http://localhost:<port> (an IP address
 * cannot be a WebAuthn relying party, so the passkey is made for `localhost`),
 * with one link whose secret is the capability. The link is handed to the
 * browser the way approval links are (launch-file.ts: never on a command line).
 * When passkeys are enrolled already, the page first asks for one of them: a
 * program that runs the command cannot add a passkey of its own without the
 * person's. The page serves one enrollment, then closes.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { makeHostCheck, type HostCheck } from "../../web/host-check.js";
import { html, sendPage } from "../page/html.js";
import { readForm, refusedRequest } from "../page/forms.js";
import { newId, newSecret, secretMatches, hashSecret } from "../secrets.js";
import { passkeyPageHeaders, passkeyFields } from "./browser.js";
import type { PasskeyGate } from "./gate.js";
import type { Passkey } from "./registry.js";

const BANNER = html`<header class="top"><span>outbound-calls-mcp · passkey enrollment on this computer</span></header>`;

export interface EnrollPage {
  /** The link with its secret: for the person's browser only. */
  readonly link: string;
  /** Settles with the passkey enrolled, or rejects when the page closes unused. */
  readonly enrolled: Promise<Passkey>;
  close(): Promise<void>;
}

export async function openEnrollPage(
  gate: PasskeyGate,
  name: string,
  ttlMs: number,
  log: (line: string) => void,
): Promise<EnrollPage> {
  const { createServer } = await import("node:http");
  const ticket = newId();
  const secret = newSecret();
  const secretHash = hashSecret(secret);
  const openedAt = Date.now();
  const expiresAt = openedAt + ttlMs;
  let done = false;
  let settle: { resolve: (p: Passkey) => void; reject: (e: Error) => void } = {
    resolve: () => undefined,
    reject: () => undefined,
  };
  const enrolled = new Promise<Passkey>((resolve, reject) => (settle = { resolve, reject }));
  enrolled.catch(() => undefined);

  let origin = "";
  let hostCheck: HostCheck = () => "not started";
  const server: Server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`outbound-calls-mcp: passkey enrollment page: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent)
        sendPage(res, 500, "Error", html`${BANNER}<h1>Something went wrong</h1><p>No passkey was enrolled.</p>`);
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = refusedRequest(req, hostCheck);
    if (refused)
      return sendPage(res, 403, "Forbidden", html`<h1>Forbidden</h1><p>${refused}.</p>`, { connection: "close" });
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const given = /^\/enroll\/([A-Za-z0-9_-]{43})$/.exec(path)?.[1];
    if (!given || !secretMatches(given, secretHash) || done || Date.now() >= expiresAt) {
      return sendPage(
        res,
        404,
        "Link not valid",
        html`${BANNER}<h1><span class="status invalid">This enrollment link is not valid</span></h1><p class="lead">It works once, for a few minutes. Run <code>outbound-calls-mcp passkeys enroll</code> again.</p>`,
      );
    }
    const existing = (await gate.registry.list()).length;
    if (req.method === "POST") {
      const form = await readForm(req);
      if (!form || form.get("decision") !== "enroll")
        return sendPage(res, 400, "Bad request", html`${BANNER}<h1>Nothing was enrolled</h1><p>Use the button.</p>`);
      const originOk = (o: string) => o === origin;
      if (existing > 0) {
        const vouched = await gate.verify(form.get("passkey"), "enroll-auth", ticket, originOk);
        if (!vouched.ok) return refuse(res, `an enrolled passkey must vouch for a new one: ${vouched.why}`);
      }
      const made = await gate.enroll(form.get("created"), ticket, name, originOk, undefined, openedAt);
      if (!made.ok) return refuse(res, made.why);
      done = true;
      settle.resolve(made.passkey);
      return sendPage(
        res,
        200,
        "Passkey enrolled",
        html`${BANNER}<h1><span class="status approved">Passkey enrolled</span> for ${name}</h1><p class="lead">From now on Approve asks for it. You can close this tab.</p>`,
      );
    }
    if (req.method !== "GET" && req.method !== "HEAD")
      return sendPage(res, 405, "Method not allowed", html`<h1>Method not allowed</h1>`, { allow: "GET, POST" });
    const rpId = new URL(origin).hostname;
    const prompt = passkeyFields({
      button: "enroll",
      ...(existing > 0 ? { get: await gate.requestOptions("enroll-auth", ticket, expiresAt) } : {}),
      create: await gate.creationOptions(ticket, name, rpId, expiresAt),
    });
    const vouch =
      existing > 0
        ? html`<p>${existing === 1 ? "A passkey is" : `${existing} passkeys are`} enrolled already: your browser first asks for one of them, then makes the new one.</p>`
        : "";
    sendPage(
      res,
      200,
      "Enroll a passkey",
      html`${BANNER}<h1>Enroll a passkey for ${name}</h1><p class="lead">With OUTBOUND_CALLS_APPROVAL_PASSKEY=required, Approve on the approval page and in the inbox asks for this passkey and for your PIN, fingerprint or face. A program on this computer cannot answer it for you.</p>${vouch}<form method="post" action="${path}" class="actions"><button type="submit" name="decision" value="enroll" class="approve">Create passkey</button>${prompt}</form>`,
      passkeyPageHeaders(),
    );
  }

  function refuse(res: ServerResponse, why: string): void {
    log(`outbound-calls-mcp: passkey enrollment refused: ${why}`);
    sendPage(
      res,
      403,
      "Not enrolled",
      html`${BANNER}<h1><span class="status invalid">No passkey was enrolled</span></h1><p class="lead">${why}.</p>`,
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  hostCheck = makeHostCheck({ bindHost: "127.0.0.1", port, extraHosts: [], extraOrigins: [] });
  origin = `http://localhost:${port}`;
  const timer = setTimeout(() => void page.close(), ttlMs);
  timer.unref();
  const page: EnrollPage = {
    link: `${origin}/enroll/${secret}`,
    enrolled,
    async close() {
      clearTimeout(timer);
      settle.reject(new Error("the enrollment page closed before a passkey was made"));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return page;
}
