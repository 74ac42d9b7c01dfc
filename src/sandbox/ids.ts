import { createHash, randomBytes } from "node:crypto";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A random id such as `call_k3v9…`: lower-case letters and digits, so it passes any id allowlist. */
export function randomId(prefix: string, length = 20): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

/** Short, stable hash of an API key: agent ids derive from it so they survive restarts without revealing the key. */
export function keyHash(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

/** A stable unsigned 32-bit number from a string, for choices that must not change between reads. */
export function stableInt(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0);
}
