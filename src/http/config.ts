/**
 * The settings of `--http`, from the command line and the environment, checked
 * once at start. Every error names the variable and never echoes a token.
 */
import { isLoopbackHost } from "../config/env.js";
import { ConfigurationError } from "../config/errors.js";
import { optional, withDefault } from "../config/parsers.js";
import { declareVariables, readVariable } from "../config/variables.js";
import {
  ISSUER_VARIABLE,
  parseOAuthConfig,
  parsePublicUrl,
  parseTokenRules,
  type OAuthConfig,
  type TokenRules,
} from "./oauth/config.js";
import {
  APPROVER_CLIENT_ID,
  parseApproverSignIn,
  selfApprovalAllowed,
  type ApproverSignInConfig,
} from "./oauth/approver-config.js";
import { parseApproverToken, parseToken } from "./tokens.js";

/** Where --http listens: `--http [host:]port`, parsed by cli/args.ts. */
export interface HttpListen {
  host: string;
  /** 0 = any free port (the chosen one is printed on stderr). */
  port: number;
}

/** `name` or `name:port`, lower-cased; IPv6 literals in brackets. */
const HOST_ENTRY =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

function list(raw: string): string[] {
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A bare origin (scheme://host[:port]), or undefined. */
function originOf(entry: string): string | undefined {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return undefined;
  }
  const bare =
    (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash && !url.username && !url.password;
  return bare && (url.protocol === "https:" || url.protocol === "http:") ? url.origin : undefined;
}

/** How many requests, from whom and from where `--http` accepts (its tokens: tokens.ts; OAuth: oauth/). */
export const httpVariables = declareVariables({
  OUTBOUND_CALLS_HTTP_RATE_LIMIT: {
    group: "http",
    default: "60/60",
    summary: "requests reaching the service per client per window, CALLS/SECONDS, or off",
    description:
      "With `--http`: requests that can reach the calling service (tool calls, resource reads and lists, completions) per client (its address; IPv6 by its /56) per window, `CALLS/SECONDS`, or `off`.",
    parse: withDefault((raw, fail): { max: number; windowMs: number } | undefined => {
      const value = raw.trim().toLowerCase();
      if (value === "off") return undefined;
      const match = /^(\d{1,7})\/(\d{1,5})$/.exec(value);
      const max = Number(match?.[1]);
      const seconds = Number(match?.[2]);
      if (!match || max < 1 || max > 1_000_000 || seconds < 1 || seconds > 86_400) {
        return fail(
          'OUTBOUND_CALLS_HTTP_RATE_LIMIT must be CALLS/SECONDS (tool calls per client per window, 1-1000000 / 1-86400), e.g. 60/60, or "off"',
        );
      }
      return { max, windowMs: seconds * 1000 };
    }),
  },
  OUTBOUND_CALLS_HTTP_TRUST_PROXY: {
    group: "http",
    default: "0",
    summary: "proxies in front whose X-Forwarded-For names the client (0: the socket address)",
    description:
      "With `--http`: how many proxies in front of the server add `X-Forwarded-For`; the client is the address the outermost trusted one saw. `0` = the socket's address.",
    parse: withDefault((raw, fail) => {
      const value = raw.trim();
      if (!/^\d{1,2}$/.test(value) || Number(value) > 10) {
        return fail(
          "OUTBOUND_CALLS_HTTP_TRUST_PROXY must be a whole number from 0 to 10 (the proxies in front of the server)",
        );
      }
      return Number(value);
    }),
  },
  OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS: {
    group: "http",
    example: "mcp.example.com",
    summary: "more Host values accepted (always: bound address, localhost:port)",
    description:
      "With `--http`: extra `Host` values accepted, comma-separated (`name` = any port, `name:port`). Always accepted: the bound address and `localhost`, `127.0.0.1`, `[::1]` with the port. No wildcards.",
    parse: optional((raw, fail) => {
      const entries = list(raw).map((s) => s.toLowerCase());
      const bad = entries.filter((e) => !HOST_ENTRY.test(e) || Number(e.split(/:(?=\d+$)/)[1] ?? 0) > 65535);
      if (bad.length > 0) {
        return fail(
          "OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS must be host names or addresses, optionally with :port, separated by commas " +
            `(e.g. mcp.example.com,mcp.internal:8808); wildcards are not accepted; not understood: ${bad.join(", ")}`,
        );
      }
      return entries;
    }),
  },
  OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS: {
    group: "http",
    example: "https://app.example.com",
    summary: "more Origin values accepted from browsers",
    description: "With `--http`: extra `Origin` values accepted from browsers, comma-separated.",
    parse: optional((raw, fail) => {
      const origins: string[] = [];
      for (const entry of list(raw)) {
        const origin = originOf(entry);
        if (origin === undefined) {
          return fail(
            `OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS must be origins (scheme://host[:port], no path) separated by commas, e.g. https://app.example.com; not understood: ${entry}`,
          );
        }
        origins.push(origin);
      }
      return origins;
    }),
  },
});

export interface HttpConfig {
  host: string;
  port: number;
  /** Clients must send `Authorization: Bearer <token>`; undefined = no shared token (OAuth, or loopback only). */
  token: string | undefined;
  /** OUTBOUND_CALLS_OAUTH_ISSUER + OUTBOUND_CALLS_PUBLIC_URL: clients bring access tokens of that issuer instead. */
  oauth: OAuthConfig | undefined;
  /** With OAuth: the kind and the age an access token must have; undefined without OAuth. */
  tokenRules: TokenRules | undefined;
  /** OUTBOUND_CALLS_APPROVER_TOKEN: signs approvers in to the inbox at /approvals (no OAuth); undefined = not this way. */
  approverToken: string | undefined;
  /** With OAuth: approvers sign in to /approvals through the identity provider (OUTBOUND_CALLS_APPROVER_CLIENT_ID). */
  approverSignIn: ApproverSignInConfig | undefined;
  /** With OAuth: OUTBOUND_CALLS_ALLOW_SELF_APPROVAL (false: the asker's own client is never asked, with or without an inbox). */
  allowSelfApproval: boolean;
  /** Tool calls per client per window; undefined = no limit. */
  rateLimit: { max: number; windowMs: number } | undefined;
  /** Proxy hops whose X-Forwarded-For is believed when naming the client. */
  trustProxy: number;
  /** Host header values accepted besides the bound address and localhost ("name" = any port, "name:port" = that port). */
  extraHosts: string[];
  /** Origin header values accepted besides the server's own loopback origins. */
  extraOrigins: string[];
  /** Largest JSON-RPC request body read. */
  maxBodyBytes: number;
  /**
   * How long SIGTERM waits for requests in flight: a dial waits at most OUTBOUND_CALLS_APPROVAL_WAIT_S for a person,
   * then its deadline; a get_call waiting with wait_seconds may be cut, which loses nothing.
   */
  shutdownGraceMs: number;
  /** A request's headers must have arrived this long after its first byte (or after the connection opened). */
  headersTimeoutMs: number;
  /** The whole request (headers and capped body) must have arrived in this time; answers may take longer. */
  requestTimeoutMs: number;
}

/** The SDK's own default cap; a 1,000-row batch with names and metadata fits with room to spare. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Room after the tool-call deadline for the answer to be written. */
const SHUTDOWN_MARGIN_MS = 2_000;
const REQUEST_TIMEOUT_MS = 60_000;
// Clients and proxies send their headers at once: a socket still sending them after this is holding a slot.
const HEADERS_TIMEOUT_MS = 10_000;

/** Reads the HTTP settings; throws ConfigurationError naming the variable. */
export function loadHttpConfig(
  env: NodeJS.ProcessEnv,
  listen: HttpListen,
  service: { apiKeys: string[]; timeoutMs: number; approvalWaitMs?: number },
): HttpConfig {
  const token = parseToken(env, service.apiKeys);
  const oauth = parseOAuthConfig(env);
  if (oauth && token !== undefined) {
    // Two ways in would leave a door without a person behind it: one mode at a time.
    throw new ConfigurationError(
      `OUTBOUND_CALLS_HTTP_TOKEN and ${ISSUER_VARIABLE} are both set: with OAuth every client signs a person in, so unset OUTBOUND_CALLS_HTTP_TOKEN`,
    );
  }
  if (token === undefined && !oauth && !isLoopbackHost(listen.host)) {
    throw new ConfigurationError(
      `OUTBOUND_CALLS_HTTP_TOKEN is required to listen on ${listen.host}, which is not a loopback address: ` +
        `without it anyone who can reach the port could place calls with the service's key (or sign people in with OAuth: ${ISSUER_VARIABLE} and OUTBOUND_CALLS_PUBLIC_URL)`,
    );
  }
  const approverToken = parseApproverToken(env, token, service.apiKeys);
  if (oauth && approverToken !== undefined) {
    // A shared token names nobody: the decision could not be bound to a person, nor self-approval refused.
    throw new ConfigurationError(
      `OUTBOUND_CALLS_APPROVER_TOKEN is not used with ${ISSUER_VARIABLE}: approvers sign in through the identity provider; unset it and set ${APPROVER_CLIENT_ID} (docs/oauth.md)`,
    );
  }
  const extraHosts = readVariable(httpVariables.OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS, env) ?? [];
  // The public URL's host is the one a proxy passes on, and its origin the one browsers send from the inbox
  // (and make passkeys on): accept both without making the operator name them twice.
  const publicUrl = parsePublicUrl(env);
  if (publicUrl && !extraHosts.includes(publicUrl.host)) extraHosts.push(publicUrl.host);
  const extraOrigins = readVariable(httpVariables.OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS, env) ?? [];
  if (publicUrl && !extraOrigins.includes(publicUrl.origin)) extraOrigins.push(publicUrl.origin);
  return {
    host: listen.host,
    port: listen.port,
    token,
    oauth,
    tokenRules: parseTokenRules(env, oauth),
    approverToken,
    approverSignIn: parseApproverSignIn(env, oauth),
    allowSelfApproval: selfApprovalAllowed(env, oauth),
    rateLimit: readVariable(httpVariables.OUTBOUND_CALLS_HTTP_RATE_LIMIT, env),
    trustProxy: readVariable(httpVariables.OUTBOUND_CALLS_HTTP_TRUST_PROXY, env),
    extraHosts,
    extraOrigins,
    maxBodyBytes: MAX_BODY_BYTES,
    shutdownGraceMs: (service.approvalWaitMs ?? 0) + service.timeoutMs + SHUTDOWN_MARGIN_MS,
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
  };
}
