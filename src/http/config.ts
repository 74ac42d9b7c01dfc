/**
 * The settings of `--http`, from the command line and the environment, checked
 * once at start. Every error names the variable and never echoes a token.
 */
import { isLoopbackHost } from "../config/env.js";
import { ConfigurationError } from "../config/errors.js";
import {
  ISSUER_VARIABLE,
  parseOAuthConfig,
  parsePublicUrl,
  parseTokenRules,
  tokenVariables,
  type OAuthConfig,
  type TokenRules,
} from "./oauth/config.js";
import {
  APPROVER_CLIENT_ID,
  approverVariables,
  parseApproverSignIn,
  selfApprovalAllowed,
  type ApproverSignInConfig,
} from "./oauth/approver-config.js";
import type { VariableDocs } from "../config/variables.js";

/** Where --http listens: `--http [host:]port`, parsed by cli/args.ts. */
export interface HttpListen {
  host: string;
  /** 0 = any free port (the chosen one is printed on stderr). */
  port: number;
}

/** The variables of --http, as --help and docs/configuration.md describe them (src/config/variables.ts). */
export const httpVariables = {
  OUTBOUND_CALLS_HTTP_TOKEN: {
    group: "http",
    required: "with `--http` beyond loopback, unless OAuth",
    summary: "bearer token clients send, 32+ chars of A-Za-z0-9-._~+/, nothing of the API key; required off loopback",
    description:
      "The bearer token HTTP clients must send (the simple mode, without an identity provider). 32–512 characters of `A-Z a-z 0-9 - . _ ~ + /` (optionally ending in `=`); must not be or contain the API key, nor 16 characters of it in a row, in any letter case. Make one with `openssl rand -hex 32`.",
  },
  OUTBOUND_CALLS_APPROVER_TOKEN: {
    group: "http",
    required: "for the approvers' inbox",
    summary: "approvers sign in with it to the inbox at /approvals; 32+ chars, not the client token nor the key",
    description:
      "Approvers sign in with it at `/approvals` to approve or decline dials. Same format as the client token; must not be, contain or share 16 characters in a row with the client token or the API key (in any case). See [the inbox](approval.md#the-approvers-inbox---http).",
  },
  OUTBOUND_CALLS_OAUTH_ISSUER: {
    group: "http",
    example: "https://login.example.com/realms/team",
    summary:
      "OAuth instead of the client token: the issuer URL of the identity provider whose JWT access tokens are accepted",
    description:
      "With `--http`: OAuth 2.1 instead of the shared client token ([oauth](oauth.md)): the issuer URL of the authorization server whose JWT access tokens are accepted (signature from its JWKS, issuer, audience, expiry, scopes). Needs `OUTBOUND_CALLS_PUBLIC_URL`; not with `OUTBOUND_CALLS_HTTP_TOKEN`.",
  },
  OUTBOUND_CALLS_PUBLIC_URL: {
    group: "http",
    example: "https://calls.example.com",
    summary:
      "this server's public https:// URL: OAuth's resource, the passkeys' relying party, an accepted Host and Origin",
    description:
      "This server's public `https://` URL, accepted in `Host` and `Origin`. With OAuth: the resource its access tokens must name in their audience ([oauth](oauth.md#set-it-up)). With `OUTBOUND_CALLS_APPROVAL_PASSKEY=required`: the host the inbox's passkeys are made for ([passkeys](passkeys.md#enrolling-for-a-hosted-inbox)).",
  },
  ...tokenVariables,
  ...approverVariables,
  OUTBOUND_CALLS_HTTP_RATE_LIMIT: {
    group: "http",
    default: "60/60",
    summary: "requests reaching the service per client per window, CALLS/SECONDS, or off",
    description:
      "With `--http`: requests that can reach the calling service (tool calls, resource reads and lists, completions) per client (its address; IPv6 by its /56) per window, `CALLS/SECONDS`, or `off`.",
  },
  OUTBOUND_CALLS_HTTP_TRUST_PROXY: {
    group: "http",
    default: "0",
    summary: "proxies in front whose X-Forwarded-For names the client (0: the socket address)",
    description:
      "With `--http`: how many proxies in front of the server add `X-Forwarded-For`; the client is the address the outermost trusted one saw. `0` = the socket's address.",
  },
  OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS: {
    group: "http",
    example: "mcp.example.com",
    summary: "more Host values accepted (always: bound address, localhost:port)",
    description:
      "With `--http`: extra `Host` values accepted, comma-separated (`name` = any port, `name:port`). Always accepted: the bound address and `localhost`, `127.0.0.1`, `[::1]` with the port. No wildcards.",
  },
  OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS: {
    group: "http",
    example: "https://app.example.com",
    summary: "more Origin values accepted from browsers",
    description: "With `--http`: extra `Origin` values accepted from browsers, comma-separated.",
  },
} as const satisfies VariableDocs;

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

/**
 * 32 characters of the bearer alphabet is at least 128 bits when random (hex) and about 190 bits when base64:
 * beyond online guessing, so failed attempts need no lock-out. `openssl rand -hex 32` makes a 64-character one.
 */
export const MIN_TOKEN_LENGTH = 32;
const MAX_TOKEN_LENGTH = 512;
/** RFC 6750 b64token: what may follow "Bearer " without quoting. */
const TOKEN_CHARS = /^[A-Za-z0-9\-._~+/]+=*$/;
/** The SDK's own default cap; a 1,000-row batch with names and metadata fits with room to spare. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Room after the tool-call deadline for the answer to be written. */
const SHUTDOWN_MARGIN_MS = 2_000;
const REQUEST_TIMEOUT_MS = 60_000;
// Clients and proxies send their headers at once: a socket still sending them after this is holding a slot.
const HEADERS_TIMEOUT_MS = 10_000;

/** `name` or `name:port`, lower-cased; IPv6 literals in brackets. */
const HOST_ENTRY =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

function list(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A run of this many characters in common is no coincidence (16 hex characters are 64 bits). */
const KEY_RUN = 16;

/**
 * Whether the token holds the key, is part of it, or shares a long run with it, in any letter case
 * (bearer tokens are compared exactly, but a person reading the token reads the key in any case).
 */
export function sharesKeyMaterial(token: string, key: string): boolean {
  if (key.length === 0) return false;
  const t = token.toLowerCase();
  const k = key.toLowerCase();
  if (t.includes(k) || k.includes(t)) return true;
  for (let i = 0; i + KEY_RUN <= k.length; i++) if (t.includes(k.slice(i, i + KEY_RUN))) return true;
  return false;
}

function checkTokenShape(name: string, token: string): void {
  if (token.length < MIN_TOKEN_LENGTH || token.length > MAX_TOKEN_LENGTH || !TOKEN_CHARS.test(token)) {
    throw new ConfigurationError(
      `${name} must be ${MIN_TOKEN_LENGTH} to ${MAX_TOKEN_LENGTH} characters of A-Z, a-z, 0-9, - . _ ~ + / ` +
        "(optionally ending in =); generate one with: openssl rand -hex 32",
    );
  }
}

/**
 * The approvers' credential: distinct from the client token and the service key, so that neither a client nor
 * anyone holding the key can approve dials, and an approver cannot use /mcp or the service.
 */
function parseApproverToken(
  raw: string | undefined,
  clientToken: string | undefined,
  apiKeys: string[],
): string | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const token = raw.trim();
  checkTokenShape("OUTBOUND_CALLS_APPROVER_TOKEN", token);
  if (apiKeys.some((key) => sharesKeyMaterial(token, key))) {
    throw new ConfigurationError(
      `OUTBOUND_CALLS_APPROVER_TOKEN must not be (or contain) the API key, nor ${KEY_RUN} characters of it in a row in any letter case: give approvers a token of their own`,
    );
  }
  if (clientToken !== undefined && sharesKeyMaterial(token, clientToken)) {
    throw new ConfigurationError(
      `OUTBOUND_CALLS_APPROVER_TOKEN must differ from OUTBOUND_CALLS_HTTP_TOKEN (neither may contain the other, nor share ${KEY_RUN} characters in a row, in any case): a client must not be able to approve its own dials`,
    );
  }
  return token;
}

function parseToken(raw: string | undefined, apiKeys: string[]): string | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const token = raw.trim();
  checkTokenShape("OUTBOUND_CALLS_HTTP_TOKEN", token);
  // The service's key is never a client credential: a client that knows the token must learn nothing of the key.
  if (apiKeys.some((key) => sharesKeyMaterial(token, key))) {
    throw new ConfigurationError(
      `OUTBOUND_CALLS_HTTP_TOKEN must not be (or contain) the API key, nor ${KEY_RUN} characters of it in a row in any letter case: give clients a token of their own`,
    );
  }
  return token;
}

function parseRateLimit(raw: string | undefined): HttpConfig["rateLimit"] {
  const value = (raw === undefined || raw.trim() === "" ? httpVariables.OUTBOUND_CALLS_HTTP_RATE_LIMIT.default : raw)
    .trim()
    .toLowerCase();
  if (value === "off") return undefined;
  const match = /^(\d{1,7})\/(\d{1,5})$/.exec(value);
  const max = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || max < 1 || max > 1_000_000 || seconds < 1 || seconds > 86_400) {
    throw new ConfigurationError(
      'OUTBOUND_CALLS_HTTP_RATE_LIMIT must be CALLS/SECONDS (tool calls per client per window, 1-1000000 / 1-86400), e.g. 60/60, or "off"',
    );
  }
  return { max, windowMs: seconds * 1000 };
}

function parseTrustProxy(raw: string | undefined): number {
  const value = (
    raw === undefined || raw.trim() === "" ? httpVariables.OUTBOUND_CALLS_HTTP_TRUST_PROXY.default : raw
  ).trim();
  if (!/^\d{1,2}$/.test(value) || Number(value) > 10) {
    throw new ConfigurationError(
      "OUTBOUND_CALLS_HTTP_TRUST_PROXY must be a whole number from 0 to 10 (the proxies in front of the server)",
    );
  }
  return Number(value);
}

function parseHosts(raw: string | undefined): string[] {
  const entries = list(raw).map((s) => s.toLowerCase());
  const bad = entries.filter((e) => !HOST_ENTRY.test(e) || Number(e.split(/:(?=\d+$)/)[1] ?? 0) > 65535);
  if (bad.length > 0) {
    throw new ConfigurationError(
      "OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS must be host names or addresses, optionally with :port, separated by commas " +
        `(e.g. mcp.example.com,mcp.internal:8808); wildcards are not accepted; not understood: ${bad.join(", ")}`,
    );
  }
  return entries;
}

function parseOrigins(raw: string | undefined): string[] {
  return list(raw).map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const bare =
      url &&
      (url.pathname === "/" || url.pathname === "") &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password;
    if (!url || !bare || (url.protocol !== "https:" && url.protocol !== "http:")) {
      throw new ConfigurationError(
        `OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS must be origins (scheme://host[:port], no path) separated by commas, e.g. https://app.example.com; not understood: ${entry}`,
      );
    }
    return url.origin;
  });
}

/** Reads the HTTP settings; throws ConfigurationError naming the variable. */
export function loadHttpConfig(
  env: NodeJS.ProcessEnv,
  listen: HttpListen,
  service: { apiKeys: string[]; timeoutMs: number; approvalWaitMs?: number },
): HttpConfig {
  const token = parseToken(env.OUTBOUND_CALLS_HTTP_TOKEN, service.apiKeys);
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
  const approverToken = parseApproverToken(env.OUTBOUND_CALLS_APPROVER_TOKEN, token, service.apiKeys);
  if (oauth && approverToken !== undefined) {
    // A shared token names nobody: the decision could not be bound to a person, nor self-approval refused.
    throw new ConfigurationError(
      `OUTBOUND_CALLS_APPROVER_TOKEN is not used with ${ISSUER_VARIABLE}: approvers sign in through the identity provider; unset it and set ${APPROVER_CLIENT_ID} (docs/oauth.md)`,
    );
  }
  const extraHosts = parseHosts(env.OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS);
  // The public URL's host is the one a proxy passes on, and its origin the one browsers send from the inbox
  // (and make passkeys on): accept both without making the operator name them twice.
  const publicUrl = parsePublicUrl(env);
  if (publicUrl && !extraHosts.includes(publicUrl.host)) extraHosts.push(publicUrl.host);
  const extraOrigins = parseOrigins(env.OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS);
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
    rateLimit: parseRateLimit(env.OUTBOUND_CALLS_HTTP_RATE_LIMIT),
    trustProxy: parseTrustProxy(env.OUTBOUND_CALLS_HTTP_TRUST_PROXY),
    extraHosts,
    extraOrigins,
    maxBodyBytes: MAX_BODY_BYTES,
    shutdownGraceMs: (service.approvalWaitMs ?? 0) + service.timeoutMs + SHUTDOWN_MARGIN_MS,
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
  };
}
