/**
 * The access-token check against a real authorization server (oidc-provider on
 * loopback): a key the issuer removed stops working once the fetched key set
 * is older than its age limit, a key it rotated in works at once, and an
 * issuer that cannot be reached is "unavailable" (503), not "invalid" (401).
 */
import { afterEach, describe, expect, it } from "vitest";
import { createTokenVerifier, type TokenCheck } from "../../src/http/oauth/verifier.js";
import { closedPort } from "../helpers/blackhole.js";
import { tokenFor } from "../helpers/oauth-client.js";
import { newSigningKey, startIdentityProvider, type TestIdentityProvider } from "../helpers/oidc-provider.js";

const RESOURCE = "https://calls.example.com/mcp";
const started: TestIdentityProvider[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((idp) => idp.close()));
});
const start = async (options: Parameters<typeof startIdentityProvider>[0] = {}) => {
  const idp = await startIdentityProvider(options);
  started.push(idp);
  return idp;
};

describe("createTokenVerifier", () => {
  it("accepts a token of the issuer for this resource, with the person and the scopes", async () => {
    const idp = await start();
    idp.signIn = { sub: "alice", name: "Alice\u0007 Example", scopes: ["calls:read"] };
    const verify = createTokenVerifier({ issuer: idp.issuer, resource: RESOURCE });
    const check = await verify(await tokenFor(idp, RESOURCE));
    expect(check).toEqual({ ok: true, person: { sub: "alice", name: "Alice Example" }, scopes: new Set(["calls:read"]) });
  });

  it("stops accepting a key the issuer removed once the fetched keys are older than their age limit", async () => {
    const first = await start();
    const verify = createTokenVerifier({ issuer: first.issuer, resource: RESOURCE, keysMaxAgeMs: 200 });
    const old = await tokenFor(first, RESOURCE);
    expect((await verify(old)).ok).toBe(true);

    // The issuer rotates: same address and issuer, a new key set without the old key.
    await first.close();
    started.length = 0;
    const rotated = await start({ port: first.port, keys: [await newSigningKey("k-new")] });
    expect(rotated.issuer).toBe(first.issuer);
    const fresh = await tokenFor(rotated, RESOURCE);
    // The new key works at once: an unknown key id makes the verifier fetch the key set again.
    expect((await verify(fresh)).ok).toBe(true);
    // And that fetch dropped the old key: the token signed with it is refused from now on.
    expect(await verify(old)).toEqual({ ok: false, kind: "invalid", description: "The access token is not signed by a current key of the issuer" });
  });

  it("treats an unreachable issuer as unavailable, not as a bad token", async () => {
    const verify = createTokenVerifier({ issuer: `http://127.0.0.1:${await closedPort()}`, resource: RESOURCE, fetchTimeoutMs: 2_000 });
    const check: TokenCheck = await verify("eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln");
    expect(check).toMatchObject({ ok: false, kind: "unavailable" });
  });

  it("refuses an unsigned token (alg none) and an HMAC one outright", async () => {
    const idp = await start();
    const verify = createTokenVerifier({ issuer: idp.issuer, resource: RESOURCE });
    const body = Buffer.from(JSON.stringify({ iss: idp.issuer, aud: RESOURCE, sub: "mallory", scope: "calls:place", exp: Math.floor(Date.now() / 1000) + 60 })).toString("base64url");
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${body}.`;
    const hs = `${Buffer.from('{"alg":"HS256","kid":"x"}').toString("base64url")}.${body}.c2lnbmF0dXJl`;
    expect(await verify(none)).toMatchObject({ ok: false, kind: "invalid" });
    expect(await verify(hs)).toMatchObject({ ok: false, kind: "invalid" });
  });
});
