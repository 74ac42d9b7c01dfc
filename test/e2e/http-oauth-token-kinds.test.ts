/**
 * The built server with OAuth takes access tokens only: an OpenID Connect ID
 * token the provider issued to a client whose id is this server's resource URL
 * (so its audience names this server) gets a real MCP client nowhere, 401 and
 * nothing sent. OUTBOUND_CALLS_OAUTH_TOKEN_TYP=jwt lets in a provider's
 * `typ: JWT` access tokens, not that ID token; OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S
 * refuses a token issued longer ago, whatever its expiry.
 */
import { importJWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { closedPort } from "../helpers/blackhole.js";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import type { HttpServerProcess } from "../helpers/http-server-process.js";
import { bearerClient, ID_TOKEN_REDIRECT, idTokenFor, rawToolCall } from "../helpers/oauth-client.js";
import { startIdentityProvider, type TestIdentityProvider } from "../helpers/oidc-provider.js";
import { startOAuthServer } from "../helpers/oauth-server.js";

const DIAL = { to: "+1 415 555 0100", agent_id: "agt_1", contact_name: "Dana Lee" };

let idp: TestIdentityProvider;
let upstream: FakeUpstream;
let port: number;
let resource: string;
const servers: HttpServerProcess[] = [];

beforeAll(async () => {
  port = await closedPort();
  resource = `http://127.0.0.1:${port}/mcp`;
  [idp, upstream] = await Promise.all([
    startIdentityProvider({ clients: [{ client_id: resource, redirect_uris: [ID_TOKEN_REDIRECT] }] }),
    startFakeUpstream(),
  ]);
});
afterAll(async () => {
  for (const server of servers.splice(0)) expect(await server.stop()).toBe(0);
  await Promise.all([idp?.close(), upstream?.close()]);
});

async function startServer(env: Record<string, string>): Promise<HttpServerProcess> {
  const { server } = await startOAuthServer(
    idp.issuer,
    upstream.url,
    { OUTBOUND_CALLS_CONFIRM: "never", ...env },
    port,
  );
  servers.push(server);
  return server;
}

async function stop(server: HttpServerProcess): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  expect(await server.stop()).toBe(0);
}

/** A real MCP client with this bearer token: what list_agents answers, or why it could not connect. */
async function listAgentsWith(token: string): Promise<string> {
  let client: Client | undefined;
  try {
    client = await bearerClient(resource, token);
    const answer = (await client.callTool({ name: "list_agents", arguments: {} })) as CallToolResult;
    return answer.isError ? "error answer" : "answered";
  } catch (error) {
    return error instanceof StreamableHTTPError
      ? `refused: HTTP ${error.code}: ${error.message}`
      : `failed: ${String(error)}`;
  } finally {
    await client?.close().catch(() => undefined);
  }
}

const rawDial = (server: HttpServerProcess, token: string) => rawToolCall(server.base, token, "create_call", DIAL);

/** An access token as a provider that writes `typ: JWT` issues it, signed with the provider's key. */
async function jwtTypedToken(iatAgoS: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: "calls:read calls:place" })
    .setProtectedHeader({ alg: "ES256", kid: idp.keys[0]!.kid!, typ: "JWT" })
    .setIssuer(idp.issuer)
    .setAudience(resource)
    .setSubject("carol")
    .setIssuedAt(now - iatAgoS)
    .setExpirationTime(now + 3_600)
    .sign(await importJWK(idp.keys[0]!, "ES256"));
}

describe("an ID token whose audience is this server", () => {
  it("gets no client in, and a dial with it is 401 with nothing sent", async () => {
    const server = await startServer({});
    try {
      const idToken = await idTokenFor(idp, resource);
      expect(await listAgentsWith(idToken)).toMatch(/^refused: HTTP 401: .*not an access token/);
      const raw = await rawDial(server, idToken);
      expect(raw.status).toBe(401);
      expect(raw.headers["www-authenticate"]).toMatch(
        /error="invalid_token", error_description="The token is not an access token/,
      );
      expect(upstream.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    } finally {
      await stop(server);
    }
  });
});

describe("OUTBOUND_CALLS_OAUTH_TOKEN_TYP=jwt and OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S", () => {
  it("let in a recent typ JWT access token, not the ID token nor one issued longer ago", async () => {
    const strict = await startServer({});
    const recent = await jwtTypedToken(60);
    try {
      expect(await listAgentsWith(recent)).toMatch(/^refused: HTTP 401: .*not an access token: its typ is not at\+jwt/);
    } finally {
      await stop(strict);
    }
    const server = await startServer({
      OUTBOUND_CALLS_OAUTH_TOKEN_TYP: "jwt",
      OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S: "600",
    });
    try {
      expect(await listAgentsWith(recent)).toBe("answered");
      expect(await listAgentsWith(await idTokenFor(idp, resource))).toMatch(
        /^refused: HTTP 401: .*not an access token/,
      );
      const old = await rawDial(server, await jwtTypedToken(1_200));
      expect(old.status).toBe(401);
      expect(old.headers["www-authenticate"]).toMatch(/older than 600 s/);
      expect(upstream.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    } finally {
      await stop(server);
    }
  });
});
