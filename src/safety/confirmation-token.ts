/**
 * Confirmation tokens for OUTBOUND_CALLS_CONFIRM=always with a client that
 * cannot ask the user: a dry run of a request returns a token bound to that
 * exact normalized request (HMAC with a per-process random secret over the
 * request's identity and the expiry). The dial must carry it; it expires after
 * a few minutes, works once, and dies with the process.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const TOKEN_TTL_MS = 5 * 60_000;

export type TokenCheck = { ok: true } | { ok: false; why: "malformed" | "expired" | "other_request" | "used" };

export class ConfirmationTokens {
  private readonly secret = randomBytes(32);
  /** Tokens already spent, until they expire anyway. */
  private readonly used = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  /** A token for the request whose identity is `requestKey`. */
  issue(requestKey: string): { token: string; expiresAt: number } {
    const expiresAt = this.now() + TOKEN_TTL_MS;
    return { token: `${expiresAt.toString(36)}.${this.mac(requestKey, expiresAt)}`, expiresAt };
  }

  check(token: string, requestKey: string): TokenCheck {
    const m = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return { ok: false, why: "malformed" };
    const expiresAt = parseInt(m[1]!, 36);
    const expected = Buffer.from(this.mac(requestKey, expiresAt));
    const given = Buffer.from(m[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, why: "other_request" };
    if (this.now() > expiresAt) return { ok: false, why: "expired" };
    if (this.used.has(token)) return { ok: false, why: "used" };
    return { ok: true };
  }

  /** Marks a token spent (right before its dial is sent). */
  spend(token: string, expiresAtHint = this.now() + TOKEN_TTL_MS): void {
    const now = this.now();
    for (const [t, until] of this.used) if (until < now) this.used.delete(t);
    this.used.set(token, expiresAtHint);
  }

  /** What marks a valid token used in the store: its MAC, the same however the token was spelled. */
  usedId(token: string): string {
    return `token:${token.slice(token.indexOf(".") + 1)}`;
  }

  private mac(requestKey: string, expiresAt: number): string {
    return createHmac("sha256", this.secret).update(`${requestKey}\n${expiresAt}`).digest("base64url");
  }
}
