import { describe, expect, it } from "vitest";
import { bearerChecker } from "../../src/http/auth.js";
import { clientAddress } from "../../src/http/client-address.js";
import { makeHostCheck } from "../../src/http/host-check.js";
import { countToolCalls } from "../../src/http/mcp-endpoint.js";
import { RateLimiter } from "../../src/http/rate-limit.js";

describe("bearerChecker", () => {
  const check = bearerChecker("t".repeat(40));
  it.each<[string | undefined, string]>([
    [`Bearer ${"t".repeat(40)}`, "ok"],
    [`bearer ${"t".repeat(40)}`, "ok"],
    [`BEARER   ${"t".repeat(40)} `, "ok"],
    [undefined, "missing"],
    ["", "missing"],
    [`Bearer ${"t".repeat(39)}`, "invalid"],
    [`Bearer ${"t".repeat(41)}`, "invalid"],
    [`Bearer ${"t".repeat(40)} extra`, "invalid"],
    [`Basic ${"t".repeat(40)}`, "invalid"],
    ["t".repeat(40), "invalid"],
    ["Bearer", "invalid"],
  ])("%j -> %s", (header, expected) => {
    expect(check(header)).toBe(expected);
  });
});

describe("clientAddress", () => {
  it.each<[string | undefined, string | string[] | undefined, number, string]>([
    ["10.0.0.9", "1.1.1.1", 0, "10.0.0.9"],
    ["::ffff:10.0.0.9", undefined, 0, "10.0.0.9"],
    ["10.0.0.9", "1.1.1.1", 1, "1.1.1.1"],
    ["10.0.0.9", "6.6.6.6, 1.1.1.1", 1, "1.1.1.1"],
    ["10.0.0.9", "6.6.6.6, 1.1.1.1, 10.0.0.8", 2, "1.1.1.1"],
    ["10.0.0.9", ["6.6.6.6", "1.1.1.1"], 1, "1.1.1.1"],
    ["10.0.0.9", "1.1.1.1", 5, "1.1.1.1"],
    ["10.0.0.9", undefined, 1, "10.0.0.9"],
    ["10.0.0.9", " , ", 1, "10.0.0.9"],
    ["10.0.0.9", "2001:DB8::1", 1, "2001:db8::1"],
    [undefined, undefined, 0, "unknown"],
  ])("socket %j, X-Forwarded-For %j, %i hops -> %s", (socket, xff, hops, expected) => {
    expect(clientAddress(socket, xff, hops)).toBe(expected);
  });
});

describe("makeHostCheck", () => {
  const check = makeHostCheck({ bindHost: "127.0.0.1", port: 8808, extraHosts: ["mcp.example.com", "proxy.internal:9000"], extraOrigins: ["https://app.example.com"] });
  it.each<[string | undefined, string | undefined, boolean]>([
    ["127.0.0.1:8808", undefined, true],
    ["localhost:8808", undefined, true],
    ["[::1]:8808", undefined, true],
    ["LocalHost:8808", "http://LOCALHOST:8808", true],
    ["mcp.example.com", undefined, true],
    ["mcp.example.com:443", "https://app.example.com", true],
    ["proxy.internal:9000", undefined, true],
    ["127.0.0.1:8808", "http://127.0.0.1:8808", true],
    ["127.0.0.1:8808", "http://[::1]:8808", true],
    [undefined, undefined, false],
    ["", undefined, false],
    ["127.0.0.1", undefined, false],
    ["127.0.0.1:8809", undefined, false],
    ["evil.example.com:8808", undefined, false],
    ["127.0.0.1.nip.io:8808", undefined, false],
    ["proxy.internal:9001", undefined, false],
    ["proxy.internal", undefined, false],
    ["127.0.0.1:8808", "http://evil.example.com", false],
    ["127.0.0.1:8808", "null", false],
    ["127.0.0.1:8808", "https://127.0.0.1:8808", false],
    ["127.0.0.1:8808", "http://127.0.0.1:8809", false],
    ["127.0.0.1:8808@evil.example.com", undefined, false],
  ])("Host %j Origin %j -> %s", (host, origin, allowed) => {
    expect(check(host, origin) === undefined).toBe(allowed);
  });

  it("accepts the bound address when it is not loopback, and nothing more for a wildcard", () => {
    const lan = makeHostCheck({ bindHost: "10.0.0.5", port: 80, extraHosts: [], extraOrigins: [] });
    expect(lan("10.0.0.5", undefined)).toBeUndefined();
    expect(lan("10.0.0.5:80", "http://10.0.0.5")).toBeUndefined();
    const refused = "Host header not allowed (DNS-rebinding protection); if clients reach this server under another name, add it to OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS";
    expect(lan("10.0.0.6", undefined)).toBe(refused);
    const all = makeHostCheck({ bindHost: "0.0.0.0", port: 8808, extraHosts: [], extraOrigins: [] });
    expect(all("0.0.0.0:8808", undefined)).toBe(refused);
    expect(all("localhost:8808", undefined)).toBeUndefined();
    const v6 = makeHostCheck({ bindHost: "::1", port: 8808, extraHosts: [], extraOrigins: [] });
    expect(v6("[::1]:8808", undefined)).toBeUndefined();
  });
});

describe("RateLimiter", () => {
  it("allows max calls per window, then tells how long to wait", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(3, 60_000, () => now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 60 });
    now += 59_500;
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take("b")).toEqual({ ok: true });
    now += 500;
    expect(limiter.take("a")).toEqual({ ok: true });
  });

  it("refuses a batch that does not fit, without spending any of it", () => {
    const limiter = new RateLimiter(3, 1_000, () => 0);
    expect(limiter.take("a", 2)).toEqual({ ok: true });
    expect(limiter.take("a", 2).ok).toBe(false);
    expect(limiter.take("a", 1)).toEqual({ ok: true });
  });

  it("forgets clients whose window ended, so memory does not grow with clients seen", () => {
    let now = 0;
    const limiter = new RateLimiter(1, 1_000, () => now);
    for (let i = 0; i < 10_000; i++) limiter.take(`client-${i}`);
    expect(limiter.size).toBe(10_000);
    now += 1_000;
    limiter.take("late");
    expect(limiter.size).toBe(1);
  });
});

describe("countToolCalls", () => {
  it.each<[unknown, number]>([
    [{ jsonrpc: "2.0", id: 1, method: "tools/call" }, 1],
    [{ jsonrpc: "2.0", id: 1, method: "tools/list" }, 0],
    [[{ method: "tools/call" }, { method: "tools/call" }, { method: "ping" }], 2],
    [null, 0],
    ["tools/call", 0],
    [[], 0],
  ])("%j -> %i", (body, n) => {
    expect(countToolCalls(body)).toBe(n);
  });
});
