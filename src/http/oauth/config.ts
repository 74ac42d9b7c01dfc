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
import { oneOf, optional, withDefault } from "../../config/parsers.js";
import { declareVariables, readVariable } from "../../config/variables.js";
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

export const ISSUER_VARIABLE = "OUTBOUND_CALLS_OAUTH_ISSUER" as const;
export const PUBLIC_URL_VARIABLE = "OUTBOUND_CALLS_PUBLIC_URL" as const;
const WELL_KNOWN = "/.well-known/oauth-protected-resource";

/** An https:// URL (http:// only on a loopback address) without user, query or fragment; `what` says which. */
const urlOf = (what: string) =>
  optional((raw, fail, name): URL => {
    const text = raw.trim();
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return fail(`${name} must be ${what}; not a URL: ${text}`);
    }
    // Tokens and their keys travel over it: plain http only where nothing leaves the machine (tests, a local proxy).
    if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
      return fail(
        `${name} must be an https:// URL (http:// only on a loopback address); got ${url.protocol}//${url.host}`,
      );
    }
    if (url.username || url.password || url.search || url.hash) {
      return fail(`${name} must be ${what}, without user, query or fragment`);
    }
    return url;
  });

/** OAuth's variables, and this server's public address (which the passkeys' relying party reads too). */
export const oauthVariables = declareVariables({
  OUTBOUND_CALLS_OAUTH_ISSUER: {
    group: "http",
    example: "https://login.example.com/realms/team",
    summary:
      "OAuth instead of the client token: the issuer URL of the identity provider whose JWT access tokens are accepted",
    description:
      "With `--http`: OAuth 2.1 instead of the shared client token ([oauth](oauth.md)): the issuer URL of the authorization server whose JWT access tokens are accepted (signature from its JWKS, issuer, audience, expiry, scopes). Needs `OUTBOUND_CALLS_PUBLIC_URL`; not with `OUTBOUND_CALLS_HTTP_TOKEN`.",
    parse: urlOf("the authorization server's issuer URL, e.g. https://login.example.com/realms/team"),
  },
  OUTBOUND_CALLS_PUBLIC_URL: {
    group: "http",
    example: "https://calls.example.com",
    summary:
      "this server's public https:// URL: OAuth's resource, the passkeys' relying party, an accepted Host and Origin",
    description:
      "This server's public `https://` URL, accepted in `Host` and `Origin`. With OAuth: the resource its access tokens must name in their audience ([oauth](oauth.md#set-it-up)). With `OUTBOUND_CALLS_APPROVAL_PASSKEY=required`: the host the inbox's passkeys are made for ([passkeys](passkeys.md#enrolling-for-a-hosted-inbox)).",
    parse: urlOf("this server's public URL, e.g. https://calls.example.com"),
  },
  OUTBOUND_CALLS_OAUTH_TOKEN_TYP: {
    group: "http",
    default: "at+jwt",
    summary: "with OAuth: at+jwt (RFC 9068 access tokens only), or jwt to also accept typ JWT or none",
    description:
      "With OAuth: the `typ` an access token must carry. `at+jwt` (RFC 9068) refuses every other signed token of the provider, an ID token above all; `jwt` also accepts `typ: JWT` or none, for providers that write those ([oauth](oauth.md#what-is-checked-on-every-request)).",
    parse: oneOf<AccessTokenTyp>(
      ["at+jwt", "jwt"],
      "OUTBOUND_CALLS_OAUTH_TOKEN_TYP must be at+jwt (RFC 9068 access tokens) or jwt (also typ JWT or none, for providers that write it)",
    ),
  },
  OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S: {
    group: "http",
    default: String(MAX_TOKEN_AGE_S),
    summary: "with OAuth: refuse an access token issued longer ago than this many seconds, whatever its expiry",
    description:
      "With OAuth: an access token whose `iat` is older than this many seconds (60 to 2592000) is refused even if its `exp` is later; a token without `iat` is refused. The default, a day, fits the longest default lifetime of common providers; set it to your provider's access token lifetime.",
    parse: withDefault((raw, fail, name) => {
      const value = raw.trim();
      const seconds = /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN;
      if (!(seconds >= 60 && seconds <= 2_592_000))
        return fail(`${name} must be a whole number of seconds from 60 to 2592000 (30 days)`);
      return seconds;
    }),
  },
});

/** The public address alone (OUTBOUND_CALLS_PUBLIC_URL), checked as for OAuth; undefined when not set. */
export function parsePublicUrl(env: NodeJS.ProcessEnv): { origin: string; host: string } | undefined {
  const pub = readVariable(oauthVariables[PUBLIC_URL_VARIABLE], env);
  return pub && { origin: pub.origin, host: pub.host.toLowerCase() };
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

  readVariable(oauthVariables[ISSUER_VARIABLE], env);
  const pub = readVariable(oauthVariables[PUBLIC_URL_VARIABLE], env)!;
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
  if (!oauth) return undefined;
  return {
    accessTokenTyp: readVariable(oauthVariables.OUTBOUND_CALLS_OAUTH_TOKEN_TYP, env),
    maxTokenAgeS: readVariable(oauthVariables.OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S, env),
  };
}
