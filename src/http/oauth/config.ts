/**
 * OAuth settings of `--http`: the authorization server that signs people in
 * (OUTBOUND_CALLS_OAUTH_ISSUER) and this server's own public address
 * (OUTBOUND_CALLS_PUBLIC_URL), which is the resource its tokens must be issued
 * for. Both or neither; errors name the variable. With them, what an access
 * token must be: its `typ` (OUTBOUND_CALLS_OAUTH_TOKEN_TYP) and how long ago it
 * may have been issued (OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S).
 */
import { isLoopbackHost } from "../../config/env.js";
import { ConfigurationError } from "../../config/errors.js";
import type { VariableDocs } from "../../config/variables.js";
import { MCP_PATH } from "../app.js";
import { MAX_TOKEN_AGE_S, type AccessTokenTyp } from "./token-kind.js";

export interface OAuthConfig {
  /** The issuer exactly as the tokens' `iss` must carry it. */
  issuer: string;
  /** The resource identifier (RFC 8707/9728): the public URL of /mcp, the audience every token must name. */
  resource: string;
  /** Where the protected resource metadata is published (RFC 9728 section 3.1), as a full URL. */
  metadataUrl: string;
  /** The paths on this server that answer with the metadata. */
  metadataPaths: string[];
  /** The public host (lower case, with its port when it has one), accepted in the Host header. */
  publicHost: string;
}

/** What an access token must be besides its issuer and audience. */
export interface TokenRules {
  /** The `typ` an access token may carry (src/http/oauth/token-kind.ts). */
  accessTokenTyp: AccessTokenTyp;
  /** A token issued longer ago than this (`iat`) is refused, whatever its expiry. */
  maxTokenAgeS: number;
}

export const ISSUER_VARIABLE = "OUTBOUND_CALLS_OAUTH_ISSUER";
export const PUBLIC_URL_VARIABLE = "OUTBOUND_CALLS_PUBLIC_URL";
const WELL_KNOWN = "/.well-known/oauth-protected-resource";
const TOKEN_TYP = "OUTBOUND_CALLS_OAUTH_TOKEN_TYP";
const MAX_TOKEN_AGE = "OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S";

/** The access-token variables, as --help and docs/configuration.md describe them (with http/config.ts's). */
export const tokenVariables = {
  [TOKEN_TYP]: {
    group: "http",
    default: "at+jwt",
    summary: "with OAuth: at+jwt (RFC 9068 access tokens only), or jwt to also accept typ JWT or none",
    description:
      "With OAuth: the `typ` an access token must carry. `at+jwt` (RFC 9068) refuses every other signed token of the provider, an ID token above all; `jwt` also accepts `typ: JWT` or none, for providers that write those ([oauth](oauth.md#what-is-checked-on-every-request)).",
  },
  [MAX_TOKEN_AGE]: {
    group: "http",
    default: String(MAX_TOKEN_AGE_S),
    summary: "with OAuth: refuse an access token issued longer ago than this many seconds, whatever its expiry",
    description:
      "With OAuth: an access token whose `iat` is older than this many seconds (60 to 2592000) is refused even if its `exp` is later; a token without `iat` is refused. The default, a day, fits the longest default lifetime of common providers; set it to your provider's access token lifetime.",
  },
} as const satisfies VariableDocs;

function parseTokenTyp(env: NodeJS.ProcessEnv): AccessTokenTyp {
  const value = (env[TOKEN_TYP]?.trim() || tokenVariables[TOKEN_TYP].default).toLowerCase();
  if (value !== "at+jwt" && value !== "jwt")
    throw new ConfigurationError(
      `${TOKEN_TYP} must be at+jwt (RFC 9068 access tokens) or jwt (also typ JWT or none, for providers that write it)`,
    );
  return value;
}

function parseMaxTokenAge(env: NodeJS.ProcessEnv): number {
  const value = env[MAX_TOKEN_AGE]?.trim() || tokenVariables[MAX_TOKEN_AGE].default;
  const seconds = /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN;
  if (!(seconds >= 60 && seconds <= 2_592_000))
    throw new ConfigurationError(`${MAX_TOKEN_AGE} must be a whole number of seconds from 60 to 2592000 (30 days)`);
  return seconds;
}

function parseUrl(name: string, raw: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(`${name} must be ${what}; not a URL: ${raw}`);
  }
  const hostname = url.hostname;
  // Tokens and their keys travel over it: plain http only where nothing leaves the machine (tests, a local proxy).
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(hostname))) {
    throw new ConfigurationError(
      `${name} must be an https:// URL (http:// only on a loopback address); got ${url.protocol}//${url.host}`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigurationError(`${name} must be ${what}, without user, query or fragment`);
  }
  return url;
}

/** The public address alone (OUTBOUND_CALLS_PUBLIC_URL), checked as for OAuth; undefined when not set. */
export function parsePublicUrl(env: NodeJS.ProcessEnv): { origin: string; host: string } | undefined {
  const raw = env[PUBLIC_URL_VARIABLE]?.trim() ?? "";
  if (raw === "") return undefined;
  const pub = parseUrl(PUBLIC_URL_VARIABLE, raw, "this server's public URL, e.g. https://calls.example.com");
  return { origin: pub.origin, host: pub.host.toLowerCase() };
}

/** undefined when the issuer is not set (the shared-token mode, with or without a public URL). */
export function parseOAuthConfig(env: NodeJS.ProcessEnv): OAuthConfig | undefined {
  const rawIssuer = env[ISSUER_VARIABLE]?.trim() ?? "";
  const rawPublic = env[PUBLIC_URL_VARIABLE]?.trim() ?? "";
  if (rawIssuer === "" && rawPublic === "") return undefined;
  // The public URL alone is this server's public address (its host and origin accepted, the passkeys' relying party).
  if (rawIssuer === "") return undefined;
  if (rawPublic === "")
    throw new ConfigurationError(
      `${PUBLIC_URL_VARIABLE} is required with ${ISSUER_VARIABLE}: the public https:// URL clients reach this server at (its tokens are issued for it)`,
    );

  parseUrl(
    ISSUER_VARIABLE,
    rawIssuer,
    "the authorization server's issuer URL, e.g. https://login.example.com/realms/team",
  );
  const pub = parseUrl(PUBLIC_URL_VARIABLE, rawPublic, "this server's public URL, e.g. https://calls.example.com");
  // The resource is the MCP endpoint; a URL given without it (or with a trailing slash) gets it appended.
  const base = pub.pathname.replace(/\/+$/, "");
  const path = base.endsWith(MCP_PATH) ? base : `${base}${MCP_PATH}`;
  const resource = `${pub.origin}${path}`;
  return {
    // As configured: `iss` is compared exactly (RFC 8414 section 3.3), so a trailing slash matters.
    issuer: rawIssuer,
    resource,
    metadataUrl: `${pub.origin}${WELL_KNOWN}${path}`,
    // Behind a proxy that strips a path prefix the server sees /mcp; clients that try the root document get it too.
    metadataPaths: [...new Set([`${WELL_KNOWN}${path}`, `${WELL_KNOWN}${MCP_PATH}`, WELL_KNOWN])],
    publicHost: pub.host.toLowerCase(),
  };
}

/** The token rules with OAuth (OUTBOUND_CALLS_OAUTH_TOKEN_TYP, OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S); else undefined. */
export function parseTokenRules(env: NodeJS.ProcessEnv, oauth: OAuthConfig | undefined): TokenRules | undefined {
  return oauth ? { accessTokenTyp: parseTokenTyp(env), maxTokenAgeS: parseMaxTokenAge(env) } : undefined;
}
