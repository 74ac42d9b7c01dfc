/**
 * `--http`: the MCP server over stateless Streamable HTTP on node:http. One
 * shared core (HTTP client to the service, agent cache); a fresh McpServer per
 * request. SIGTERM stops accepting, lets requests in flight finish up to the
 * tool-call deadline + 2 s (what a dial can take), then exits 0.
 */
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Config } from "../config/env.js";
import { createCore } from "../mcp/server.js";
import { MemoryRateCounter } from "../state/memory-store.js";
import { openGuardStore } from "../guards/store/open.js";
import type { Redactor } from "../text/redact.js";
import { APPROVALS_PATH, HttpApp, HEALTH_PATH, MCP_PATH } from "./app.js";
import { hostedApprovals } from "../approval/page/hosted.js";
import { OidcLogin } from "../approval/page/oidc-login.js";
import { passkeyStartNote } from "../approval/passkeys/index.js";
import { confirmModeNotes } from "../approval/start-notes.js";
import { sharedTokenAuth, type Authenticate } from "./auth.js";
import { BodyBudget } from "./body-budget.js";
import { clientAddress } from "./client-address.js";
import type { HttpConfig } from "./config.js";
import { isWildcardHost, makeHostCheck } from "../web/host-check.js";
import { mcpPost } from "./mcp-endpoint.js";
import type { OAuthConfig, TokenRules } from "./oauth/config.js";
import { checkScopes, oauthAuth, protectedResourceMetadata } from "./oauth/resource-server.js";
import { createTokenVerifier } from "./oauth/verifier.js";
import { SCOPES } from "./oauth/scopes.js";
import { APPROVER_CLIENT_ID } from "./oauth/approver-config.js";
import type { IdentityProviderSignIn } from "../approval/page/hosted.js";
import type { GuardStore } from "../guards/store/store.js";

export interface HttpServerOptions {
  config: Config;
  http: HttpConfig;
  readOnly?: boolean;
  /** Diagnostics (stderr in the CLI), already redacted. */
  log: (line: string) => void;
  /** The process's one redactor (key and tokens). */
  redactor?: Redactor;
}

export interface RunningHttpServer {
  /** http://HOST:PORT/mcp */
  url: string;
  port: number;
  requestsInFlight(): number;
  /** Stops accepting, waits for requests in flight up to the grace period, then closes everything. */
  stop(): Promise<{ drained: boolean; abandoned: number }>;
}

// Longer than the idle timeout of common load balancers (60 s), so they never reuse a socket we just closed.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const { config, http, log } = options;
  const store = await openGuardStore(config, log);
  const core = createCore(config, {
    log,
    store,
    approvalSurface: {
      kind: "hosted",
      inbox: http.approverToken !== undefined || http.approverSignIn !== undefined,
      // With OAuth and no self-approval, the asker's own client may not say yes: only another approver, in the inbox.
      // Without an approvers' client that leaves nobody to ask: such dials are refused (the start note says so).
      onlyInbox: http.oauth !== undefined && !http.allowSelfApproval,
      ...(http.oauth ? { inboxVariable: APPROVER_CLIENT_ID } : {}),
    },
    ...(options.redactor ? { redactor: options.redactor } : {}),
  });
  const server: Server = createHttpServer({
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: http.requestTimeoutMs,
    headersTimeout: http.headersTimeoutMs,
    // node:http enforces both timeouts only when it sweeps its connections, every 30 s by default: a slow
    // sender would keep its socket up to 30 s past the timeout. Sweep often enough that the timeouts hold.
    connectionsCheckingInterval: Math.min(1_000, Math.max(100, Math.floor(http.headersTimeoutMs / 4))),
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(http.port, http.host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await core.close();
    throw error;
  });
  const address = server.address() as AddressInfo;

  const hostCheck = makeHostCheck({
    bindHost: http.host,
    port: address.port,
    extraHosts: http.extraHosts,
    extraOrigins: http.extraOrigins,
  });
  const approverToken = http.approverToken;
  const signIn = approverSignIn(http, core.store, log);
  const approvals =
    approverToken || signIn
      ? hostedApprovals({
          desk: core.approval.desk,
          approverToken,
          signIn,
          store: core.store,
          hostCheck,
          passkeys: core.approval.passkeys,
          review: core.safety.optOuts,
          // Behind a trusted TLS proxy the browser speaks https: cookies must then be Secure.
          isSecure: (req) =>
            http.trustProxy > 0 &&
            String(req.headers["x-forwarded-proto"] ?? "")
              .split(",")[0]
              ?.trim()
              .toLowerCase() === "https",
          log,
        })
      : undefined;
  // The guard store's counter: in process memory, or shared by the replicas when the store is.
  const limiter = http.rateLimit
    ? { counter: core.store.rates, fallback: new MemoryRateCounter(), ...http.rateLimit }
    : undefined;
  const oauth = http.oauth;
  const app = new HttpApp({
    hostCheck,
    approvals,
    auth: authenticator(http, log),
    resourceMetadata: oauth ? { paths: oauth.metadataPaths, document: protectedResourceMetadata(oauth) } : undefined,
    mcpPost: mcpPost({
      config,
      core,
      deps: { log, readOnly: options.readOnly ?? false },
      maxBodyBytes: http.maxBodyBytes,
      bodies: new BodyBudget(),
      limiter,
      clientOf: (req) => clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], http.trustProxy),
      authorize: oauth ? (caller, body) => checkScopes(oauth, caller, body) : undefined,
      log,
    }),
    log,
    onRequestEndWhileDraining: () => server.closeIdleConnections(),
  });
  server.on("request", app.listener);
  void passkeyStartNote(core.approval.passkeys).then((note) => note && log(note));

  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let stopping: Promise<{ drained: boolean; abandoned: number }> | undefined;
  return {
    url: `http://${shownHost}:${address.port}${MCP_PATH}`,
    port: address.port,
    requestsInFlight: () => app.requestsInFlight,
    stop: () =>
      (stopping ??= (async () => {
        app.startDraining();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const drained = await app.waitIdle(http.shutdownGraceMs);
        const abandoned = app.requestsInFlight;
        server.closeAllConnections();
        await closed;
        await core.close();
        return { drained, abandoned };
      })()),
  };
}

function authenticator(http: HttpConfig, log: (line: string) => void): Authenticate | undefined {
  const oauth: OAuthConfig | undefined = http.oauth;
  if (oauth) return oauthAuth(oauth, createTokenVerifier(verifierOptions(oauth, http.tokenRules)), log);
  return http.token === undefined ? undefined : sharedTokenAuth(http.token);
}

/** What an access token must be, for /mcp and for the inbox's sign-in alike. */
const verifierOptions = (oauth: OAuthConfig, rules: TokenRules | undefined) => ({
  issuer: oauth.issuer,
  resource: oauth.resource,
  ...rules,
});

/** With OAuth and OUTBOUND_CALLS_APPROVER_CLIENT_ID: the inbox's sign-in through the identity provider. */
function approverSignIn(
  http: HttpConfig,
  store: GuardStore,
  log: (line: string) => void,
): IdentityProviderSignIn | undefined {
  const config = http.approverSignIn;
  if (!config || !http.oauth) return undefined;
  // The access token that comes with the sign-in is checked as /mcp checks tokens (issuer, audience, expiry, keys, kind).
  const verify = createTokenVerifier(verifierOptions(http.oauth, http.tokenRules));
  const login = new OidcLogin({
    issuer: config.issuer,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: config.redirectUri,
    resource: config.resource,
    approveScope: SCOPES.approve,
    checkAccessToken: async (token) => {
      const checked = await verify(token);
      return checked.ok
        ? { ok: true, sub: checked.person.sub, scopes: checked.scopes }
        : { ok: false, why: checked.description };
    },
    secret: () => store.secret("approver-sessions"),
    marks: store.once,
    log,
  });
  return { login, binding: `${config.issuer}\n${config.clientId}`, allowSelfApproval: config.allowSelfApproval };
}

export interface RunHttpOptions extends HttpServerOptions {
  /** Run after the HTTP server stopped (e.g. the embedded sandbox). */
  onStopped?: () => Promise<void>;
}

/** The CLI's HTTP mode: start, say where on stderr, stop on SIGTERM/SIGINT, exit 0. */
export async function runHttp(options: RunHttpOptions): Promise<void> {
  const { http, log } = options;
  const running = await startHttpServer(options);
  const base = running.url.slice(0, -MCP_PATH.length);
  if (http.oauth) {
    log(
      `outbound-calls-mcp: OAuth: access tokens of ${http.oauth.issuer} for ${http.oauth.resource} (metadata at ${http.oauth.metadataUrl})`,
    );
  } else if (http.token === undefined) {
    log(
      "outbound-calls-mcp: OUTBOUND_CALLS_HTTP_TOKEN is not set: any program on this machine can use the server (allowed on loopback only)",
    );
  }
  if (isWildcardHost(http.host) && http.extraHosts.length === 0) {
    log(
      `outbound-calls-mcp: listening on all interfaces, but only Host localhost/127.0.0.1/[::1]:${running.port} is accepted; ` +
        "set OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS to the names clients use",
    );
  }

  const notes = confirmModeNotes(options.config.safety.confirm, {
    transport: "http",
    writes: !options.readOnly && !options.config.safety.readOnly,
    inboxUrl: http.approverToken || http.approverSignIn ? `${base}${APPROVALS_PATH}` : undefined,
    inboxVariable: http.oauth ? APPROVER_CLIENT_ID : undefined,
    baseUrl: base,
  });
  for (const note of notes) log(note);
  // Last, so whoever waits for this line has seen the warnings too.
  log(
    `outbound-calls-mcp: listening on ${running.url} (Streamable HTTP, stateless; health check at ${base}${HEALTH_PATH})`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const inFlight = running.requestsInFlight();
    log(
      `outbound-calls-mcp: ${signal}: no new requests; finishing ${inFlight} in flight (at most ${Math.ceil(http.shutdownGraceMs / 1000)} s)`,
    );
    void running.stop().then(async ({ drained, abandoned }) => {
      await options.onStopped?.().catch(() => undefined);
      log(
        drained
          ? `outbound-calls-mcp: stopped (${signal})`
          : `outbound-calls-mcp: stopped (${signal}); ${abandoned} requests were cut off at the deadline`,
      );
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
