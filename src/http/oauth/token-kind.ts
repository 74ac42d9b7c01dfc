/**
 * Whether a signed token is an access token (RFC 9068), not an OpenID Connect
 * ID token or another JWT the same issuer signs (a logout token, a security
 * event). An ID token can name this resource in its audience (a client whose id
 * is the resource's URL, a provider that adds audiences), and it proves only
 * that the person signed in to that client, not that they let it call this
 * server.
 */
import type { JWTPayload, JWTHeaderParameters } from "jose";

/**
 * `at+jwt`: only the RFC 9068 type (`typ: at+jwt`, or `application/at+jwt`). `jwt`: also `typ: JWT` and a token
 * without `typ`, for providers that write those on their access tokens (OUTBOUND_CALLS_OAUTH_TOKEN_TYP).
 */
export type AccessTokenTyp = "at+jwt" | "jwt";

/** The default longest age of an access token (`iat`): the longest default lifetime of common providers (Auth0's is a day). */
export const MAX_TOKEN_AGE_S = 86_400;

// OpenID Connect Core 1.0 section 2 and 3.3.2.11: claims of ID tokens that no access token profile defines.
const ID_TOKEN_CLAIMS = ["nonce", "at_hash", "c_hash"] as const;

/** RFC 7515 section 4.1.9: a media type, compared without its "application/" prefix and in any letter case. */
const mediaType = (typ: string): string => typ.toLowerCase().replace(/^application\//, "");

/** Why the token is not an access token, or undefined when it is one (never the token's own text: it goes in a header). */
export function notAnAccessToken(
  header: JWTHeaderParameters,
  payload: JWTPayload,
  accepted: AccessTokenTyp,
): string | undefined {
  const typ = header.typ === undefined ? undefined : typeof header.typ === "string" ? mediaType(header.typ) : "";
  if (typ !== "at+jwt" && !(accepted === "jwt" && (typ === undefined || typ === "jwt"))) {
    return accepted === "jwt"
      ? "its typ is neither at+jwt nor JWT"
      : "its typ is not at+jwt (a provider that writes typ JWT on access tokens needs OUTBOUND_CALLS_OAUTH_TOKEN_TYP=jwt)";
  }
  const marker = ID_TOKEN_CLAIMS.find((claim) => payload[claim] !== undefined);
  return marker ? `it carries ${marker}, which only ID tokens do` : undefined;
}
