/**
 * Bearer-token check for `/mcp`. Both sides are hashed before the comparison,
 * so it takes the same time whatever the token's length or first wrong byte.
 */
import { createHash, timingSafeEqual } from "node:crypto";

export type AuthResult = "ok" | "missing" | "invalid";

const digest = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

export function bearerChecker(token: string): (authorization: string | undefined) => AuthResult {
  const expected = digest(token);
  return (authorization) => {
    const match = /^Bearer +(\S+) *$/i.exec(authorization ?? "");
    if (!match) return authorization ? "invalid" : "missing";
    return timingSafeEqual(digest(match[1] ?? ""), expected) ? "ok" : "invalid";
  };
}
