import { describe, expect, it } from "vitest";
import { parseArgs, UsageError } from "../../src/cli/args.js";
import { loadHttpConfig, MAX_BODY_BYTES } from "../../src/http/config.js";

const TOKEN = "a".repeat(32);
const loopback = { host: "127.0.0.1", port: 8808 };
const service = { apiKeys: ["sk_live_realkey_0123456789"], timeoutMs: 15_000 };
const load = (env: Record<string, string>, listen = loopback) => loadHttpConfig(env, listen, service);

describe("loadHttpConfig", () => {
  it("has safe defaults on loopback", () => {
    expect(load({})).toEqual({
      host: "127.0.0.1",
      port: 8808,
      token: undefined,
      rateLimit: { max: 60, windowMs: 60_000 },
      trustProxy: 0,
      allowSelfApproval: false,
      extraHosts: [],
      extraOrigins: [],
      maxBodyBytes: MAX_BODY_BYTES,
      shutdownGraceMs: 17_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 60_000,
    });
  });

  it("reads every variable", () => {
    const config = load({
      OUTBOUND_CALLS_HTTP_TOKEN: ` ${TOKEN}== `,
      OUTBOUND_CALLS_HTTP_RATE_LIMIT: "120/30",
      OUTBOUND_CALLS_HTTP_TRUST_PROXY: "2",
      OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS: "MCP.example.com, mcp.internal:8808,[::1]:9000",
      OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS: "https://App.example.com, http://localhost:3000/",
    });
    expect(config).toMatchObject({
      token: `${TOKEN}==`,
      rateLimit: { max: 120, windowMs: 30_000 },
      trustProxy: 2,
      extraHosts: ["mcp.example.com", "mcp.internal:8808", "[::1]:9000"],
      extraOrigins: ["https://app.example.com", "http://localhost:3000"],
    });
  });

  it.each(["off", "OFF", " off "])("turns the rate limit off with %j", (value) => {
    expect(load({ OUTBOUND_CALLS_HTTP_RATE_LIMIT: value }).rateLimit).toBeUndefined();
  });

  it.each(["127.0.0.1", "localhost", "::1", "[::1]", "127.1.2.3"])("runs without a token on loopback %s", (host) => {
    expect(load({}, { host, port: 0 }).token).toBeUndefined();
  });

  it.each(["0.0.0.0", "::", "10.0.0.5", "mcp.example.com", "::ffff:127.0.0.1"])(
    "refuses %s without a token, and takes it with one",
    (host) => {
      expect(() => load({}, { host, port: 8808 })).toThrow(/^OUTBOUND_CALLS_HTTP_TOKEN is required to listen on/);
      expect(load({ OUTBOUND_CALLS_HTTP_TOKEN: TOKEN }, { host, port: 8808 }).token).toBe(TOKEN);
    },
  );

  it.each<[string, Record<string, string>, RegExp]>([
    [
      "a 31-character token",
      { OUTBOUND_CALLS_HTTP_TOKEN: "a".repeat(31) },
      /^OUTBOUND_CALLS_HTTP_TOKEN must be 32 to 512/,
    ],
    ["a token too long", { OUTBOUND_CALLS_HTTP_TOKEN: "a".repeat(513) }, /^OUTBOUND_CALLS_HTTP_TOKEN must be/],
    [
      "a token with a space",
      { OUTBOUND_CALLS_HTTP_TOKEN: `${"a".repeat(20)} ${"a".repeat(20)}` },
      /^OUTBOUND_CALLS_HTTP_TOKEN must be/,
    ],
    ["a token with a quote", { OUTBOUND_CALLS_HTTP_TOKEN: `${"a".repeat(40)}"` }, /^OUTBOUND_CALLS_HTTP_TOKEN must be/],
    [
      "a token with = inside",
      { OUTBOUND_CALLS_HTTP_TOKEN: `${"a".repeat(20)}=${"a".repeat(20)}` },
      /^OUTBOUND_CALLS_HTTP_TOKEN must be/,
    ],
    [
      "the API key as token",
      { OUTBOUND_CALLS_HTTP_TOKEN: "sk_live_realkey_0123456789abcdefghij" },
      /must not be \(or contain\) the API key/,
    ],
    [
      "the API key upper-cased inside the token",
      { OUTBOUND_CALLS_HTTP_TOKEN: "tok-SK_LIVE_REALKEY_0123456789-abcdefghij" },
      /must not be \(or contain\) the API key/,
    ],
    [
      "the API key in mixed case inside the token",
      { OUTBOUND_CALLS_HTTP_TOKEN: "abcdefSk_LiVe_ReAlKeY_0123456789" },
      /must not be \(or contain\) the API key/,
    ],
    [
      "most of the API key inside the token",
      { OUTBOUND_CALLS_HTTP_TOKEN: "0000000000sk_live_realkey_012345" },
      /must not be \(or contain\) the API key/,
    ],
    ["a rate of 0", { OUTBOUND_CALLS_HTTP_RATE_LIMIT: "0/60" }, /^OUTBOUND_CALLS_HTTP_RATE_LIMIT must be/],
    ["a rate without window", { OUTBOUND_CALLS_HTTP_RATE_LIMIT: "60" }, /^OUTBOUND_CALLS_HTTP_RATE_LIMIT must be/],
    [
      "a window of a year",
      { OUTBOUND_CALLS_HTTP_RATE_LIMIT: "60/31536000" },
      /^OUTBOUND_CALLS_HTTP_RATE_LIMIT must be/,
    ],
    ["a fractional rate", { OUTBOUND_CALLS_HTTP_RATE_LIMIT: "1.5/60" }, /^OUTBOUND_CALLS_HTTP_RATE_LIMIT must be/],
    ["11 proxies", { OUTBOUND_CALLS_HTTP_TRUST_PROXY: "11" }, /^OUTBOUND_CALLS_HTTP_TRUST_PROXY must be/],
    ["true as proxy count", { OUTBOUND_CALLS_HTTP_TRUST_PROXY: "true" }, /^OUTBOUND_CALLS_HTTP_TRUST_PROXY must be/],
    [
      "a wildcard host",
      { OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS: "*.example.com" },
      /^OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS must be/,
    ],
    [
      "a URL as host",
      { OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS: "https://mcp.example.com" },
      /^OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS must be/,
    ],
    [
      "a host with a bad port",
      { OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS: "mcp.example.com:99999" },
      /^OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS must be/,
    ],
    [
      "an origin with a path",
      { OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS: "https://a.example.com/app" },
      /^OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS must be/,
    ],
    [
      "an origin without scheme",
      { OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS: "a.example.com" },
      /^OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS must be/,
    ],
    [
      "a file origin",
      { OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS: "file:///tmp" },
      /^OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS must be/,
    ],
  ])("refuses %s, naming the variable", (_label, env, message) => {
    expect(() => load(env)).toThrow(message);
  });

  it("refuses a token cut from a longer key in another case, and takes one that shares only a short run with it", () => {
    const key = "sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddccbbaa";
    const withKey = (token: string) => () =>
      loadHttpConfig({ OUTBOUND_CALLS_HTTP_TOKEN: token }, loopback, { apiKeys: [key], timeoutMs: 15_000 });
    expect(withKey(key.slice(8, 44).toUpperCase())).toThrow(/must not be \(or contain\) the API key/);
    expect(withKey(`sk_live_${"0".repeat(32)}`)).not.toThrow();
  });

  it("never quotes the token in an error", () => {
    const secret = "secret-token-with-a-space in-it-0123456789";
    expect(() => load({ OUTBOUND_CALLS_HTTP_TOKEN: secret })).toThrow();
    try {
      load({ OUTBOUND_CALLS_HTTP_TOKEN: secret });
    } catch (error) {
      expect((error as Error).message).not.toContain("secret-token");
    }
  });

  it("waits for requests in flight as long as a tool call may last, plus 2 s", () => {
    expect(loadHttpConfig({}, loopback, { apiKeys: [], timeoutMs: 60_000 }).shutdownGraceMs).toBe(62_000);
  });
});

describe("parseArgs --http", () => {
  it.each<[string[], unknown]>([
    [["--http"], { host: "127.0.0.1", port: 8808 }],
    [["--http", "--port", "0"], { host: "127.0.0.1", port: 0 }],
    [["--port", "9000", "--http", "--host", "0.0.0.0"], { host: "0.0.0.0", port: 9000 }],
    [["--http", "--host", "::1", "--sandbox", "--read-only"], { host: "::1", port: 8808 }],
  ])("%j", (argv, http) => {
    expect(parseArgs(argv)).toMatchObject({ kind: "serve", http });
  });

  it("leaves http out for stdio", () => {
    expect(parseArgs(["--sandbox"])).not.toHaveProperty("http");
  });

  it.each<[string[], RegExp]>([
    [["--host", "0.0.0.0"], /--host and --port need --http/],
    [["--http", "--port"], /--port needs a value/],
    [["--http", "--port", "--sandbox"], /--port needs a value/],
    [["--http", "--host", ""], /--host needs a value/],
    [["--http", "--port", "65536"], /from 0 to 65535/],
    [["--http", "--port", "-1"], /from 0 to 65535/],
    [["--http", "--port", "80a"], /from 0 to 65535/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
