/**
 * The passkey pages' Content-Security-Policy (src/approval/passkeys/browser.ts): the approval page's policy plus the
 * page's one script by its hash, computed once and then given to every passkey page as the same object, which no
 * caller can change for the pages after it.
 */
import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { contentSecurityPolicy } from "../../../src/approval/page/html.js";
import { passkeyFields, passkeyPageHeaders } from "../../../src/approval/passkeys/browser.js";

it("allows the approval page's stylesheet and the passkey page's one inline script, by hash", () => {
  const fields = passkeyFields({ button: "approve", get: {} }).toString();
  const scripts = [...fields.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(1);
  const hash = createHash("sha256").update(scripts[0]!, "utf8").digest("base64");
  expect(passkeyPageHeaders()).toEqual({
    "content-security-policy": `${contentSecurityPolicy()}; script-src 'sha256-${hash}'`,
  });
});

it("a header written into one page's headers reaches no other page: the shared object cannot be changed", () => {
  const first = passkeyPageHeaders() as Record<string, string>;
  expect(() => {
    first["set-cookie"] = "session=someone-else";
  }).toThrow(TypeError);
  expect(() => {
    first["content-security-policy"] = "default-src *";
  }).toThrow(TypeError);
  expect(passkeyPageHeaders()).toBe(first);
  expect(Object.keys(passkeyPageHeaders())).toEqual(["content-security-policy"]);
  expect(passkeyPageHeaders()["content-security-policy"]).toContain("default-src 'none'");
});
