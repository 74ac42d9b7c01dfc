/**
 * Only access tokens, and only recent ones (RFC 9068), against a real
 * authorization server (oidc-provider on loopback): an OpenID Connect ID token
 * whose audience names this resource (the provider's client has the resource's
 * URL as its id) is refused, as is a token whose `typ` is not `at+jwt`, unless
 * the operator says the provider writes `typ: JWT` on its access tokens; then
 * an ID token is still known by its claims. A token issued in the future beyond
 * the clock tolerance, or longer ago than the maximum age, is refused whatever
 * its expiry says.
 */
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenVerifier, type VerifierOptions } from "../../src/http/oauth/verifier.js";
import { ID_TOKEN_REDIRECT, idTokenFor, tokenFor } from "../helpers/oauth-client.js";
import { startIdentityProvider, type TestIdentityProvider } from "../helpers/oidc-provider.js";

const RESOURCE = "https://calls.example.com/mcp";
let idp: TestIdentityProvider;
beforeAll(async () => {
  idp = await startIdentityProvider({ clients: [{ client_id: RESOURCE, redirect_uris: [ID_TOKEN_REDIRECT] }] });
});
afterAll(async () => {
  await idp?.close();
});

const verifier = (options: Partial<VerifierOptions> = {}) =>
  createTokenVerifier({ issuer: idp.issuer, resource: RESOURCE, ...options });

/** A token signed with the provider's own key: what the provider would issue with these header and claims. */
async function signed(header: { typ?: string }, claims: JWTPayload & { iat?: number }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ scope: "calls:read calls:place", iat: now, ...claims })
    .setProtectedHeader({ alg: "ES256", kid: idp.keys[0]!.kid!, ...header })
    .setIssuer(idp.issuer)
    .setAudience(RESOURCE)
    .setSubject("mallory")
    .setExpirationTime(now + 300);
  return jwt.sign(await importJWK(idp.keys[0]!, "ES256"));
}

const NOT_ACCESS = { ok: false, kind: "invalid", description: expect.stringMatching(/is not an access token/) };

describe("only access tokens", () => {
  it("refuses the provider's ID token whose audience is this resource (its client's id)", async () => {
    const idToken = await idTokenFor(idp, RESOURCE);
    expect(decodeJwt(idToken)).toMatchObject({ iss: idp.issuer, aud: RESOURCE, sub: "alice" });
    expect(decodeJwt(idToken).nonce).toBeTypeOf("string");
    expect(await verifier()(idToken)).toEqual(NOT_ACCESS);
    // Nor when the operator accepts `typ: JWT`: its nonce still says what it is.
    expect(await verifier({ accessTokenTyp: "jwt" })(idToken)).toEqual(NOT_ACCESS);
  });

  it("accepts the provider's own access token (typ at+jwt)", async () => {
    const token = await tokenFor(idp, RESOURCE);
    expect(decodeProtectedHeader(token).typ).toBe("at+jwt");
    expect(await verifier()(token)).toMatchObject({ ok: true, person: { sub: "alice" } });
  });

  it("refuses typ JWT and a token without typ, unless the operator says the provider writes them", async () => {
    for (const header of [{ typ: "JWT" }, {}]) {
      const token = await signed(header, {});
      expect(await verifier()(token)).toEqual(NOT_ACCESS);
      expect(await verifier({ accessTokenTyp: "jwt" })(token)).toMatchObject({ ok: true, person: { sub: "mallory" } });
    }
    expect(await verifier()(await signed({ typ: "application/at+jwt" }, {}))).toMatchObject({ ok: true });
  });

  it("refuses other token types in either setting (a logout token, a DPoP proof, a security event)", async () => {
    for (const typ of ["logout+jwt", "dpop+jwt", "secevent+jwt", "id_token+jwt"]) {
      const token = await signed({ typ }, {});
      expect(await verifier()(token), typ).toEqual(NOT_ACCESS);
      expect(await verifier({ accessTokenTyp: "jwt" })(token), typ).toEqual(NOT_ACCESS);
    }
  });

  it("with typ JWT accepted, still refuses what only ID tokens carry (nonce, at_hash, c_hash)", async () => {
    for (const claim of [{ nonce: "n-1" }, { at_hash: "x4Yw2eQ" }, { c_hash: "LDktKdoQ" }]) {
      expect(await verifier({ accessTokenTyp: "jwt" })(await signed({ typ: "JWT" }, claim))).toEqual(NOT_ACCESS);
      // Even under an access token's typ.
      expect(await verifier()(await signed({ typ: "at+jwt" }, claim))).toEqual(NOT_ACCESS);
    }
  });
});

describe("only recent tokens", () => {
  const now = () => Math.floor(Date.now() / 1000);

  it("refuses a token issued in the future beyond the clock tolerance; a second or two ahead passes", async () => {
    expect(await verifier()(await signed({ typ: "at+jwt" }, { iat: now() + 120 }))).toMatchObject({
      ok: false,
      kind: "invalid",
      description: expect.stringMatching(/issued in the future/),
    });
    expect(await verifier()(await signed({ typ: "at+jwt" }, { iat: now() + 2 }))).toMatchObject({ ok: true });
  });

  it("refuses a token older than the maximum age however far its expiry, and one that says not when it was issued", async () => {
    const old = await signed({ typ: "at+jwt" }, { iat: now() - 3_600, exp: now() + 3_600 * 24 * 365 });
    expect(await verifier({ maxTokenAgeS: 1_800 })(old)).toMatchObject({
      ok: false,
      kind: "invalid",
      description: expect.stringMatching(/older than 1800 s/),
    });
    expect(await verifier({ maxTokenAgeS: 7_200 })(old)).toMatchObject({ ok: true });
    // The default maximum age is a day.
    const older = await signed({ typ: "at+jwt" }, { iat: now() - 25 * 3_600, exp: now() + 3_600 });
    expect(await verifier()(older)).toMatchObject({ ok: false, description: expect.stringMatching(/older than/) });
    const undated = await signed({ typ: "at+jwt" }, { iat: undefined });
    expect(decodeJwt(undated).iat).toBeUndefined();
    expect(await verifier()(undated)).toMatchObject({ ok: false, kind: "invalid" });
  });
});
