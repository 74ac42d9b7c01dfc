import { describe, expect, it } from "vitest";
import { loadHttpConfig } from "../../src/http/config.js";
import { parseOAuthConfig, parseTokenRules } from "../../src/http/oauth/config.js";
import { checkScopes, protectedResourceMetadata } from "../../src/http/oauth/resource-server.js";
import { grantedScopes, requiredScopes } from "../../src/http/oauth/scopes.js";

const ISSUER = "https://login.example.com/realms/team";
const service = { apiKeys: ["sk_live_realkey_0123456789"], timeoutMs: 15_000 };

describe("parseOAuthConfig", () => {
  it("is off without either variable", () => {
    expect(parseOAuthConfig({})).toBeUndefined();
  });

  it("makes the MCP endpoint the resource and publishes the metadata under it (RFC 9728 section 3.1)", () => {
    const config = parseOAuthConfig({
      OUTBOUND_CALLS_OAUTH_ISSUER: ISSUER,
      OUTBOUND_CALLS_PUBLIC_URL: "https://Calls.Example.com/",
    });
    expect(config).toEqual({
      issuer: ISSUER,
      resource: "https://calls.example.com/mcp",
      metadataUrl: "https://calls.example.com/.well-known/oauth-protected-resource/mcp",
      metadataPaths: ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"],
      publicHost: "calls.example.com",
    });
    expect(
      parseOAuthConfig({
        OUTBOUND_CALLS_OAUTH_ISSUER: ISSUER,
        OUTBOUND_CALLS_PUBLIC_URL: "https://calls.example.com/mcp",
      })?.resource,
    ).toBe("https://calls.example.com/mcp");
  });

  it.each([
    [{ OUTBOUND_CALLS_OAUTH_ISSUER: ISSUER }, /^OUTBOUND_CALLS_PUBLIC_URL is required/],
    [
      {
        OUTBOUND_CALLS_OAUTH_ISSUER: "http://login.example.com",
        OUTBOUND_CALLS_PUBLIC_URL: "https://calls.example.com",
      },
      /^OUTBOUND_CALLS_OAUTH_ISSUER must be an https:\/\/ URL/,
    ],
    [
      { OUTBOUND_CALLS_OAUTH_ISSUER: ISSUER, OUTBOUND_CALLS_PUBLIC_URL: "http://calls.example.com" },
      /^OUTBOUND_CALLS_PUBLIC_URL must be an https:\/\/ URL/,
    ],
    [
      { OUTBOUND_CALLS_OAUTH_ISSUER: ISSUER, OUTBOUND_CALLS_PUBLIC_URL: "calls.example.com" },
      /^OUTBOUND_CALLS_PUBLIC_URL must be this server's public URL/,
    ],
    [
      { OUTBOUND_CALLS_OAUTH_ISSUER: ISSUER, OUTBOUND_CALLS_PUBLIC_URL: "https://calls.example.com/?x=1" },
      /^OUTBOUND_CALLS_PUBLIC_URL must be .* without user, query or fragment/,
    ],
  ])("names the variable: %j", (env, message) => {
    expect(() => parseOAuthConfig(env)).toThrow(message);
  });

  it("takes the public URL alone as this server's address (no OAuth): its host and origin accepted, checked as with OAuth", () => {
    const token = { OUTBOUND_CALLS_HTTP_TOKEN: "t".repeat(40) };
    const config = loadHttpConfig(
      { ...token, OUTBOUND_CALLS_PUBLIC_URL: "https://Calls.Example.com:8443/" },
      { host: "0.0.0.0", port: 8808 },
      service,
    );
    expect(config.oauth).toBeUndefined();
    expect(config.extraHosts).toEqual(["calls.example.com:8443"]);
    expect(config.extraOrigins).toEqual(["https://calls.example.com:8443"]);
    expect(() =>
      loadHttpConfig(
        { ...token, OUTBOUND_CALLS_PUBLIC_URL: "http://calls.example.com" },
        { host: "0.0.0.0", port: 8808 },
        service,
      ),
    ).toThrow(/^OUTBOUND_CALLS_PUBLIC_URL must be an https:\/\/ URL/);
  });

  it("allows plain http on loopback only (tests, a proxy on the same machine)", () => {
    expect(
      parseOAuthConfig({
        OUTBOUND_CALLS_OAUTH_ISSUER: "http://127.0.0.1:9000",
        OUTBOUND_CALLS_PUBLIC_URL: "http://localhost:8808",
      })?.resource,
    ).toBe("http://localhost:8808/mcp");
  });

  it("replaces the shared token: both set is refused, and OAuth alone may listen beyond loopback", () => {
    const oauth = { OUTBOUND_CALLS_OAUTH_ISSUER: ISSUER, OUTBOUND_CALLS_PUBLIC_URL: "https://calls.example.com" };
    const wide = { host: "0.0.0.0", port: 8808 };
    expect(() => loadHttpConfig({ ...oauth, OUTBOUND_CALLS_HTTP_TOKEN: "a".repeat(32) }, wide, service)).toThrow(
      /OUTBOUND_CALLS_HTTP_TOKEN and OUTBOUND_CALLS_OAUTH_ISSUER are both set/,
    );
    const config = loadHttpConfig(oauth, wide, service);
    expect(config.oauth?.resource).toBe("https://calls.example.com/mcp");
    // The public host is accepted in Host without being named twice.
    expect(config.extraHosts).toEqual(["calls.example.com"]);
    expect(() => loadHttpConfig({}, wide, service)).toThrow(
      /^OUTBOUND_CALLS_HTTP_TOKEN is required .* OUTBOUND_CALLS_OAUTH_ISSUER and OUTBOUND_CALLS_PUBLIC_URL\)$/,
    );
  });
});

describe("the approvers' sign-in through the identity provider", () => {
  const oauth = { OUTBOUND_CALLS_OAUTH_ISSUER: ISSUER, OUTBOUND_CALLS_PUBLIC_URL: "https://calls.example.com/team" };
  const wide = { host: "0.0.0.0", port: 8808 };

  it("is off without a client id, and then the inbox has no way in", () => {
    expect(loadHttpConfig(oauth, wide, service).approverSignIn).toBeUndefined();
  });

  it("derives the redirect URI from the public URL; a secret is optional; self-approval is off by default", () => {
    const config = loadHttpConfig(
      { ...oauth, OUTBOUND_CALLS_APPROVER_CLIENT_ID: "approvers" },
      wide,
      service,
    ).approverSignIn;
    expect(config).toEqual({
      issuer: ISSUER,
      clientId: "approvers",
      clientSecret: undefined,
      redirectUri: "https://calls.example.com/team/approvals/callback",
      resource: "https://calls.example.com/team/mcp",
      allowSelfApproval: false,
    });
    const lenient = loadHttpConfig(
      {
        ...oauth,
        OUTBOUND_CALLS_APPROVER_CLIENT_ID: "approvers",
        OUTBOUND_CALLS_APPROVER_CLIENT_SECRET: "s3cr3t",
        OUTBOUND_CALLS_ALLOW_SELF_APPROVAL: "true",
      },
      wide,
      service,
    );
    expect(lenient.approverSignIn).toMatchObject({ clientSecret: "s3cr3t", allowSelfApproval: true });
  });

  it.each([
    [
      { ...oauth, OUTBOUND_CALLS_APPROVER_TOKEN: "a".repeat(40) },
      /^OUTBOUND_CALLS_APPROVER_TOKEN is not used with OUTBOUND_CALLS_OAUTH_ISSUER/,
    ],
    [{ OUTBOUND_CALLS_APPROVER_CLIENT_ID: "approvers" }, /^OUTBOUND_CALLS_APPROVER_CLIENT_ID needs OAuth/],
    [{ OUTBOUND_CALLS_ALLOW_SELF_APPROVAL: "true" }, /^OUTBOUND_CALLS_ALLOW_SELF_APPROVAL needs OAuth/],
    [
      { ...oauth, OUTBOUND_CALLS_APPROVER_CLIENT_SECRET: "s3cr3t" },
      /^OUTBOUND_CALLS_APPROVER_CLIENT_SECRET is set without OUTBOUND_CALLS_APPROVER_CLIENT_ID/,
    ],
    [
      { ...oauth, OUTBOUND_CALLS_APPROVER_CLIENT_ID: "two words" },
      /^OUTBOUND_CALLS_APPROVER_CLIENT_ID must be 1 to 255 printable characters/,
    ],
    [
      { ...oauth, OUTBOUND_CALLS_APPROVER_CLIENT_ID: "approvers", OUTBOUND_CALLS_APPROVER_CLIENT_SECRET: "x y" },
      /^OUTBOUND_CALLS_APPROVER_CLIENT_SECRET must be 1 to 1024/,
    ],
    [
      { ...oauth, OUTBOUND_CALLS_APPROVER_CLIENT_ID: "approvers", OUTBOUND_CALLS_ALLOW_SELF_APPROVAL: "yes" },
      /^OUTBOUND_CALLS_ALLOW_SELF_APPROVAL must be true or false/,
    ],
  ])("refuses %j", (env, message) => {
    expect(() => loadHttpConfig(env, { host: "127.0.0.1", port: 0 }, service)).toThrow(message);
  });

  it("never echoes the secret in an error", () => {
    const secret = "sec ret-value-123";
    expect(() =>
      loadHttpConfig(
        { ...oauth, OUTBOUND_CALLS_APPROVER_CLIENT_ID: "approvers", OUTBOUND_CALLS_APPROVER_CLIENT_SECRET: secret },
        wide,
        service,
      ),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining("ret-value") }));
  });
});

describe("scopes", () => {
  const call = (name: string) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: {} } });

  it("asks the placing scope of the dialing tools, the reading scope of everything that reaches the service", () => {
    expect(requiredScopes(call("create_call"))).toEqual(["calls:place"]);
    expect(requiredScopes(call("submit_batch"))).toEqual(["calls:place"]);
    for (const name of ["get_call", "list_calls", "list_agents", "a_future_tool"])
      expect(requiredScopes(call(name))).toEqual(["calls:read"]);
    expect(requiredScopes({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: "calls://c1" } })).toEqual([
      "calls:read",
    ]);
    expect(requiredScopes({ jsonrpc: "2.0", id: 1, method: "completion/complete" })).toEqual(["calls:read"]);
    for (const method of ["initialize", "ping", "tools/list", "notifications/initialized"])
      expect(requiredScopes({ jsonrpc: "2.0", method })).toEqual([]);
    // A batch needs every scope of its messages: a dial hidden behind a read is still a dial.
    expect(requiredScopes([call("get_call"), call("create_call")])).toEqual(["calls:read", "calls:place"]);
  });

  it("reads the scope claim (RFC 9068) and scp (a list, as some providers send it)", () => {
    expect(grantedScopes({ scope: "calls:read  calls:place" })).toEqual(new Set(["calls:read", "calls:place"]));
    expect(grantedScopes({ scp: ["calls:read"] })).toEqual(new Set(["calls:read"]));
    expect(grantedScopes({ scope: 42, scp: [1, "calls:place"] })).toEqual(new Set(["calls:place"]));
  });

  it("answers a missing scope with 403 insufficient_scope naming what to ask for, keeping what the token has", () => {
    const config = parseOAuthConfig({
      OUTBOUND_CALLS_OAUTH_ISSUER: ISSUER,
      OUTBOUND_CALLS_PUBLIC_URL: "https://calls.example.com",
    })!;
    const caller = { person: { sub: "rita" }, scopes: new Set(["calls:read", "openid"]) };
    expect(checkScopes(config, caller, call("get_call"))).toBeUndefined();
    const refusal = checkScopes(config, caller, call("create_call"));
    expect(refusal?.status).toBe(403);
    expect(refusal?.headers["www-authenticate"]).toBe(
      'Bearer resource_metadata="https://calls.example.com/.well-known/oauth-protected-resource/mcp", error="insufficient_scope", ' +
        'scope="calls:read calls:place", error_description="This needs the scope calls:place, which the access token does not grant"',
    );
    expect(protectedResourceMetadata(config)).toMatchObject({
      resource: "https://calls.example.com/mcp",
      authorization_servers: [ISSUER],
      scopes_supported: ["calls:read", "calls:read_all", "calls:place", "calls:approve", "calls:opt_out"],
    });
  });
});

describe("parseTokenRules", () => {
  const oauth = parseOAuthConfig({
    OUTBOUND_CALLS_OAUTH_ISSUER: ISSUER,
    OUTBOUND_CALLS_PUBLIC_URL: "https://calls.example.com",
  });

  it("takes RFC 9068 access tokens of at most a day by default, and what the operator sets", () => {
    expect(parseTokenRules({}, oauth)).toEqual({ accessTokenTyp: "at+jwt", maxTokenAgeS: 86_400 });
    expect(
      parseTokenRules({ OUTBOUND_CALLS_OAUTH_TOKEN_TYP: " JWT ", OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S: "3600" }, oauth),
    ).toEqual({ accessTokenTyp: "jwt", maxTokenAgeS: 3_600 });
    expect(parseTokenRules({ OUTBOUND_CALLS_OAUTH_TOKEN_TYP: "jwt" }, undefined)).toBeUndefined();
  });

  it.each([
    [{ OUTBOUND_CALLS_OAUTH_TOKEN_TYP: "id_token" }, /^OUTBOUND_CALLS_OAUTH_TOKEN_TYP must be at\+jwt/],
    [{ OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S: "59" }, /^OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S must be a whole number/],
    [{ OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S: "1e6" }, /^OUTBOUND_CALLS_OAUTH_MAX_TOKEN_AGE_S must be a whole number/],
  ])("names the variable: %j", (env, message) => {
    expect(() => parseTokenRules(env, oauth)).toThrow(message);
  });
});
