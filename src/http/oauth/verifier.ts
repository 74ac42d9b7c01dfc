/**
 * Checks the access tokens of the hosted server: JWTs signed with a key of the
 * issuer's published key set (found through its metadata), for this issuer,
 * for this resource (RFC 8707 audience), within their lifetime, access tokens
 * only (RFC 9068 `typ`, no ID token: token-kind.ts) and issued recently (`iat`
 * neither ahead of the clock nor older than a maximum age). The keys are
 * fetched on first use and again when a token names a key not yet seen, so a
 * key the issuer rotated in works at once (or after at most `keysCooldownMs`)
 * and one it removed stops working within `keysMaxAgeMs` (see issuer-keys.ts).
 */
import { errors, jwtVerify, type JWTPayload } from "jose";
import { isLoopbackHost } from "../../config/env.js";
import type { Person } from "../../service/call-scope.js";
import { issuerKeys, readIssuerJson, type IssuerKeys } from "./issuer-keys.js";
import { grantedScopes } from "./scopes.js";
import { MAX_TOKEN_AGE_S, notAnAccessToken, type AccessTokenTyp } from "./token-kind.js";

export type { Person };

export type TokenCheck =
  | { ok: true; person: Person; scopes: Set<string> }
  /** The token is not good here: 401, the client should get a new one. */
  | { ok: false; kind: "invalid"; description: string }
  /** The issuer's metadata or keys cannot be fetched now: 503, the token may be fine. */
  | { ok: false; kind: "unavailable"; description: string };

export interface VerifierOptions {
  issuer: string;
  resource: string;
  /** How long fetched keys are trusted before they are fetched again (a removed key stops working after this). */
  keysMaxAgeMs?: number;
  /** The least time between two fetches of the key set caused by tokens naming an unknown key. */
  keysCooldownMs?: number;
  /** Clock skew allowed on exp/nbf/iat. */
  clockToleranceS?: number;
  /** Which `typ` an access token may have (token-kind.ts); at+jwt by default. */
  accessTokenTyp?: AccessTokenTyp;
  /** A token issued (`iat`) longer ago than this is refused whatever its `exp`; a day by default. */
  maxTokenAgeS?: number;
  fetchTimeoutMs?: number;
}

// Asymmetric only: a symmetric (HS*) key would have to be shared with every resource server that checks tokens.
const ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];
const MAX_TOKEN_CHARS = 16_384;
const MAX_CLAIM_CHARS = 256;
const DISCOVERY_RETRY_MS = 10_000;
// A token naming an unknown key refetches the key set at most this often: a key rotated in works within seconds,
// and a stream of forged key ids costs the issuer one fetch per period.
const KEYS_COOLDOWN_MS = 5_000;
const KEYS_MAX_AGE_MS = 5 * 60_000;

function discoveryUrls(issuer: string): URL[] {
  const url = new URL(issuer);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/+$/, "");
  return [
    new URL(`/.well-known/oauth-authorization-server${path}`, url.origin), // RFC 8414
    new URL(`${path}/.well-known/openid-configuration`, url.origin), // OpenID Connect Discovery
    new URL(`/.well-known/openid-configuration${path}`, url.origin), // RFC 8414's form for OIDC
  ];
}

function safeKeyUrl(raw: unknown): URL | undefined {
  if (typeof raw !== "string") return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname)) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Finds the issuer's `jwks_uri` in its metadata; the metadata must name the same issuer (RFC 8414 section 3.3). */
async function discoverKeysUrl(issuer: string, timeoutMs: number): Promise<URL> {
  const problems: string[] = [];
  for (const url of discoveryUrls(issuer)) {
    try {
      const response = await fetch(url, {
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: "application/json" },
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        problems.push(`${url.pathname}: HTTP ${response.status}`);
        continue;
      }
      const metadata = ((await readIssuerJson(response, `the metadata at ${url.href}`)) ?? {}) as {
        issuer?: unknown;
        jwks_uri?: unknown;
      };
      if (metadata.issuer !== issuer) throw new Error(`the metadata at ${url.href} names another issuer`);
      const keys = safeKeyUrl(metadata.jwks_uri);
      if (!keys) throw new Error(`the metadata at ${url.href} has no usable jwks_uri (https, or http on loopback)`);
      return keys;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("the metadata")) throw error;
      problems.push(`${url.pathname}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new Error(`no authorization server metadata found for ${issuer} (${problems.join("; ")})`);
}

function text(value: unknown): string | undefined {
  // Shown in the inbox and written to the audit log: printable text of a bounded length only.
  if (typeof value !== "string") return undefined;
  const clean = value
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/[\p{Zl}\p{Zp}]/gu, " ")
    .trim()
    .slice(0, MAX_CLAIM_CHARS);
  return clean === "" ? undefined : clean;
}

function personOf(payload: JWTPayload): Person | undefined {
  // The person's key, shown to approvers and written to the audit log as it is: nothing invisible, nothing that turns
  // the text around it (U+202E) or breaks its line (U+2028) is accepted in it.
  const sub =
    typeof payload.sub === "string" &&
    payload.sub.length <= MAX_CLAIM_CHARS &&
    !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(payload.sub)
      ? payload.sub
      : undefined;
  if (!sub) return undefined;
  const name = text(payload.name) ?? text(payload.preferred_username) ?? text(payload.email);
  return name === undefined ? { sub } : { sub, name };
}

function describe(error: unknown, maxAgeS: number): TokenCheck {
  if (error instanceof errors.JWTExpired)
    return {
      ok: false,
      kind: "invalid",
      description:
        error.claim === "iat"
          ? `The access token is older than ${maxAgeS} s (its iat), whatever its expiry`
          : "The access token expired",
    };
  if (error instanceof errors.JWTClaimValidationFailed) {
    const which =
      error.claim === "aud"
        ? "is not for this server (audience)"
        : error.claim === "iss"
          ? "is from another issuer"
          : error.claim === "iat" && error.reason === "check_failed"
            ? "was issued in the future (iat ahead of this server's clock)"
            : `failed its "${error.claim}" check`;
    return { ok: false, kind: "invalid", description: `The access token ${which}` };
  }
  if (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    !(error instanceof errors.JOSEError)
  ) {
    return { ok: false, kind: "unavailable", description: "The authorization server's keys cannot be fetched now" };
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) {
    return { ok: false, kind: "invalid", description: "The access token is not signed by a current key of the issuer" };
  }
  return { ok: false, kind: "invalid", description: "The access token is not a valid signed token" };
}

export type TokenVerifier = (token: string) => Promise<TokenCheck>;

export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  const timeoutMs = options.fetchTimeoutMs ?? 5_000;
  const maxAgeS = options.maxTokenAgeS ?? MAX_TOKEN_AGE_S;
  let keys: Promise<IssuerKeys> | undefined;
  let failedAt = -Infinity;
  const keySet = () => {
    if (!keys && Date.now() - failedAt >= DISCOVERY_RETRY_MS) {
      keys = discoverKeysUrl(options.issuer, timeoutMs).then(
        (url) =>
          issuerKeys({
            url,
            timeoutMs,
            maxAgeMs: options.keysMaxAgeMs ?? KEYS_MAX_AGE_MS,
            cooldownMs: options.keysCooldownMs ?? KEYS_COOLDOWN_MS,
          }),
        (error: unknown) => {
          failedAt = Date.now();
          keys = undefined;
          throw error;
        },
      );
    }
    return keys ?? Promise.reject(new Error("the authorization server's metadata could not be fetched a moment ago"));
  };

  return async (token) => {
    if (token.length > MAX_TOKEN_CHARS)
      return { ok: false, kind: "invalid", description: "The access token is too long" };
    let jwks: IssuerKeys;
    try {
      jwks = await keySet();
    } catch {
      return {
        ok: false,
        kind: "unavailable",
        description: "The authorization server's metadata cannot be fetched now",
      };
    }
    try {
      // maxTokenAge makes `iat` required, and refuses one ahead of the clock beyond the tolerance.
      const { payload, protectedHeader } = await jwtVerify(token, jwks.getKey, {
        issuer: options.issuer,
        audience: options.resource,
        algorithms: ALGORITHMS,
        clockTolerance: options.clockToleranceS ?? 5,
        maxTokenAge: maxAgeS,
        requiredClaims: ["exp", "sub"],
      });
      const notAccess = notAnAccessToken(protectedHeader, payload, options.accessTokenTyp ?? "at+jwt");
      if (notAccess)
        return { ok: false, kind: "invalid", description: `The token is not an access token: ${notAccess}` };
      const person = personOf(payload);
      if (!person) return { ok: false, kind: "invalid", description: "The access token names no usable subject" };
      return { ok: true, person, scopes: grantedScopes(payload as { scope?: unknown; scp?: unknown }) };
    } catch (error) {
      return describe(error, maxAgeS);
    }
  };
}
