/**
 * The hosted server as an OAuth 2.1 resource server, against a real
 * authorization server (oidc-provider on loopback) and the SDK's own client
 * OAuth flow: discovery from the 401, dynamic registration, PKCE, a token for
 * this resource. A dial needs the placing scope; every token that is not for
 * this server, not from its issuer, not signed by a current key of it or out
 * of date is refused with 401, and nothing reaches the calling service.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SignJWT, importJWK, decodeJwt, decodeProtectedHeader } from "jose";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { closedPort } from "../helpers/blackhole.js";
import { defaultHandler, startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { mcpHeaders, rawRequest, type HttpServerProcess } from "../helpers/http-server-process.js";
import { approvalIds, decide, inboxPage } from "../helpers/inbox.js";
import { approverEnv, oidcSignIn, registerApproverClient } from "../helpers/approver-signin.js";
import { connectWithOAuth, tokenFor } from "../helpers/oauth-client.js";
import {
  newSigningKey,
  RESOURCE_SCOPES,
  startIdentityProvider,
  type TestIdentityProvider,
} from "../helpers/oidc-provider.js";
import { startOAuthServer } from "../helpers/oauth-server.js";

const DAYTIME = { OUTBOUND_CALLS_TEST_NOW: "2026-11-21T18:00:00Z" };
const DIAL = { to: "+1 415 555 0100", agent_id: "agt_1", contact_name: "Dana Lee" };

let idp: TestIdentityProvider;
let upstream: FakeUpstream;
let server: HttpServerProcess;
let publicUrl: string;

const dials = () => upstream.requests.filter((r) => r.method === "POST");

/** The server with OAuth, plus `env`, in daytime. */
const startServer = (env: Record<string, string>) => startOAuthServer(idp.issuer, upstream.url, { ...DAYTIME, ...env });

beforeAll(async () => {
  [idp, upstream] = await Promise.all([startIdentityProvider(), startFakeUpstream()]);
  ({ server, publicUrl } = await startServer({ OUTBOUND_CALLS_CONFIRM: "never" }));
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await Promise.all([idp?.close(), upstream?.close()]);
});
beforeEach(() => {
  upstream.requests.length = 0;
  upstream.handle(defaultHandler);
  idp.signIn = { sub: "alice", name: "Alice Example", scopes: RESOURCE_SCOPES.split(" ") };
  idp.accessTokenTtlS = 600;
});

/** One tools/call of create_call with this Authorization header, raw. */
const rawDial = (authorization: string | undefined) =>
  rawRequest(server.base, {
    method: "POST",
    headers: { ...mcpHeaders(null), ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "create_call", arguments: DIAL },
    }),
  });

describe("protected resource metadata and the 401", () => {
  it("publishes RFC 9728 metadata naming the issuer, this resource and the scopes", async () => {
    const answer = await rawRequest(server.base, { method: "GET", path: "/.well-known/oauth-protected-resource/mcp" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      resource: `${publicUrl}/mcp`,
      authorization_servers: [idp.issuer],
      scopes_supported: ["calls:read", "calls:read_all", "calls:place", "calls:approve", "calls:opt_out"],
      bearer_methods_supported: ["header"],
    });
    const root = await rawRequest(server.base, { method: "GET", path: "/.well-known/oauth-protected-resource" });
    expect(JSON.parse(root.body)).toEqual(JSON.parse(answer.body));
  });

  it("answers a request without a token 401 with the metadata URL and the scopes to ask for", async () => {
    const answer = await rawDial(undefined);
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toBe(
      `Bearer resource_metadata="${publicUrl}/.well-known/oauth-protected-resource/mcp", scope="calls:read calls:place"`,
    );
    expect(dials()).toHaveLength(0);
  });

  it("does not accept a shared-token style bearer (no such thing here)", async () => {
    const answer = await rawDial("Bearer tok_e2e_5c0f3a9d8b7e6f1a2b3c4d5e6f7a8b9c");
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toContain('error="invalid_token"');
    expect(dials()).toHaveLength(0);
  });
});

describe("the SDK's client OAuth flow against oidc-provider", () => {
  it("signs in, gets a token for this resource, and with the placing scope dials exactly once", async () => {
    const connection = await connectWithOAuth(`${publicUrl}/mcp`, idp);
    try {
      const asked = connection.oauth.authorizations[0]!;
      expect(asked.searchParams.get("resource")).toBe(`${publicUrl}/mcp`);
      expect(asked.searchParams.get("code_challenge_method")).toBe("S256");
      expect(asked.searchParams.get("scope")).toBe("calls:read calls:place");
      const claims = decodeJwt(connection.oauth.accessToken());
      expect(claims).toMatchObject({ iss: idp.issuer, aud: `${publicUrl}/mcp`, sub: "alice" });

      const result = (await connection.client.callTool({ name: "create_call", arguments: DIAL })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(dials()).toHaveLength(1);
      expect(dials()[0]!.path).toBe("/api/v1/calls");
    } finally {
      await connection.close();
    }
  });

  it("with a read-only token reads, but create_call is refused 403 insufficient_scope and sends nothing", async () => {
    idp.signIn = { sub: "rita", scopes: ["calls:read"] };
    const connection = await connectWithOAuth(`${publicUrl}/mcp`, idp);
    try {
      expect(decodeJwt(connection.oauth.accessToken()).scope).toBe("calls:read");
      const agents = (await connection.client.callTool({ name: "list_agents", arguments: {} })) as CallToolResult;
      expect(agents.isError).toBeFalsy();

      const raw = await rawDial(`Bearer ${connection.oauth.accessToken()}`);
      expect(raw.status).toBe(403);
      expect(raw.headers["www-authenticate"]).toBe(
        `Bearer resource_metadata="${publicUrl}/.well-known/oauth-protected-resource/mcp", error="insufficient_scope", scope="calls:read calls:place", ` +
          'error_description="This needs the scope calls:place, which the access token does not grant"',
      );
      // The SDK's client steps up: it goes back to the authorization server for the scope the 403 named.
      await expect(connection.client.callTool({ name: "create_call", arguments: DIAL })).rejects.toThrow(
        UnauthorizedError,
      );
      expect(connection.oauth.authorizations.at(-1)!.searchParams.get("scope")).toBe("calls:read calls:place");
      expect(dials()).toHaveLength(0);
    } finally {
      await connection.close();
    }
  });
  it("with a read-only token, the approval card's decision (which dials the call it approves) is refused 403 insufficient_scope", async () => {
    idp.signIn = { sub: "rita", scopes: ["calls:read"] };
    const token = await tokenFor(idp, `${publicUrl}/mcp`, "calls:read");
    const decision = { approval_id: "appr_x", secret: "s", decision: "approve", arguments: DIAL };
    const raw = await rawRequest(server.base, {
      method: "POST",
      headers: { ...mcpHeaders(null), authorization: `Bearer ${token}` },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "approval_card_decide", arguments: decision },
      }),
    });
    expect(raw.status).toBe(403);
    expect(raw.headers["www-authenticate"]).toMatch(/error="insufficient_scope", scope="calls:read calls:place"/);
    expect(dials()).toHaveLength(0);
  });
});

describe("tokens that are not good here: 401, nothing sent", () => {
  /** A real token of the provider, through the SDK's flow, for the resource the metadata names. */
  async function goodToken(): Promise<string> {
    const connection = await connectWithOAuth(`${publicUrl}/mcp`, idp);
    await connection.close();
    return connection.oauth.accessToken();
  }

  async function expectRefused(token: string, why: RegExp) {
    const answer = await rawDial(`Bearer ${token}`);
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toMatch(
      /^Bearer resource_metadata="[^"]+", scope="calls:read calls:place", error="invalid_token", error_description="[^"]+"$/,
    );
    expect(answer.headers["www-authenticate"]).toMatch(why);
    expect(dials()).toHaveLength(0);
  }

  it("refuses a token for another resource (audience)", async () => {
    // The same provider and person, a token issued for another server.
    const other = `http://127.0.0.1:${await closedPort()}/mcp`;
    const token = await tokenFor(idp, other);
    expect(decodeJwt(token)).toMatchObject({ iss: idp.issuer, aud: other });
    await expectRefused(token, /audience/);
  });

  it("refuses an expired token", async () => {
    idp.accessTokenTtlS = 1;
    const token = await goodToken();
    const exp = decodeJwt(token).exp! * 1000;
    // Past the expiry and the server's 5 s of clock tolerance.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp + 6_000 - Date.now())));
    await expectRefused(token, /expired/);
  });

  it("refuses a token of another issuer, even one signed with the same keys", async () => {
    const impostor = await startIdentityProvider({ keys: idp.keys });
    try {
      const token = await tokenFor(impostor, `${publicUrl}/mcp`);
      expect(decodeJwt(token)).toMatchObject({ iss: impostor.issuer, aud: `${publicUrl}/mcp` });
      expect(decodeProtectedHeader(token).kid).toBe(idp.keys[0]!.kid);
      await expectRefused(token, /another issuer/);
    } finally {
      await impostor.close();
    }
  });

  it("refuses a token whose signature was altered", async () => {
    const token = await goodToken();
    const [head, body, signature] = token.split(".");
    const flipped = `${signature!.slice(0, 10)}${signature![10] === "A" ? "B" : "A"}${signature!.slice(11)}`;
    await expectRefused(`${head}.${body}.${flipped}`, /signed by a current key/);
  });

  it("refuses a token signed by a key the issuer does not publish (its key id, someone else's key)", async () => {
    const token = await goodToken();
    const { kid } = decodeProtectedHeader(token);
    const forged = await new SignJWT({ ...decodeJwt(token), scope: "calls:read calls:place" })
      .setProtectedHeader({ alg: "ES256", kid: kid!, typ: "at+jwt" })
      .sign(await importJWK(await newSigningKey(kid!), "ES256"));
    await expectRefused(forged, /signed by a current key/);
  });
});

describe("a person behind every request", () => {
  let hosted: { server: HttpServerProcess; publicUrl: string };
  let auditPath: string;
  beforeAll(async () => {
    auditPath = join(mkdtempSync(join(tmpdir(), "oauth-audit-")), "audit.jsonl");
    // A person approves every dial in the inbox, signed in through the identity provider; a tool call waits 1 s for it, then answers "pending".
    const port = await closedPort();
    const approvers = await registerApproverClient(idp, [`http://127.0.0.1:${port}`]);
    hosted = await startOAuthServer(
      idp.issuer,
      upstream.url,
      {
        ...DAYTIME,
        OUTBOUND_CALLS_CONFIRM: "person",
        ...approverEnv(approvers),
        OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
        OUTBOUND_CALLS_AUDIT_LOG: auditPath,
      },
      port,
    );
  });
  afterAll(async () => {
    expect(await hosted?.server.stop()).toBe(0);
  });

  const auditLines = () =>
    readFileSync(auditPath, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it("names the person in the audit log and the inbox, and binds an approval to the person who asked", async () => {
    const url = `${hosted.publicUrl}/mcp`;
    const alice = await connectWithOAuth(url, idp);
    idp.signIn = { sub: "bob", scopes: RESOURCE_SCOPES.split(" ") };
    const bob = await connectWithOAuth(url, idp);
    try {
      const first = (await alice.client.callTool({ name: "create_call", arguments: DIAL })) as CallToolResult;
      expect(JSON.stringify(first)).toMatch(/pending|waiting/i);
      // Bob asks for exactly the same dial: an approval of his own, not Alice's.
      await bob.client.callTool({ name: "create_call", arguments: DIAL });

      expect(
        auditLines()
          .filter((l) => l.decision === "pending")
          .map((l) => [l.person, l.person_name]),
      ).toEqual([
        ["alice", "Alice Example"],
        ["bob", undefined],
      ]);

      const session = await oidcSignIn(hosted.server.base, idp, {
        sub: "olga",
        name: "Olga Approver",
        scopes: RESOURCE_SCOPES.split(" "),
      });
      const page = (await inboxPage(hosted.server.base, session)).body;
      const rows = page.split("<tr>").slice(2);
      expect(rows).toHaveLength(2);
      const aliceRow = rows.find((r) => r.includes("Alice Example (sub alice)"));
      const bobRow = rows.find((r) => r.includes("<td>sub bob</td>"));
      expect(aliceRow && bobRow).toBeTruthy();
      const aliceApproval = approvalIds(aliceRow!)[0]!;
      expect((await decide(hosted.server.base, session, aliceApproval, "approve")).status).toBeLessThan(400);

      // Alice's approval does not let Bob dial: his repeat waits on his own approval and sends nothing.
      const bobAgain = (await bob.client.callTool({ name: "create_call", arguments: DIAL })) as CallToolResult;
      expect(JSON.stringify(bobAgain)).toMatch(/pending|waiting/i);
      expect(dials()).toHaveLength(0);
      // Alice's repeat picks up her approval and dials, once.
      const aliceAgain = (await alice.client.callTool({ name: "create_call", arguments: DIAL })) as CallToolResult;
      expect(aliceAgain.isError).toBeFalsy();
      expect(dials()).toHaveLength(1);
      const dialed = auditLines().filter((l) => l.decision === "sending" || l.decision === "dialed");
      expect(dialed.map((l) => [l.decision, l.person])).toEqual([
        ["sending", "alice"],
        ["dialed", "alice"],
      ]);
    } finally {
      await Promise.all([alice.close(), bob.close()]);
    }
  });
});
