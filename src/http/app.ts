/**
 * The request listener of `--http`: routes, then the checks in the order that
 * reveals least: DNS-rebinding (Host/Origin), bearer token, method, and only
 * then the MCP endpoint. Counts requests in flight so a shutdown can wait for
 * them.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthenticatedCaller, Authenticate } from "./auth.js";
import type { HostCheck } from "../web/host-check.js";
import { sendJson, sendRpcError } from "./responses.js";

export interface HttpAppOptions {
  hostCheck: HostCheck;
  /** The shared token or OAuth (auth.ts); undefined: neither configured (loopback only). */
  auth: Authenticate | undefined;
  /** `caller` is the person an identity provider vouched for (OAuth), undefined in the other modes. */
  mcpPost: (req: IncomingMessage, res: ServerResponse, caller?: AuthenticatedCaller) => Promise<void>;
  /** OAuth's protected resource metadata (RFC 9728): public, at these paths. */
  resourceMetadata?: { paths: readonly string[]; document: Record<string, unknown> } | undefined;
  /** The approvers' pages under /approvals (OUTBOUND_CALLS_APPROVER_TOKEN); undefined: none. They do their own checks. */
  approvals?: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  log: (line: string) => void;
  /** Called when a request ends while draining, so idle keep-alive sockets can be closed. */
  onRequestEndWhileDraining?: () => void;
}

export const MCP_PATH = "/mcp";
export const HEALTH_PATH = "/healthz";
export const APPROVALS_PATH = "/approvals";

export class HttpApp {
  private inFlight = 0;
  private draining = false;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: HttpAppOptions) {}

  get requestsInFlight(): number {
    return this.inFlight;
  }

  readonly listener = (req: IncomingMessage, res: ServerResponse): void => {
    this.inFlight++;
    res.once("close", () => {
      this.inFlight--;
      if (!this.draining) return;
      this.options.onRequestEndWhileDraining?.();
      if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    });
    if (this.draining) res.setHeader("connection", "close");
    this.route(req, res).catch((error: unknown) => {
      this.options.log(
        `http: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) sendRpcError(res, 500, -32603, "Internal error of the MCP server");
      else res.destroy();
    });
  };

  /** From now on: health says "stopping", new MCP requests get 503, answers close their connection. */
  startDraining(): void {
    this.draining = true;
  }

  /** Resolves true once no request is in flight, false if `ms` passed first. */
  waitIdle(ms: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0];
    if (path === HEALTH_PATH) return this.health(req, res);
    if (this.options.resourceMetadata?.paths.includes(path ?? "")) return this.resourceMetadata(req, res);
    if (this.options.approvals && (path === APPROVALS_PATH || path?.startsWith(`${APPROVALS_PATH}/`)))
      return this.options.approvals(req, res);
    if (path !== MCP_PATH) return sendJson(res, 404, { error: "not found" });

    // A refusal before the body is read closes the connection rather than reading a body nobody wants.
    const unread: Record<string, string> = req.complete ? {} : { connection: "close" };
    const refused = this.options.hostCheck(req.headers.host, req.headers.origin);
    if (refused) return sendRpcError(res, 403, -32000, `Forbidden: ${refused}`, unread);

    let caller: AuthenticatedCaller | undefined;
    if (this.options.auth) {
      const outcome = await this.options.auth(req.headers.authorization);
      if (!outcome.ok)
        return sendRpcError(res, outcome.status, outcome.status === 401 ? -32001 : -32000, outcome.message, {
          ...unread,
          ...outcome.headers,
        });
      caller = outcome.caller;
    }

    if (this.draining) {
      return sendRpcError(
        res,
        503,
        -32000,
        "Service unavailable: the server is shutting down; retry on another replica",
        { ...unread, "retry-after": "1" },
      );
    }
    if (req.method !== "POST") {
      // Stateless: no session to stream to (GET) or to end (DELETE).
      return sendRpcError(
        res,
        405,
        -32000,
        "Method not allowed: this server is stateless and takes JSON-RPC by POST only",
        { ...unread, allow: "POST" },
      );
    }
    await this.options.mcpPost(req, res, caller);
  }

  /** Public, so any client (a browser-based one too) can find where to get a token. */
  private resourceMetadata(req: IncomingMessage, res: ServerResponse): void {
    const refused = this.options.hostCheck(req.headers.host, undefined);
    if (refused) return sendJson(res, 403, { error: `forbidden: ${refused}` });
    if (req.method !== "GET" && req.method !== "HEAD")
      return sendJson(res, 405, { error: "method not allowed" }, { allow: "GET, HEAD" });
    sendJson(res, 200, this.options.resourceMetadata?.document ?? {}, {
      "access-control-allow-origin": "*",
      "cache-control": "public, max-age=300",
    });
  }

  /** For load balancers: up or stopping, and nothing about the configuration. */
  private health(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== "GET" && req.method !== "HEAD")
      return sendJson(res, 405, { error: "method not allowed" }, { allow: "GET, HEAD" });
    const status = this.draining ? 503 : 200;
    const body = JSON.stringify({ status: this.draining ? "stopping" : "ok" });
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }
}
