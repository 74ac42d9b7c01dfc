/**
 * WebAuthn challenges that need no storage until they are spent: each names
 * what it may be used for (approve approval <id>, enroll on ticket <id>), when
 * it expires, and a random nonce, under an HMAC only the servers can make. A
 * challenge is checked against what the request is about (an assertion made for
 * one approval does not decide another) and spent with the guard store's atomic
 * one-time mark after its signature checked out, so a replayed assertion,
 * on this replica or another, decides nothing.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { OnceMarks } from "../../state/store.js";

export type ChallengePurpose = "approve" | "enroll" | "enroll-auth";

const FORM =
  /^(approve|enroll|enroll-auth)\.([A-Za-z0-9_-]{1,64})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export class Challenges {
  constructor(
    private readonly key: Buffer,
    private readonly marks: OnceMarks,
    private readonly now: () => number,
  ) {}

  /** A challenge (base64url, as WebAuthn carries it) for `purpose` on `subject`, valid until `expiresAt`. */
  issue(purpose: ChallengePurpose, subject: string, expiresAt: number): string {
    const body = `${purpose}.${subject}.${expiresAt.toString(36)}.${randomBytes(16).toString("base64url")}`;
    return Buffer.from(`${body}.${this.mac(body)}`, "utf8").toString("base64url");
  }

  /** Did we issue `challenge` for this purpose and subject, and is it still in time? Spends nothing. */
  valid(challenge: string, purpose: ChallengePurpose, subject: string): boolean {
    return this.read(challenge, purpose, subject) !== undefined;
  }

  /** Spends the challenge (once, on every replica): false if it was spent before, or is not ours. */
  async spend(challenge: string, purpose: ChallengePurpose, subject: string): Promise<boolean> {
    const read = this.read(challenge, purpose, subject);
    if (!read) return false;
    return this.marks.use(`passkey-challenge:${read.nonce}`, this.now(), Math.max(1, read.expiresAt - this.now()));
  }

  private read(
    challenge: string,
    purpose: ChallengePurpose,
    subject: string,
  ): { nonce: string; expiresAt: number } | undefined {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(challenge)) return undefined;
    const m = FORM.exec(Buffer.from(challenge, "base64url").toString("utf8"));
    if (!m || m[1] !== purpose || m[2] !== subject) return undefined;
    const body = `${m[1]}.${m[2]}.${m[3]}.${m[4]}`;
    const given = Buffer.from(m[5]!, "utf8");
    const expected = Buffer.from(this.mac(body), "utf8");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const expiresAt = parseInt(m[3]!, 36);
    if (!Number.isSafeInteger(expiresAt) || expiresAt <= this.now()) return undefined;
    return { nonce: m[4]!, expiresAt };
  }

  private mac(body: string): string {
    return createHmac("sha256", this.key).update(`passkey-challenge.${body}`, "utf8").digest("base64url");
  }
}
