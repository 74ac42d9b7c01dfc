/**
 * The one-time secret of an approval link, and the random ids around it. Only
 * the secret's sha256 is stored; a presented secret is hashed and compared in
 * constant time, so neither a store dump nor timing gives it away.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 random bits, URL-safe: beyond guessing. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** 128 random bits, URL-safe: names an approval or a session; not a secret by itself. */
export function newId(): string {
  return randomBytes(16).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** Does `secret` hash to `expectedHash`? Constant time whatever the input's length. */
export function secretMatches(secret: string, expectedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), "hex");
  const expected = Buffer.from(expectedHash, "hex");
  return expected.length === given.length && timingSafeEqual(given, expected);
}

/** The shape newSecret() and newId() produce; anything else is refused before hashing. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
