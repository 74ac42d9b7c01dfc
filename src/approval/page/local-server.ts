/**
 * The approval page over stdio: a small HTTP server on 127.0.0.1 (an ephemeral
 * port), started the first time a person must be asked and closed with the MCP
 * server. Its only pages are approval links, /a/<id>/<secret>: the secret is the
 * capability (256 random bits, stored as a hash), valid for one decision of one
 * approval. Any wrong id or secret gets the same "not valid" page.
 */
import { ATTEST_MISSING, postedAttestation } from "./attest-fields.js";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { makeHostCheck, type HostCheck } from "../../web/host-check.js";
import type { ApprovalDesk } from "../desk.js";
import { storedView } from "../desk.js";
import { approvalPage, invalidPage } from "./approval-view.js";
import { pageParam, readForm, refusedRequest } from "./forms.js";
import { html, redirect, sendPage } from "./html.js";
import type { PasskeyGate } from "../passkeys/gate.js";
import { approvePrompt, checkApprove, passkeyPageHeaders, passkeyRefusedPage } from "../passkeys/approve.js";

/** Who decided, in the audit log, for a decision taken on this machine's page. */
export const LOCAL_APPROVER = "local browser";

const LINK = /^\/a\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,128})$/;
const BANNER = html`<header class="top"><span>outbound-calls-mcp · approval on this computer</span></header>`;

export class LocalPageServer {
  private started: Promise<{ server: Server; origin: string; hostCheck: HostCheck }> | undefined;
  private closed = false;

  /**
   * `passkeys`: Approve needs one (OUTBOUND_CALLS_APPROVAL_PASSKEY=required). The links then name `localhost`, not
   * 127.0.0.1: an IP address cannot be a WebAuthn relying party.
   */
  constructor(
    private readonly desk: ApprovalDesk,
    private readonly log: (line: string) => void,
    private readonly passkeys?: PasskeyGate,
  ) {}

  /** The link that opens this approval (starting the server on first use). Contains the secret: for the person only. */
  async link(id: string, secret: string): Promise<string> {
    const { origin } = await this.start();
    return `${origin}/a/${id}/${secret}`;
  }

  async close(): Promise<void> {
    this.closed = true;
    const started = await this.started?.catch(() => undefined);
    if (!started) return;
    await new Promise<void>((resolve) => {
      started.server.close(() => resolve());
      started.server.closeAllConnections();
    });
  }

  private start(): Promise<{ server: Server; origin: string; hostCheck: HostCheck }> {
    if (this.closed) return Promise.reject(new Error("the approval page is closed"));
    return (this.started ??= this.listen());
  }

  private async listen(): Promise<{ server: Server; origin: string; hostCheck: HostCheck }> {
    // node:http is imported here, not at the top: an ES import of it reads every export, and its lazy WebSocket
    // getter loads Node's own undici (about 20 ms of every start-up, docs/performance.md). Most sessions ask nobody.
    const { createServer } = await import("node:http");
    return new Promise((resolve, reject) => {
      const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, (req, res) => {
        this.handle(req, res, hostCheck, origin).catch((error: unknown) => {
          this.log(`outbound-calls-mcp: approval page: ${error instanceof Error ? error.message : String(error)}`);
          if (!res.headersSent)
            sendPage(res, 500, "Error", html`<h1>Something went wrong</h1><p>Nothing was decided.</p>`);
          else res.destroy();
        });
      });
      let hostCheck: HostCheck = () => "not started";
      let origin = "";
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        server.off("error", reject);
        // A stray connection must not keep the process alive after the MCP server closed.
        server.unref();
        const port = (server.address() as AddressInfo).port;
        hostCheck = makeHostCheck({ bindHost: "127.0.0.1", port, extraHosts: [], extraOrigins: [] });
        origin = `http://${this.passkeys ? "localhost" : "127.0.0.1"}:${port}`;
        resolve({ server, origin, hostCheck });
      });
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse, hostCheck: HostCheck, origin: string): Promise<void> {
    const refused = refusedRequest(req, hostCheck);
    if (refused)
      return sendPage(res, 403, "Forbidden", html`<h1>Forbidden</h1><p>${refused}.</p>`, { connection: "close" });
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const match = LINK.exec(url.pathname);
    const record = match ? await this.desk.withSecret(match[1]!, match[2]!) : undefined;
    const view = record ? storedView(record) : undefined;
    if (!match || !record || !view) {
      const page = invalidPage(BANNER);
      return sendPage(res, 404, page.title, page.body, req.method === "POST" ? { connection: "close" } : {});
    }
    const path = url.pathname;
    if (req.method === "POST") {
      const form = await readForm(req);
      const decision = form?.get("decision");
      if (decision !== "approve" && decision !== "decline") {
        return sendPage(
          res,
          400,
          "Bad request",
          html`${BANNER}<h1>Nothing was decided</h1><p>Use the Approve or Decline button.</p>`,
        );
      }
      const attestation =
        decision === "approve" ? postedAttestation(view, form!) : { ok: true as const, attested: undefined };
      if (!attestation.ok)
        return sendPage(res, 400, "Bad request", html`${BANNER}<h1>Nothing was decided</h1><p>${ATTEST_MISSING}.</p>`);
      let by = LOCAL_APPROVER;
      if (decision === "approve" && this.passkeys && this.desk.statusOf(record) === "pending") {
        // The passkey's answer must have been made on this very page (its origin), for this approval.
        const checked = await checkApprove(this.passkeys, form!, record.id, (o) => o === origin);
        if (!checked.ok) {
          this.log(`outbound-calls-mcp: approval page: Approve of ${record.id} refused: ${checked.why}`);
          const page = passkeyRefusedPage(checked.why, BANNER, path);
          return sendPage(res, 403, page.title, page.body);
        }
        by = `${LOCAL_APPROVER}, passkey ${checked.passkey.name}`;
      }
      // False when it was decided already, used or expired: the page then says which.
      await this.desk.decide(record.id, decision === "approve" ? "approved" : "declined", by, attestation.attested);
      return redirect(res, path);
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      return sendPage(res, 405, "Method not allowed", html`<h1>Method not allowed</h1>`, { allow: "GET, POST" });
    }
    const status = this.desk.statusOf(record);
    const extra =
      status === "pending" && this.passkeys
        ? await approvePrompt(this.passkeys, record.id, record.expiresAt)
        : undefined;
    const page = approvalPage({
      view,
      status,
      createdAt: record.createdAt,
      expiresAt: record.expiresAt,
      now: this.desk.now(),
      decidedBy: record.decidedBy,
      page: pageParam(url),
      pageHref: (n) => `${path}?page=${n}#rows`,
      form: status === "pending" ? { action: path, hidden: {}, extra } : undefined,
      banner: BANNER,
    });
    sendPage(res, 200, page.title, page.body, extra ? passkeyPageHeaders() : {});
  }
}
