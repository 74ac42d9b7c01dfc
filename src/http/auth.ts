/**
 * Who may use `/mcp`: a shared bearer token (the simple mode), or OAuth access
 * tokens of an identity provider (src/http/oauth/). Either way the app asks one
 * `Authenticate` function and gets back the caller or the refusal to send.
 * The shared token is compared hashed, so the comparison takes the same time
 * whatever the token's length or first wrong byte.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Person } from "./oauth/verifier.js";

export type AuthResult = "ok" | "missing" | "invalid";

/** A caller an identity provider vouched for: the person and what their token allows. */
export interface AuthenticatedCaller {
  person: Person;
  scopes: ReadonlySet<string>;
}

export type AuthOutcome =
  /** `caller` is undefined in the shared-token mode: the token names no person. */
  | { ok: true; caller?: AuthenticatedCaller }
  | { ok: false; status: number; message: string; headers: Record<string, string> };

export type Authenticate = (authorization: string | undefined) => Promise<AuthOutcome>;

const digest = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

/** The token of an `Authorization: Bearer` header; undefined when absent or malformed. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1];
}

export function bearerChecker(token: string): (authorization: string | undefined) => AuthResult {
  const expected = digest(token);
  return (authorization) => {
    const given = bearerToken(authorization);
    if (given === undefined) return authorization ? "invalid" : "missing";
    return timingSafeEqual(digest(given), expected) ? "ok" : "invalid";
  };
}

const REALM = 'Bearer realm="outbound-calls-mcp"';

/** OUTBOUND_CALLS_HTTP_TOKEN: one token shared by the clients, no person behind it. */
export function sharedTokenAuth(token: string): Authenticate {
  const check = bearerChecker(token);
  return async (authorization) => {
    const result = check(authorization);
    if (result === "ok") return { ok: true };
    if (result === "missing")
      return {
        ok: false,
        status: 401,
        message: "Unauthorized: send Authorization: Bearer <token>",
        headers: { "www-authenticate": REALM },
      };
    return {
      ok: false,
      status: 401,
      message: "Unauthorized: the bearer token is not valid for this server",
      headers: { "www-authenticate": `${REALM}, error="invalid_token"` },
    };
  };
}
