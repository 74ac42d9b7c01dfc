import { describe, expect, it } from "vitest";
import { bearerChecker } from "../../src/http/auth.js";
import { clientAddress } from "../../src/http/client-address.js";
import { makeHostCheck } from "../../src/web/host-check.js";
import { countServiceRequests } from "../../src/http/counted-requests.js";
import { MemoryStore } from "../../src/guards/store/memory.js";

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
    ["10.0.0.9", "2001:DB8::1", 1, "2001:db8::/56"],
    ["2001:db8:0:12ff:1::9", undefined, 0, "2001:db8:0:1200::/56"],
    ["10.0.0.9", "2001:db8:0:13ff::1", 1, "2001:db8:0:1300::/56"],
    ["::1", undefined, 0, "::/56"],
    ["10.0.0.9", "not-an-address", 1, "not-an-address"],
    ["10.0.0.9", "1.1.1.1:51234", 1, "1.1.1.1"],
    ["10.0.0.9", "[2001:db8::1]:443", 1, "2001:db8::/56"],
    ["10.0.0.9", "[::ffff:1.1.1.1]", 1, "1.1.1.1"],
    [undefined, undefined, 0, "unknown"],
  ])("socket %j, X-Forwarded-For %j, %i hops -> %s", (socket, xff, hops, expected) => {
    expect(clientAddress(socket, xff, hops)).toBe(expected);
  });
});

describe("makeHostCheck", () => {
  const check = makeHostCheck({
    bindHost: "127.0.0.1",
    port: 8808,
    extraHosts: ["mcp.example.com", "proxy.internal:9000"],
    extraOrigins: ["https://app.example.com"],
  });
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
    const refused =
      "Host header not allowed (DNS-rebinding protection); if clients reach this server under another name, add it to OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS";
    expect(lan("10.0.0.6", undefined)).toBe(refused);
    const all = makeHostCheck({ bindHost: "0.0.0.0", port: 8808, extraHosts: [], extraOrigins: [] });
    expect(all("0.0.0.0:8808", undefined)).toBe(refused);
    expect(all("localhost:8808", undefined)).toBeUndefined();
    const v6 = makeHostCheck({ bindHost: "::1", port: 8808, extraHosts: [], extraOrigins: [] });
    expect(v6("[::1]:8808", undefined)).toBeUndefined();
  });
});

describe("the memory store's rate counter (what --http limits with)", () => {
  const MINUTE = 60_000;
  const T0 = 1_000 * MINUTE;

  it("allows max requests per window, then tells how long to wait", async () => {
    const rates = new MemoryStore().rates;
    const take = (client: string, now: number) => rates.take(client, 1, 3, MINUTE, now);
    expect([await take("a", T0), await take("a", T0), await take("a", T0)]).toEqual([
      { ok: true },
      { ok: true },
      { ok: true },
    ]);
    expect(await take("a", T0)).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(await take("a", T0 + 59_500)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(await take("b", T0 + 59_500)).toEqual({ ok: true });
    expect(await take("a", T0 + MINUTE)).toEqual({ ok: true });
  });

  it("refuses a batch that does not fit, without spending any of it", async () => {
    const rates = new MemoryStore().rates;
    expect(await rates.take("a", 2, 3, 1_000, 0)).toEqual({ ok: true });
    expect((await rates.take("a", 2, 3, 1_000, 0)).ok).toBe(false);
    expect(await rates.take("a", 1, 3, 1_000, 0)).toEqual({ ok: true });
  });

  it("forgets clients whose window ended, so memory does not grow with clients seen", async () => {
    const rates = new MemoryStore().rates;
    for (let i = 0; i < 10_000; i++) await rates.take(`client-${i}`, 1, 1, 1_000, 0);
    expect(rates.size).toBe(10_000);
    await rates.take("late", 1, 1, 1_000, 1_000);
    expect(rates.size).toBe(1);
  });
});

describe("countServiceRequests", () => {
  it.each<[unknown, number]>([
    [{ jsonrpc: "2.0", id: 1, method: "tools/call" }, 1],
    [{ jsonrpc: "2.0", id: 1, method: "resources/read" }, 1],
    [{ jsonrpc: "2.0", id: 1, method: "resources/list" }, 1],
    [{ jsonrpc: "2.0", id: 1, method: "completion/complete" }, 1],
    [{ jsonrpc: "2.0", id: 1, method: "some/new/method" }, 1],
    [{ jsonrpc: "2.0", id: 1, method: 42 }, 1],
    [{ jsonrpc: "2.0", id: 1, method: "tools/list" }, 0],
    [{ jsonrpc: "2.0", id: 1, method: "resources/templates/list" }, 0],
    [{ jsonrpc: "2.0", method: "notifications/cancelled" }, 0],
    [{ jsonrpc: "2.0", id: 1, result: {} }, 0],
    [[{ method: "tools/call" }, { method: "resources/read" }, { method: "ping" }], 2],
    [Array.from({ length: 50 }, () => ({ method: "resources/read" })), 50],
    [null, 0],
    ["tools/call", 0],
    [[], 0],
  ])("%j -> %i", (body, n) => {
    expect(countServiceRequests(body)).toBe(n);
  });
});
