/**
 * OAuth settings of `--http`: the authorization server that signs people in
 * (OUTBOUND_CALLS_OAUTH_ISSUER) and this server's own public address
 * (OUTBOUND_CALLS_PUBLIC_URL), which is the resource its tokens must be issued
 * for. Both or neither; errors name the variable.
 */
import { isLoopbackHost } from "../../config/env.js";
import { ConfigurationError } from "../../config/errors.js";
import { MCP_PATH } from "../app.js";

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

export const ISSUER_VARIABLE = "OUTBOUND_CALLS_OAUTH_ISSUER";
export const PUBLIC_URL_VARIABLE = "OUTBOUND_CALLS_PUBLIC_URL";
const WELL_KNOWN = "/.well-known/oauth-protected-resource";

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
