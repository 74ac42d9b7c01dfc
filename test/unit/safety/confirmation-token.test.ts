/** Confirmation tokens: bound to one request, expiring, single use, unforgeable. */
import { describe, expect, it } from "vitest";
import { ConfirmationTokens, TOKEN_TTL_MS } from "../../../src/guards/approval/tokens.js";
import { MemoryStore } from "../../../src/guards/store/memory.js";

function tokens() {
  let now = Date.parse("2026-11-21T15:00:00Z");
  return { t: new ConfirmationTokens(() => now), advance: (ms: number) => (now += ms) };
}

describe("ConfirmationTokens", () => {
  it("a token checks out for its request only", () => {
    const { t } = tokens();
    const { token, expiresAt } = t.issue("request-A");
    expect(expiresAt).toBe(Date.parse("2026-11-21T15:05:00Z"));
    expect(t.check(token, "request-A")).toEqual({ ok: true, id: `token:${token.split(".")[1]}`, expiresAt });
    expect(t.usedId(token)).toBe(`token:${token.split(".")[1]}`);
    expect(t.check(token, "request-B")).toEqual({ ok: false, why: "other_request" });
  });

  it("expires after five minutes", () => {
    const { t, advance } = tokens();
    const { token } = t.issue("r");
    advance(TOKEN_TTL_MS);
    expect(t.check(token, "r")).toMatchObject({ ok: true });
    advance(1);
    expect(t.check(token, "r")).toEqual({ ok: false, why: "expired" });
  });

  it("works once: its id is spent in the guard store, whatever spelling checked out", async () => {
    const { t } = tokens();
    const { token } = t.issue("r");
    const once = new MemoryStore().once;
    const check = t.check(token, "r");
    expect(check.ok && (await once.use(check.id, 0, TOKEN_TTL_MS))).toBe(true);
    expect(await once.use(t.usedId(token), 0, TOKEN_TTL_MS)).toBe(false);
  });

  it("a changed expiry or mac, another server's token, or junk does not check out", () => {
    const { t } = tokens();
    const { token } = t.issue("r");
    const [expiry, mac] = token.split(".") as [string, string];
    const later = `${(parseInt(expiry, 36) + 3_600_000).toString(36)}.${mac}`;
    expect(t.check(later, "r")).toEqual({ ok: false, why: "other_request" });
    expect(t.check(`${expiry}.${mac.startsWith("A") ? "B" : "A"}${mac.slice(1)}`, "r")).toEqual({
      ok: false,
      why: "other_request",
    });
    expect(tokens().t.check(token, "r")).toEqual({ ok: false, why: "other_request" });
    expect(t.check("nonsense", "r")).toEqual({ ok: false, why: "malformed" });
  });
});
