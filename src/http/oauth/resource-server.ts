/**
 * The hosted server as an OAuth 2.1 resource server (MCP authorization, RFC
 * 9728, RFC 6750): its protected resource metadata, the 401 that points a
 * client at it, and the 403 that tells a client which scope to step up to.
 */
import type { AuthenticatedCaller, Authenticate, AuthOutcome } from "../auth.js";
import { bearerToken } from "../auth.js";
import type { OAuthConfig } from "./config.js";
import { DEFAULT_CLIENT_SCOPES, SCOPES_SUPPORTED, grants, requiredScopes } from "./scopes.js";
import type { TokenVerifier } from "./verifier.js";

/** RFC 9728 section 2: what a client needs to get a token for this server. */
export function protectedResourceMetadata(config: OAuthConfig): Record<string, unknown> {
  return {
    resource: config.resource,
    authorization_servers: [config.issuer],
    scopes_supported: [...SCOPES_SUPPORTED],
    bearer_methods_supported: ["header"],
    resource_name: "Outbound calls (MCP)",
  };
}

/** An RFC 6750 auth-param value: quoted, with `"` and `\` escaped (our values never hold either, but be exact). */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, "\\$&")}"`;

function challenge(config: OAuthConfig, params: Record<string, string | undefined>): string {
  const parts = [`resource_metadata=${quoted(config.metadataUrl)}`];
  for (const [name, value] of Object.entries(params)) if (value !== undefined) parts.push(`${name}=${quoted(value)}`);
  return `Bearer ${parts.join(", ")}`;
}

export function oauthAuth(config: OAuthConfig, verify: TokenVerifier, log: (line: string) => void): Authenticate {
  const scope = DEFAULT_CLIENT_SCOPES.join(" ");
  let lastUnavailableLog = -Infinity;
  return async (authorization): Promise<AuthOutcome> => {
    const token = bearerToken(authorization);
    if (token === undefined) {
      // No credentials (or not a bearer token): the challenge without an error code (RFC 6750 section 3.1).
      return {
        ok: false,
        status: 401,
        message:
          "Unauthorized: sign in through the authorization server named in this server's protected resource metadata",
        headers: {
          "www-authenticate": challenge(config, authorization ? { scope, error: "invalid_request" } : { scope }),
        },
      };
    }
    const check = await verify(token);
    if (check.ok) return { ok: true, caller: { person: check.person, scopes: check.scopes } };
    if (check.kind === "unavailable") {
      if (Date.now() - lastUnavailableLog >= 30_000) {
        lastUnavailableLog = Date.now();
        log(`http: access tokens cannot be checked: ${check.description} (issuer ${config.issuer})`);
      }
      return {
        ok: false,
        status: 503,
        message: `Service unavailable: ${check.description}; retry in a moment`,
        headers: { "retry-after": "5" },
      };
    }
    return {
      ok: false,
      status: 401,
      message: `Unauthorized: ${check.description}`,
      headers: {
        "www-authenticate": challenge(config, { scope, error: "invalid_token", error_description: check.description }),
      },
    };
  };
}

export interface ScopeRefusal {
  status: 403;
  message: string;
  headers: Record<string, string>;
}

/**
 * The 403 for a request whose token lacks a scope it needs. The challenge's scope is what the token has plus what
 * is missing, so a client that re-authorizes with it keeps what it could already do.
 */
export function checkScopes(config: OAuthConfig, caller: AuthenticatedCaller, body: unknown): ScopeRefusal | undefined {
  const missing = requiredScopes(body).filter((scope) => !grants(caller.scopes, scope));
  if (missing.length === 0) return undefined;
  const wanted = [
    ...new Set([...[...caller.scopes].filter((s) => (SCOPES_SUPPORTED as readonly string[]).includes(s)), ...missing]),
  ].join(" ");
  const description = `This needs the scope ${missing.join(" and ")}, which the access token does not grant`;
  return {
    status: 403,
    message: `Forbidden: ${description}`,
    headers: {
      "www-authenticate": challenge(config, {
        error: "insufficient_scope",
        scope: wanted,
        error_description: description,
      }),
    },
  };
}
