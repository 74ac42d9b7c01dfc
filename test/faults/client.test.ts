/**
 * The HTTP client in-process, for what is easier to pin down without a child
 * process: the deadline while still connecting, the jitter, Retry-After, and the
 * key-removal walk over parsed bodies.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ApiClient,
  backoffMs,
  formatBytes,
  parseRetryAfter,
  type RequestLogEntry,
} from "../../src/service/transport/client.js";
import { startDeadline } from "../../src/service/deadline.js";
import { OutcomeUnknownError, UpstreamFaultError } from "../../src/service/errors.js";
import { Redactor } from "../../src/text/redact.js";
import { cleanServiceJson, MAX_JSON_DEPTH } from "../../src/text/clean.js";
import { startBlackhole, type Blackhole } from "../helpers/blackhole.js";
import { faults, startFaultServer, type FaultServer } from "../helpers/fault-server.js";
import { CANARY_KEY } from "../helpers/server-process.js";
import { lagProbe } from "../helpers/machine-lag.js";

const redactor = new Redactor([CANARY_KEY]);

function client(
  baseUrl: string,
  overrides: Partial<ConstructorParameters<typeof ApiClient>[0]> = {},
  log?: RequestLogEntry[],
): ApiClient {
  return new ApiClient({
    apiBaseUrl: `${baseUrl}/api/v1`,
    apiKey: CANARY_KEY,
    userAgent: "test",
    timeoutMs: 1_000,
    connectTimeoutMs: 500,
    maxResponseBytes: 1024 * 1024,
    redactor,
    onRequest: (e) => log?.push(e),
    ...overrides,
  });
}

const clients: ApiClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

describe("the deadline while a connection is still being made", () => {
  let hole: Blackhole;
  beforeAll(async () => {
    hole = await startBlackhole();
  });
  afterAll(async () => hole.close());

  // undici only sees an abort once connected (nodejs/undici#386); the client races the deadline itself.
  it.each(["GET", "POST"] as const)(
    "a %s ends at the deadline, not at a longer connect timeout, and counts as not sent",
    async (method) => {
      const log: RequestLogEntry[] = [];
      const api = client(hole.url, { connectTimeoutMs: 10_000 }, log);
      clients.push(api);
      const deadline = startDeadline(1_000);
      const probe = lagProbe();
      const t0 = performance.now();
      const call =
        method === "GET"
          ? api.get("/agents", { deadline })
          : api.post("/calls", { to: "+1" }, { deadline, idempotencyKey: "k-1", creates: "call" });
      const error = await call.then(
        () => undefined,
        (e: unknown) => e,
      );
      const ms = performance.now() - t0;
      const lagMs = probe.stop();
      expect(ms).toBeGreaterThanOrEqual(950);
      expect(ms - lagMs).toBeLessThan(1_600);
      expect(error).toBeInstanceOf(UpstreamFaultError);
      expect(error).not.toBeInstanceOf(OutcomeUnknownError);
      expect((error as Error).message).toMatch(
        /could not be reached within the 1 s deadline .*the connection was never made/,
      );
      if (method === "POST") expect((error as Error).message).toMatch(/Nothing was sent, so nothing was dialed/);
      expect(log.map((e) => e.failure)).toEqual(["still connecting"]);
    },
  );
});

describe("classification of a POST by whether writing began", () => {
  let upstream: FaultServer;
  beforeAll(async () => {
    upstream = await startFaultServer();
  });
  afterAll(async () => upstream.close());

  it("a reset after the request was written is an unknown outcome, never retried", async () => {
    upstream.reset();
    upstream.inject({ method: "POST" }, faults.resetAfterRead());
    const api = client(upstream.url);
    clients.push(api);
    await expect(
      api.post("/calls", {}, { deadline: startDeadline(1_000), idempotencyKey: "k-2", creates: "call" }),
    ).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(upstream.count({ method: "POST" })).toBe(1);
  });
});

describe("backoff", () => {
  it("is exponential with equal jitter: half fixed, half drawn from the random source", () => {
    expect(backoffMs(1, 250, () => 0)).toBe(125);
    expect(backoffMs(1, 250, () => 1)).toBe(250);
    expect(backoffMs(2, 250, () => 0)).toBe(250);
    expect(backoffMs(2, 250, () => 0.5)).toBe(375);
    expect(backoffMs(10, 250, () => 1)).toBe(4_000);
  });

  it("uses a real random source by default: waits differ between calls", () => {
    const waits = new Set(Array.from({ length: 20 }, () => Math.round(backoffMs(2, 250, Math.random))));
    expect(waits.size).toBeGreaterThan(5);
  });

  it("treats Retry-After as a floor", () => {
    expect(backoffMs(1, 250, () => 1, 2)).toBe(2_000);
    expect(backoffMs(1, 250, () => 1, 0)).toBe(250);
  });

  // Lower bounds only: a timer never fires early, but a loaded machine can make any wait longer.
  it("the client draws its waits from Math.random by default", async () => {
    const upstream = await startFaultServer();
    try {
      const attempts = async (value: number) => {
        upstream.reset();
        upstream.inject({ method: "GET" }, faults.answer(503, "down"));
        const spy = vi.spyOn(Math, "random").mockReturnValue(value);
        let draws = 0;
        try {
          const api = client(upstream.url, { timeoutMs: 5_000 });
          clients.push(api);
          await api.get("/agents", { deadline: startDeadline(5_000) }).catch(() => undefined);
          draws = spy.mock.calls.length;
        } finally {
          spy.mockRestore();
        }
        const at = upstream.requests.map((r) => r.at);
        expect(at).toHaveLength(3);
        return { draws, first: at[1]! - at[0]!, second: at[2]! - at[1]! };
      };
      const low = await attempts(0);
      expect(low.draws).toBeGreaterThanOrEqual(2);
      expect(low.first).toBeGreaterThanOrEqual(120);
      expect(low.second).toBeGreaterThanOrEqual(245);
      // Near the top of the range, the waits are the full steps: 250 ms, then 500 ms.
      const high = await attempts(0.999);
      expect(high.draws).toBeGreaterThanOrEqual(2);
      expect(high.first).toBeGreaterThanOrEqual(245);
      expect(high.second).toBeGreaterThanOrEqual(495);
    } finally {
      await upstream.close();
    }
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, caps absurd values, ignores garbage", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter(" 7 ", now)).toBe(7);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("99999999999", now)).toBe(86_400);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it("formats sizes for the model", () => {
    expect(formatBytes(1024 * 1024)).toBe("1 MiB");
    expect(formatBytes(2048)).toBe("2 KiB");
    expect(formatBytes(1500)).toBe("1500 bytes");
  });
});

describe("key removal over parsed bodies", () => {
  it("reaches every string and key, in any case, and URL-encoded", () => {
    const body = JSON.parse(
      JSON.stringify({
        a: CANARY_KEY,
        [CANARY_KEY]: [CANARY_KEY.toUpperCase(), { b: `x ${encodeURIComponent(CANARY_KEY)} y` }],
        n: 1,
        t: true,
        z: null,
      }),
    );
    const out = cleanServiceJson(body, redactor);
    expect(JSON.stringify(out).toLowerCase()).not.toContain(CANARY_KEY.toLowerCase());
    expect(out).toEqual({
      a: "[redacted]",
      "[redacted]": ["[redacted]", { b: "x [redacted] y" }],
      n: 1,
      t: true,
      z: null,
    });
  });

  it("stops at a fixed depth instead of overflowing the stack on hostile nesting", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}"${CANARY_KEY}"${"]".repeat(100_000)}`);
    const out = cleanServiceJson(deep, redactor);
    let node: unknown = out;
    let depth = 0;
    while (Array.isArray(node)) {
      node = node[0];
      depth++;
    }
    expect(depth).toBe(MAX_JSON_DEPTH);
    expect(node).toBe("[nested too deep]");
  });

  it("keeps a __proto__ key as a plain field: it never becomes the prototype", () => {
    const body = JSON.parse('{"id":"c1","__proto__":{"status":"completed","polluted":true}}');
    for (const out of [cleanServiceJson(body, redactor)] as Array<Record<string, unknown>>) {
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      expect((out as { polluted?: unknown }).polluted).toBeUndefined();
      expect(Object.keys(out)).toEqual(["id", "__proto__"]);
      expect(JSON.parse(JSON.stringify(out))).toEqual(body);
    }
  });
});

describe("the service's request id", () => {
  let upstream: FaultServer;
  beforeAll(async () => {
    upstream = await startFaultServer();
  });
  afterAll(async () => upstream.close());

  // Request ids are header text: cleaned before they are shown. A read's answer never shows one, so it is not cleaned
  // there (that was a tenth of the server's own work on a get_call); a POST's, for the audit line, and the debug log
  // line's, when read, are.
  it("is cleaned for a POST's answer and for the log line when read, not on every read", async () => {
    const id = `req_${CANARY_KEY}_7`;
    upstream.inject({}, async (ctx) => {
      await ctx.readBody();
      ctx.res.writeHead(ctx.req.method === "POST" ? 201 : 200, {
        "content-type": "application/json",
        "x-request-id": id,
      });
      ctx.res.end(JSON.stringify({ data: { id: "call_1", status: "queued" } }));
    });
    const spy = new Redactor([CANARY_KEY]);
    const cleaned: string[] = [];
    const redact = spy.redact.bind(spy);
    spy.redact = (text: string) => {
      cleaned.push(text);
      return redact(text);
    };
    const log: RequestLogEntry[] = [];
    const api = client(upstream.url, { redactor: spy }, log);
    clients.push(api);

    const read = await api.get("/calls/call_1", { deadline: startDeadline(5_000) });
    expect(read.body).toEqual({ data: { id: "call_1", status: "queued" } });
    expect("requestId" in read).toBe(false);
    expect(cleaned.filter((t) => t.includes(CANARY_KEY))).toEqual([]);
    // The log line's request id, when read, is cleaned then.
    expect(log[0]?.requestId).toBe("req_[redacted]_7");
    expect(cleaned.filter((t) => t.includes(CANARY_KEY))).toHaveLength(1);

    const created = await api.post(
      "/calls",
      { to: "+14155550100" },
      { deadline: startDeadline(5_000), idempotencyKey: "k-2", creates: "call" },
    );
    expect(created.requestId).toBe("req_[redacted]_7");
    expect(log[1]?.requestId).toBe("req_[redacted]_7");
    expect(JSON.stringify(created)).not.toContain(CANARY_KEY);
  });
});

describe("where a request goes", () => {
  // Plain paths skip parsing a URL per request (docs/performance.md); the path on the wire must be the one URL gives.
  it("every path and query reaches the service as URL parsing writes it, under a base URL with a path of its own", async () => {
    const seen: string[] = [];
    const { createServer } = await import("node:http");
    const server = createServer((req, res) => {
      seen.push(req.url ?? "");
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/svc%20a/x`;
    const api = client(base);
    clients.push(api);
    const cases: Array<[string, Record<string, string | number | undefined> | undefined]> = [
      ["/calls/call_8f2k3", undefined],
      ["/agents", { limit: undefined }],
      ["/calls/a b", undefined],
      ["/calls/a.b/../c", undefined],
      ["/calls/%2e%2e", undefined],
      ["/calls/é", undefined],
      ["/calls", { limit: 5, status: "x y&z=1" }],
    ];
    try {
      for (const [path, query] of cases)
        await api.get(path, { deadline: startDeadline(5_000), ...(query ? { query } : {}) });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const expected = cases.map(([path, query]) => {
      const url = new URL(`${base}/api/v1${path}`);
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      return url.pathname + url.search;
    });
    expect(seen).toEqual(expected);
    expect(seen[0]).toBe("/svc%20a/x/api/v1/calls/call_8f2k3");
    expect(seen[6]).toBe("/svc%20a/x/api/v1/calls?limit=5&status=x+y%26z%3D1");
  });
});
