/** OUTBOUND_CALLS_REDIS_URL and OUTBOUND_CALLS_REDIS_PREFIX: parsed, validated, and never printed. */
import { inspect } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env.js";
import { ConfigurationError } from "../../src/config/errors.js";

const BASE = { OUTBOUND_CALLS_API_KEY: "sk_test_CANARY_123456", OUTBOUND_CALLS_BASE_URL: "https://app.example.com" };
const SECRET = "Hunter2-redis-Secret";

function load(over: Record<string, string>) {
  return loadConfig({ ...BASE, ...over });
}

function refusal(over: Record<string, string>): ConfigurationError {
  try {
    load(over);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error("loadConfig accepted the environment");
}

/** Every printed form of the error, none of which may hold the password. */
function printed(error: Error): string {
  return [error.message, String(error), error.stack ?? "", inspect(error, { depth: 5 }), JSON.stringify(error)].join(
    "\n",
  );
}

describe("OUTBOUND_CALLS_REDIS_URL", () => {
  it("unset or blank: the state stays in process memory", () => {
    expect(load({}).redis).toBeUndefined();
    expect(load({ OUTBOUND_CALLS_REDIS_URL: "  " }).redis).toBeUndefined();
  });

  it("reads host, port, database, TLS and keeps the URL whole for the client", () => {
    expect(load({ OUTBOUND_CALLS_REDIS_URL: "redis://127.0.0.1:6379/2" }).redis).toEqual({
      url: "redis://127.0.0.1:6379/2",
      tls: false,
      where: "127.0.0.1:6379",
      database: 2,
      prefix: "obc:",
      connectTimeoutMs: 2_000,
      commandTimeoutMs: 1_000,
    });
    const tls = load({ OUTBOUND_CALLS_REDIS_URL: ` rediss://app:${SECRET}@cache.internal ` }).redis;
    expect(tls).toMatchObject({
      url: `rediss://app:${SECRET}@cache.internal`,
      tls: true,
      where: "cache.internal:6379",
      database: 0,
    });
    expect(load({ OUTBOUND_CALLS_REDIS_URL: "redis://[::1]:7000" }).redis).toMatchObject({ where: "[::1]:7000" });
  });

  it.each([
    ["http://cache:6379", "must start with redis:// or rediss://"],
    ["cache:6379", "must start with redis:// or rediss://"],
    ["not a url", "contains white space"],
    ["redis://", "has no host"],
    ["redis://cache:6379/abc", "names a database that is not a number"],
    ["redis://cache:6379/99999999", "names a database that is not a number"],
    ["redis://cache:6379/0?password=x", "must not carry a query"],
    ["redis://cache:6379/0#x", "must not carry a query or a fragment"],
    ["redis://cache:99999", "is not a URL"],
  ])("refuses %s, naming the variable", (url, why) => {
    const error = refusal({ OUTBOUND_CALLS_REDIS_URL: url });
    expect(error.message).toMatch(/^OUTBOUND_CALLS_REDIS_URL /);
    expect(error.message).toContain(why);
  });

  it("never prints the password, however the URL is wrong", () => {
    const wrong = [
      `http://user:${SECRET}@cache:6379`,
      `redis://user:${SECRET}@cache:6379/x`,
      `redis://user:${SECRET}@cache:6379/0?a=b`,
      `redis://user:${SECRET}@cache:notaport`,
      `redis://user:${SECRET}%zz@cache:6379`,
      `redis://user:${SECRET} @cache`,
      `${SECRET}`,
    ];
    for (const url of wrong) {
      const error = refusal({ OUTBOUND_CALLS_REDIS_URL: url });
      expect(printed(error)).not.toContain(SECRET);
    }
  });

  it("never prints any password in a URL it refuses (property)", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9]{8,30}$/),
        fc.constantFrom("http", "redis", "rediss"),
        fc.constantFrom("/x", "/0?q", "#f", ":bad", ""),
        (password, scheme, tail) => {
          // A password that is a word the refusal prints anyway (its text, or "property" in the stack) proves nothing.
          let without = "";
          try {
            load({ OUTBOUND_CALLS_REDIS_URL: `${scheme}://u:${"-".repeat(password.length)}@h${tail}` });
          } catch (error) {
            without = printed(error as Error);
          }
          fc.pre(!without.includes(password));
          try {
            load({ OUTBOUND_CALLS_REDIS_URL: `${scheme}://u:${password}@h${tail}` });
          } catch (error) {
            expect(printed(error as Error)).not.toContain(password);
          }
        },
      ),
    );
  });
});

describe("OUTBOUND_CALLS_REDIS_PREFIX", () => {
  it("defaults to obc: and takes a hash tag for Redis Cluster", () => {
    expect(load({ OUTBOUND_CALLS_REDIS_URL: "redis://cache" }).redis?.prefix).toBe("obc:");
    expect(
      load({ OUTBOUND_CALLS_REDIS_URL: "redis://cache", OUTBOUND_CALLS_REDIS_PREFIX: "{calls-prod}:" }).redis?.prefix,
    ).toBe("{calls-prod}:");
  });

  it.each(["has space", "x".repeat(65), "a*b", "ünï:"])("refuses %j, naming the variable", (prefix) => {
    expect(refusal({ OUTBOUND_CALLS_REDIS_URL: "redis://cache", OUTBOUND_CALLS_REDIS_PREFIX: prefix }).message).toMatch(
      /^OUTBOUND_CALLS_REDIS_PREFIX must be/,
    );
  });
});
