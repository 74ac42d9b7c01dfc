/**
 * Confirmation tokens for OUTBOUND_CALLS_CONFIRM=token (the weaker, opt-in mode) with a client that
 * cannot ask the user: a dry run of a request returns a token bound to that
 * exact normalized request (HMAC with a per-process random secret over the
 * request's identity and the expiry). The dial must carry it; it expires after
 * a few minutes, works once (its id is spent in the guard store), and dies
 * with the process (or with the secret, when replicas share one).
 *
 * A token has exactly one spelling: `<expiry in base 36, no leading zero>.<the
 * 256-bit mac in unpadded base64url, spare bits zero>`. Anything else is
 * refused, so "used" can never be dodged by writing the same token another
 * way (`0T`, `T=`, upper case...). A valid token's canonical id (`token:` and
 * its mac) is what "used" is keyed by, here and in a shared store (`OnceMarks.use`).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { keyedUuid } from "../../state/state-key.js";

export const TOKEN_TTL_MS = 5 * 60_000;

export type TokenCheck =
  /** `id`: the token's canonical id, the same for every spelling that checks out; `expiresAt`: epoch ms. */
  { ok: true; id: string; expiresAt: number } | { ok: false; why: "malformed" | "expired" | "other_request" | "used" };

const MAC_BYTES = 32;
// No leading zero, at most 12 base-36 digits (far beyond any epoch ms), ASCII only (no `i`/`u` flag).
const TOKEN_FORM = /^([1-9a-z][0-9a-z]{0,11})\.([A-Za-z0-9_-]{43})$/;

/** The expiry and mac of a token in its one canonical spelling, or undefined. */
export function parseToken(token: string): { expiresAt: number; mac: Buffer; id: string } | undefined {
  const m = TOKEN_FORM.exec(token);
  if (!m) return undefined;
  const expiresAt = parseInt(m[1]!, 36);
  if (!Number.isSafeInteger(expiresAt) || expiresAt.toString(36) !== m[1]) return undefined;
  const mac = Buffer.from(m[2]!, "base64url");
  // 43 characters carry 258 bits: a spelling with the 2 spare bits set decodes to the same mac. Only ours passes.
  if (mac.length !== MAC_BYTES || mac.toString("base64url") !== m[2]) return undefined;
  return { expiresAt, mac, id: `token:${m[2]!}` };
}

export class ConfirmationTokens {
  private readonly secret: Buffer;

  /** `secret`: 32 random bytes shared by replicas that must accept each other's tokens; random per process by default. */
  constructor(
    private readonly now: () => number,
    secret?: Buffer,
  ) {
    this.secret = secret ?? randomBytes(32);
  }

  /** A token for the request whose identity is `requestKey`. */
  issue(requestKey: string): { token: string; expiresAt: number } {
    const expiresAt = this.now() + TOKEN_TTL_MS;
    return { token: `${expiresAt.toString(36)}.${this.mac(requestKey, expiresAt).toString("base64url")}`, expiresAt };
  }

  /**
   * Is `token` a valid, unexpired token of this request? Whether it was used is the store's to say: the dial
   * spends it with OnceMarks.use(id) in the step that sends it (src/guards/approval/guard.ts).
   */
  check(token: string, requestKey: string): TokenCheck {
    const parsed = parseToken(token);
    if (!parsed) return { ok: false, why: "malformed" };
    if (!timingSafeEqual(this.mac(requestKey, parsed.expiresAt), parsed.mac))
      return { ok: false, why: "other_request" };
    if (this.now() > parsed.expiresAt) return { ok: false, why: "expired" };
    return { ok: true, id: parsed.id, expiresAt: parsed.expiresAt };
  }

  /** What marks a valid token used in a shared store (OnceMarks): its canonical id, the same as check() returns. */
  usedId(token: string): string {
    const parsed = parseToken(token);
    if (!parsed) throw new Error("usedId() of a token that is not well-formed: check() it first");
    return parsed.id;
  }

  /**
   * The Idempotency-Key of the one dial a valid token allows, derived from its canonical id with the tokens' secret:
   * a token replayed after its "used" mark was removed from shared state re-sends the first dial's key, and the
   * service answers with that call instead of placing a second.
   */
  dialKey(token: string): string {
    return keyedUuid(this.secret, `dial idempotency key.${this.usedId(token)}`);
  }

  private mac(requestKey: string, expiresAt: number): Buffer {
    return createHmac("sha256", this.secret).update(`${requestKey}\n${expiresAt}`).digest();
  }
}
