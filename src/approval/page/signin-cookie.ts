/**
 * The sign-in cookie of an approver's OpenID Connect sign-in (oidc-login.ts): the state, nonce and PKCE verifier
 * between the start and the callback, sealed with an HMAC under the guard store's shared secret (the same on every
 * replica), so nothing is kept in memory between the two requests. Good for one sign-in and ten minutes.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNIN_COOKIE = "ocm_signin";
export const SIGNIN_MS = 10 * 60_000;
/** What a sealed cookie looks like: anything else is not read. */
export const COOKIE_FORM = /^[A-Za-z0-9_-]{20,1000}\.[A-Za-z0-9_-]{43}$/;

export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  expiresAt: number;
}

export interface SignInSealOptions {
  /** The guard store's shared secret. */
  secret: () => Promise<Buffer>;
  /** The issuer and client id: a cookie is good only for the sign-in configuration that made it. */
  issuer: string;
  clientId: string;
  now: () => number;
}

export class SignInSeal {
  constructor(private readonly options: SignInSealOptions) {}

  private async key(): Promise<Buffer> {
    return createHmac("sha256", await this.options.secret())
      .update(`approver-signin\n${this.options.issuer}\n${this.options.clientId}`, "utf8")
      .digest();
  }

  async seal(pending: PendingSignIn): Promise<string> {
    const body = Buffer.from(
      JSON.stringify([pending.state, pending.nonce, pending.verifier, pending.expiresAt]),
      "utf8",
    ).toString("base64url");
    return `${body}.${createHmac("sha256", await this.key())
      .update(body)
      .digest("base64url")}`;
  }

  async unseal(value: string | undefined): Promise<PendingSignIn | undefined> {
    if (value === undefined) return undefined;
    const [body, given] = value.split(".") as [string, string];
    const expected = createHmac("sha256", await this.key())
      .update(body)
      .digest();
    const presented = Buffer.from(given, "base64url");
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    } catch {
      return undefined;
    }
    if (!Array.isArray(parsed) || parsed.length !== 4) return undefined;
    const [state, nonce, verifier, expiresAt] = parsed as unknown[];
    if (
      typeof state !== "string" ||
      typeof nonce !== "string" ||
      typeof verifier !== "string" ||
      typeof expiresAt !== "number"
    )
      return undefined;
    const now = this.options.now();
    if (expiresAt <= now || expiresAt > now + SIGNIN_MS) return undefined;
    return { state, nonce, verifier, expiresAt };
  }
}
