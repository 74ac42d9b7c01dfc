/**
 * The access-token check against a real authorization server (oidc-provider on
 * loopback): a key the issuer removed stops working once the fetched key set
 * is older than its age limit or was fetched again, a key it rotated in works
 * at once, forged key ids cost the issuer one fetch per cooldown, an issuer's
 * oversized metadata or key set is not read whole, and an issuer that cannot
 * be reached is "unavailable" (503), not "invalid" (401).
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, SignJWT } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { createTokenVerifier, type TokenCheck } from "../../src/http/oauth/verifier.js";
import { closedPort } from "../helpers/blackhole.js";
import { tokenFor } from "../helpers/oauth-client.js";
import { newSigningKey, startIdentityProvider, type TestIdentityProvider } from "../helpers/oidc-provider.js";

const RESOURCE = "https://calls.example.com/mcp";
const started: TestIdentityProvider[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((idp) => idp.close()));
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve).closeAllConnections())),
  );
});

/**
 * An issuer on loopback whose metadata document (`huge: "metadata"`) or key set (`huge: "keys"`) is a 64 MiB body
 * sent in chunks without a Content-Length; it counts the bytes the verifier let it send before hanging up.
 */
async function issuerWithHugeBody(
  huge: "metadata" | "keys",
): Promise<{ issuer: string; sent: () => number; ended: Promise<void> }> {
  let sent = 0;
  let ended!: () => void;
  const done = new Promise<void>((resolve) => (ended = resolve));
  const stream = (res: ServerResponse, start: string) => {
    res.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const total = 64 * 1024 * 1024;
    res.on("close", ended);
    res.write(start);
    const pump = () => {
      while (sent < total && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  };
  const server = createServer((req, res) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.url === "/.well-known/oauth-authorization-server") {
      if (huge === "metadata") return stream(res, `{"issuer":"${issuer}","jwks_uri":"${issuer}/jwks",`);
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      return;
    }
    if (req.url === "/jwks") return stream(res, '{"keys":[');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent: () => sent, ended: done };
}
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
    expect(check).toEqual({
      ok: true,
      person: { sub: "alice", name: "Alice Example" },
      scopes: new Set(["calls:read"]),
    });
  });

  // The issuer rotates: same address and issuer, a new key set without the old key.
  const rotate = async (first: TestIdentityProvider) => {
    await first.close();
    started.length = 0;
    const rotated = await start({ port: first.port, keys: [await newSigningKey("k-new")] });
    expect(rotated.issuer).toBe(first.issuer);
    return rotated;
  };
  const NOT_CURRENT = {
    ok: false,
    kind: "invalid",
    description: "The access token is not signed by a current key of the issuer",
  };

  it("accepts a key the issuer rotated in even right after a fetch, and that fetch drops the key it removed", async () => {
    const first = await start();
    // Keys trusted for a minute: only a token naming an unknown key can make the verifier fetch them again here.
    const verify = createTokenVerifier({
      issuer: first.issuer,
      resource: RESOURCE,
      keysMaxAgeMs: 60_000,
      keysCooldownMs: 1_000,
    });
    const old = await tokenFor(first, RESOURCE);
    expect((await verify(old)).ok).toBe(true);
    const rotated = await rotate(first);
    const fresh = await tokenFor(rotated, RESOURCE);
    // Within the cooldown of the first fetch: the token waits for its end and the fetch after it, it is not refused.
    expect((await verify(fresh)).ok).toBe(true);
    expect(rotated.jwksFetches).toBe(1);
    expect(await verify(old)).toEqual(NOT_CURRENT);
  });

  it("stops accepting a removed key once the fetched keys are older than their age limit", async () => {
    const first = await start();
    const verify = createTokenVerifier({ issuer: first.issuer, resource: RESOURCE, keysMaxAgeMs: 300 });
    const old = await tokenFor(first, RESOURCE);
    expect((await verify(old)).ok).toBe(true);
    // Taken after the fetch ended, however slow it was: the keys are older than their limit once this + 400 ms passed.
    const checked = Date.now();
    const rotated = await rotate(first);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, checked + 400 - Date.now())));
    // No token with the new key came: the age limit alone makes the verifier fetch the keys again and refuse the old one.
    expect(await verify(old)).toEqual(NOT_CURRENT);
    expect(rotated.jwksFetches).toBe(1);
  });

  it("fetches the keys once per cooldown however many tokens name unknown keys", async () => {
    const idp = await start();
    const verify = createTokenVerifier({
      issuer: idp.issuer,
      resource: RESOURCE,
      keysMaxAgeMs: 60_000,
      keysCooldownMs: 500,
    });
    expect((await verify(await tokenFor(idp, RESOURCE))).ok).toBe(true);
    expect(idp.jwksFetches).toBe(1);
    // An attacker's tokens: right issuer and audience, each naming a key id of its own that the issuer never had.
    const forged = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const key = await newSigningKey(`forged-${i}`);
        return new SignJWT({ scope: "calls:place" })
          .setProtectedHeader({ alg: "ES256", kid: `forged-${i}` })
          .setIssuer(idp.issuer)
          .setAudience(RESOURCE)
          .setSubject("mallory")
          .setExpirationTime("5m")
          .sign(await importJWK(key, "ES256"));
      }),
    );
    const checks = await Promise.all(forged.map((token) => verify(token)));
    expect(checks.every((check) => !check.ok && check.kind === "invalid")).toBe(true);
    expect(idp.jwksFetches).toBe(2);
    // And sent one after another for a while, by four workers: still one fetch per cooldown, not one per token.
    const before = idp.jwksFetches;
    const begun = Date.now();
    let sent = 0;
    await Promise.all(
      [0, 1, 2, 3].map(async (worker) => {
        for (let i = worker; Date.now() - begun < 1_200; i += 4, sent++)
          expect((await verify(forged[i % forged.length]!)).ok).toBe(false);
      }),
    );
    const periods = Math.ceil((Date.now() - begun) / 500);
    expect(sent).toBeGreaterThan(periods);
    expect(idp.jwksFetches - before).toBeLessThanOrEqual(periods + 1);
  });

  it("treats an unreachable issuer as unavailable, not as a bad token", async () => {
    const verify = createTokenVerifier({
      issuer: `http://127.0.0.1:${await closedPort()}`,
      resource: RESOURCE,
      fetchTimeoutMs: 2_000,
    });
    const check: TokenCheck = await verify("eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln");
    expect(check).toMatchObject({ ok: false, kind: "unavailable" });
  });

  for (const huge of ["metadata", "keys"] as const) {
    it(`stops reading an issuer's ${huge === "keys" ? "key set" : "metadata document"} past its size limit when no Content-Length announces it`, async () => {
      const fake = await issuerWithHugeBody(huge);
      const verify = createTokenVerifier({ issuer: fake.issuer, resource: RESOURCE, fetchTimeoutMs: 30_000 });
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: "ES256", kid: "k" })
        .setIssuer(fake.issuer)
        .setAudience(RESOURCE)
        .setSubject("mallory")
        .setExpirationTime("5m")
        .sign(await importJWK(await newSigningKey("k"), "ES256"));
      expect(await verify(token)).toMatchObject({ ok: false, kind: "unavailable" });
      // The verifier hung up: the rest of the 64 MiB was never read into memory (what the sockets buffer aside).
      await fake.ended;
      expect(fake.sent()).toBeLessThan(16 * 1024 * 1024);
    });
  }

  it("refuses a subject with invisible, direction-changing or line-separating characters, and keeps the name to one line", async () => {
    const idp = await start();
    const verify = createTokenVerifier({ issuer: idp.issuer, resource: RESOURCE });
    // An access token as RFC 9068 shapes it (typ at+jwt, iat), as the provider issues them.
    const signed = async (sub: string, name: string) =>
      new SignJWT({ scope: "calls:read", name })
        .setProtectedHeader({ alg: "ES256", kid: idp.keys[0]!.kid!, typ: "at+jwt" })
        .setIssuedAt()
        .setIssuer(idp.issuer)
        .setAudience(RESOURCE)
        .setSubject(sub)
        .setExpirationTime("5m")
        .sign(await importJWK(idp.keys[0]!, "ES256"));
    // Shown to approvers beside the call ("for Bob (bob)") and written to the audit log: "bob" reversed to read "alice" there.
    for (const sub of ["bob\u202Eecila", "bob\u200B", "bob\u2028person: alice", "bob\u2029"]) {
      expect(await verify(await signed(sub, "Bob"))).toEqual({
        ok: false,
        kind: "invalid",
        description: "The access token names no usable subject",
      });
    }
    expect(await verify(await signed("bob", "Bob\u2028Approved by: alice"))).toMatchObject({
      ok: true,
      person: { sub: "bob", name: "Bob Approved by: alice" },
    });
  });

  it("refuses an unsigned token (alg none) and an HMAC one outright", async () => {
    const idp = await start();
    const verify = createTokenVerifier({ issuer: idp.issuer, resource: RESOURCE });
    const body = Buffer.from(
      JSON.stringify({
        iss: idp.issuer,
        aud: RESOURCE,
        sub: "mallory",
        scope: "calls:place",
        exp: Math.floor(Date.now() / 1000) + 60,
      }),
    ).toString("base64url");
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${body}.`;
    const hs = `${Buffer.from('{"alg":"HS256","kid":"x"}').toString("base64url")}.${body}.c2lnbmF0dXJl`;
    expect(await verify(none)).toMatchObject({ ok: false, kind: "invalid" });
    expect(await verify(hs)).toMatchObject({ ok: false, kind: "invalid" });
  });
});
